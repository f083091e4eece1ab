/**
 * What review decisions do to a project's results (kind `result`, subject id = project id; decision
 * 0005). A submission moves the project 测绘中 → 成果已提交 the first time and logs a resubmission
 * after a return; an approval (every required item adopted, acceptance.ts) moves it 成果已提交 → 已验收
 * (the verdict then issues the certificate, acceptance.ts); a rejection logs the opinion, and the agency's account and the owner
 * are told of both outcomes (the engine already tells the applicant and the reviewers).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { ReviewItemSources } from '@server/db/review-items';
import { projectDemands, projects, reviewItems } from '@server/db/schema';
import { refreshCreditScores } from '@server/modules/credit';
import { sendMessage } from '@server/modules/messages';
import { logProjectEvent, moveProject } from '@server/modules/projects';
import type { ReviewHookContext, ReviewHooks } from '@server/modules/review';
import { auditStatus, auditSubject, projectStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { beijingDate } from '@shared/validation/jobs';
import { loadRef } from './project';

const RESULT = auditSubject.code.result;

export async function applyAcceptance(hook: ReviewHookContext): Promise<void> {
  if (hook.decision === 'transfer' || hook.decision === 'withdraw') return;
  const ref = await loadRef(hook.tx, hook.subjectId);
  if (!ref) throw new AppError('not_found', { message: '审核对象不存在或已被删除' });
  const setDemands = (status: number) =>
    hook.tx
      .update(projectDemands)
      .set({ status, updatedAt: hook.at })
      .where(inArray(projectDemands.pkid, ref.demandIds));
  const tell = async (userId: number | null, content: string, link: string) => {
    if (userId !== null) await sendMessage(hook.tx, { toUserId: userId, content, link, at: hook.at });
  };
  if (hook.to === auditStatus.code.pending) {
    if (ref.status === projectStatus.code.surveying) {
      await moveProject(hook.tx, {
        projectId: ref.projectId,
        at: hook.at,
        to: projectStatus.code.resultSubmitted,
        actor: hook.actor,
        content: '提交测绘成果验收',
      });
      await setDemands(projectStatus.code.resultSubmitted);
    } else {
      await logProjectEvent(hook.tx, {
        projectId: ref.projectId,
        at: hook.at,
        actor: hook.actor,
        content: '修改后重新提交测绘成果验收',
      });
    }
    return;
  }
  if (hook.to === auditStatus.code.approved) {
    await moveProject(hook.tx, {
      projectId: ref.projectId,
      at: hook.at,
      to: projectStatus.code.accepted,
      actor: hook.actor,
      content: '测绘成果验收通过',
    });
    await setDemands(projectStatus.code.accepted);
    await tell(
      ref.agencyUserId,
      `项目“${ref.projectName}”测绘成果已全部采纳，项目已验收`,
      `/workflow/caseadd?projectId=${ref.projectId}`,
    );
    await tell(ref.ownerUserId, `项目“${ref.projectName}”测绘成果已验收`, '/workflow/progressQuery');
    await recountAgency(hook, ref, `成果验收通过（项目“${ref.projectName}”）`);
    return;
  }
  if (hook.to === auditStatus.code.rejected) {
    await logProjectEvent(hook.tx, {
      projectId: ref.projectId,
      at: hook.at,
      actor: hook.actor,
      content: `测绘成果验收退回：${hook.opinion ?? ''}`,
    });
    await tell(
      ref.agencyUserId,
      `项目“${ref.projectName}”有测绘成果被退回，请修改后重新提交`,
      `/workflow/caseadd?projectId=${ref.projectId}`,
    );
    await tell(
      ref.ownerUserId,
      `项目“${ref.projectName}”测绘成果验收退回中介机构修改`,
      '/workflow/progressQuery',
    );
    await recountAgency(hook, ref, `成果验收退回（项目“${ref.projectName}”）`);
  }
}

/** An acceptance decision counts in the agency's credit score (its audit record is written already). */
async function recountAgency(hook: ReviewHookContext, ref: { organizationId: number }, cause: string) {
  await refreshCreditScores(hook.tx, {
    scope: { organizationId: ref.organizationId },
    today: beijingDate(hook.at),
    at: hook.at,
    cause,
  });
}

/**
 * Project acceptances as review items, for the name a reviewer's to-do shows (the project's). The
 * join keeps only projects already under acceptance, so the seed's backfill adds nothing for this
 * kind (every such project has its item, written by the submission).
 */
export const resultReviewItems: ReviewItemSources = {
  [RESULT]: {
    table: projects,
    join: {
      table: reviewItems,
      on: and(eq(reviewItems.subjectType, RESULT), eq(reviewItems.subjectId, projects.pkid))!,
    },
    id: projects.pkid,
    applicant: reviewItems.applicantId,
    submitted: reviewItems.submittedAt,
    decided: reviewItems.decidedAt,
    name: projects.projectName,
    project: projects.pkid,
  },
};

export const resultReviewHooks: ReviewHooks = {
  [RESULT]: applyAcceptance,
};
