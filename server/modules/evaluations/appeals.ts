/**
 * Appeals (shared/domain/evaluations.ts): the evaluated party appeals an evaluation once, within
 * APPEAL_WORKING_DAYS, with a reason; the appeal goes to the authority through the review workflow
 * (kind `<kind>_appeal`, the evaluation as subject). Approving it upholds the appeal: the evaluation is
 * withdrawn (it stays on record, marked, and counts no more); rejecting it dismisses the appeal. The
 * engine writes the timeline and tells the appellant; the hook below records the outcome and recounts
 * the agency's credit score when an smo or smd evaluation is withdrawn.
 */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { constructionSatisfaction, evaluationAppeals, evaluations } from '@server/db/schema';
import type { SessionUser } from '@server/lib/session-user';
import { refreshCreditScores } from '@server/modules/credit';
import {
  decideIn,
  openReview,
  requireSubjectRow,
  type ReviewHookContext,
  type ReviewHooks,
} from '@server/modules/review';
import type { EvaluationDetail } from '@shared/calls/evaluations';
import {
  appealSubjects,
  evaluationKindLabels,
  evaluationKinds,
  type EvaluationKind,
} from '@shared/domain/evaluations';
import { auditStatus } from '@shared/domain/statuses';
import { beijingDate } from '@shared/domain/working-days';
import { AppError } from '@shared/errors/app-error';
import {
  evaluationMessages as m,
  type AppealDecisionInput,
  type AppealInput,
} from '@shared/validation/evaluations';
import { anyEvaluation, appealUntil, evaluationDetail, isEvaluatedParty } from './reads';

export async function appealEvaluation(
  ctx: AppContext,
  user: SessionUser,
  input: AppealInput,
): Promise<EvaluationDetail> {
  const now = ctx.services.now();
  await ctx.db.transaction(async (tx) => {
    const row = await anyEvaluation(tx, user, input.kind, input.id);
    if (!(await isEvaluatedParty(tx, user, row)))
      throw new AppError('forbidden', { message: m.notAppellant });
    const until = await appealUntil(tx, row);
    if (beijingDate(now) > until) throw new AppError('conflict', { message: m.appealLate(until) });
    const [saved] = await tx
      .insert(evaluationAppeals)
      .values({
        kind: input.kind,
        evaluationId: input.id,
        reason: input.reason,
        appellantId: user.pkid,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ pkid: evaluationAppeals.pkid });
    if (!saved) throw new AppError('conflict', { message: m.appealed });
    const subjectType = appealSubjects[input.kind];
    await openReview(tx, { subjectType, subjectId: input.id, applicantId: user.pkid });
    await decideIn(ctx, tx, user, { subjectType, subjectId: input.id, decision: 'submit' });
  });
  return evaluationDetail(ctx.db, user, input.kind, input.id, now);
}

export async function decideAppeal(
  ctx: AppContext,
  user: SessionUser,
  input: AppealDecisionInput,
): Promise<EvaluationDetail> {
  await ctx.db.transaction(async (tx) => {
    // The authority sees every evaluation; the read also answers 404 for an unknown one.
    await anyEvaluation(tx, user, input.kind, input.id);
    await decideIn(ctx, tx, user, {
      subjectType: appealSubjects[input.kind],
      subjectId: input.id,
      decision: input.decision,
      ...(input.opinion ? { opinion: input.opinion } : {}),
      ...(input.version !== undefined ? { version: input.version } : {}),
    });
  });
  return evaluationDetail(ctx.db, user, input.kind, input.id, ctx.services.now());
}

/** The agency whose credit an evaluation of `kind` counts for (con is about the owner: none). */
async function creditedAgency(tx: Queryable, kind: EvaluationKind, id: number): Promise<number | null> {
  if (kind === 'con') return null;
  const [row] =
    kind === 'smo'
      ? await tx
          .select({ organizationId: constructionSatisfaction.organizationId })
          .from(constructionSatisfaction)
          .where(eq(constructionSatisfaction.pkid, id))
      : await tx
          .select({ organizationId: evaluations.organizationId })
          .from(evaluations)
          .where(eq(evaluations.pkid, id));
  return row?.organizationId ?? null;
}

async function applyAppealDecision(hook: ReviewHookContext, kind: EvaluationKind): Promise<void> {
  if (hook.to !== auditStatus.code.approved && hook.to !== auditStatus.code.rejected) return;
  const upheld = hook.to === auditStatus.code.approved;
  const rows = await hook.tx
    .update(evaluationAppeals)
    .set({ outcome: upheld ? 'upheld' : 'dismissed', decidedAt: hook.at })
    .where(and(eq(evaluationAppeals.kind, kind), eq(evaluationAppeals.evaluationId, hook.subjectId)))
    .returning({ pkid: evaluationAppeals.pkid });
  requireSubjectRow(rows);
  const organizationId = upheld ? await creditedAgency(hook.tx, kind, hook.subjectId) : null;
  if (organizationId !== null)
    await refreshCreditScores(hook.tx, {
      scope: { organizationId },
      today: beijingDate(hook.at),
      at: hook.at,
      cause: `评价申诉成立（${evaluationKindLabels[kind]}）`,
    });
}

export const evaluationReviewHooks: ReviewHooks = Object.fromEntries(
  evaluationKinds.map((kind) => [
    appealSubjects[kind],
    (hook: ReviewHookContext) => applyAppealDecision(hook, kind),
  ]),
);
