/**
 * Appeals (shared/domain/evaluations.ts): the evaluated party appeals an evaluation once, within
 * APPEAL_WORKING_DAYS, with a reason; the appeal goes to the authority through the review workflow
 * (kind `<kind>_appeal`, the evaluation as subject). Approving it upholds the appeal: the evaluation is
 * withdrawn (it stays on record, marked, and counts no more); rejecting it dismisses the appeal. The
 * engine writes the appeal's timeline and tells the appellant; the hook below records the outcome, and
 * for an upheld appeal writes the withdrawal on the evaluated party's timeline and recounts the
 * agency's credit score (smo, smd).
 */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import { evaluationAppeals } from '@server/db/schema';
import type { SessionUser } from '@server/lib/session-user';
import { refreshCreditScores } from '@server/modules/credit';
import {
  decideIn,
  requireSubjectRow,
  submitForReview,
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
import { auditStatus, auditSubject } from '@shared/domain/statuses';
import { beijingDate } from '@shared/domain/working-days';
import { AppError } from '@shared/errors/app-error';
import {
  evaluationMessages as m,
  type AppealDecisionInput,
  type AppealInput,
} from '@shared/validation/evaluations';
import { anyEvaluation, appealUntil, evaluationDetail, isEvaluatedParty } from './reads';
import { evaluatedParty, recordEvaluationOnTimeline } from './timeline';

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
    await submitForReview(ctx, tx, user, { subjectType, subjectId: input.id });
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

async function applyAppealDecision(hook: ReviewHookContext, kind: EvaluationKind): Promise<void> {
  if (hook.to !== auditStatus.code.approved && hook.to !== auditStatus.code.rejected) return;
  const upheld = hook.to === auditStatus.code.approved;
  const rows = await hook.tx
    .update(evaluationAppeals)
    .set({ outcome: upheld ? 'upheld' : 'dismissed', decidedAt: hook.at })
    .where(and(eq(evaluationAppeals.kind, kind), eq(evaluationAppeals.evaluationId, hook.subjectId)))
    .returning({ pkid: evaluationAppeals.pkid });
  requireSubjectRow(rows);
  if (!upheld) return;
  await recordEvaluationOnTimeline(
    hook.tx,
    kind,
    hook.subjectId,
    { type: 'withdrawn', opinion: hook.opinion },
    hook.actor,
    hook.at,
  );
  // smo and smd count in the agency's credit score; con is about the owner and counts in none.
  const party = await evaluatedParty(hook.tx, kind, hook.subjectId);
  if (party?.subjectType === auditSubject.code.agentOrg)
    await refreshCreditScores(hook.tx, {
      scope: { organizationId: party.subjectId },
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
