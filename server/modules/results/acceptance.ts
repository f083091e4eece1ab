/**
 * Acceptance (验收) by the acceptance auditors, through the review workflow (kind `result`, one review
 * item per project; decision 0005). While the project's acceptance is pending, the auditor who may
 * decide it (a reviewer of the kind, holding the task or taking it from the pool) adopts or rejects
 * each submitted item with an opinion (actAccept/adopt, reject; an item decided in this round may be
 * decided again until the verdict). actAccept/submit then gives the verdict: every item of the round
 * decided, and if none is rejected the acceptance is approved (review-hooks.ts: the project moves
 * 5 → 6 and submitVerdict issues the certificate, → 7), otherwise it is rejected with the rejected items' opinions and
 * goes back to the agency, which resubmits them.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { projectResults } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import {
  issueCertificate,
  removingPdfsOnFailure,
  type CertificateContext,
  type RemovableStorage,
} from '@server/modules/certificates';
import {
  decideIn,
  getReviewState,
  transferByCall,
  type DecisionAnswer,
  type ReviewContext,
} from '@server/modules/review';
import type { ResultItem } from '@shared/calls/results';
import { REVIEW_OPINION_MAX, reviewMessages } from '@shared/domain/review';
import { auditStatus, auditSubject, resultAcceptance } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { resultMessages as m } from '@shared/validation/results';
import { projectOfResult, resultItemsOf, resultProjectFor } from './project';
import { acceptanceOf } from './submission';

const RESULT = auditSubject.code.result;
const A = resultAcceptance.code;

/**
 * 409 unless the project's acceptance is pending; 403 unless the user may decide it now (a reviewer
 * of the kind, not its applicant, not transferred to someone else). `version`: the view's.
 */
export async function requireDecider(db: Queryable, user: SessionUser, projectId: number, version?: number) {
  const item = await acceptanceOf(db, projectId);
  if (item?.status !== auditStatus.code.pending)
    throw new AppError('conflict', { message: m.notUnderReview });
  const state = await getReviewState(db, user, RESULT, projectId);
  if (!state.allowed.includes('approve')) {
    const message =
      item.applicantId === user.pkid
        ? reviewMessages.ownApplication
        : item.assigneeId !== null && item.assigneeId !== user.pkid && !user.isAdmin
          ? reviewMessages.notAssignee
          : reviewMessages.notReviewer;
    throw new AppError('forbidden', { message });
  }
  if (version !== undefined && version !== item.version)
    throw new AppError('conflict', { message: reviewMessages.taken });
  return item;
}

/** The project's pending round (its highest) and, with `resultId`, that item's round. */
async function roundsOf(db: Queryable, projectId: number, resultId?: number) {
  const r = projectResults;
  const [row] = await db
    .select({
      current: sql<number>`coalesce(max(${r.round}), 0)::int`,
      item: sql<number | null>`max(${r.round}) filter (where ${r.resultId} = ${resultId ?? null})`,
    })
    .from(r)
    .where(eq(r.projectId, projectId));
  return { current: row?.current ?? 0, item: row?.item ?? null };
}

/** Adopts (opinion null) or rejects (with an opinion) one item of the pending round. */
async function decideItem(
  ctx: ReviewContext,
  user: SessionUser,
  input: { resultId: number; opinion?: string | undefined; version?: number | undefined },
  to: typeof A.adopted | typeof A.rejected,
): Promise<ResultItem> {
  return ctx.db.transaction(async (tx) => {
    const ref = await projectOfResult(tx, user, input.resultId, 'read');
    await requireDecider(tx, user, ref.projectId, input.version);
    const [item] = await resultItemsOf(tx, ref, [input.resultId]);
    if (!item) throw new AppError('not_found', { message: m.resultNotFound });
    // Submitted in the pending round: the auditor may decide it, and change their mind until the
    // verdict. An item adopted in an earlier round keeps that round's number and stays adopted.
    const round = await roundsOf(tx, ref.projectId, input.resultId);
    const decidable =
      round.item === round.current &&
      (item.status === A.submitted || item.status === A.adopted || item.status === A.rejected);
    if (!decidable) throw new AppError('conflict', { message: m.resultNotPending });
    const now = ctx.services.now();
    await tx
      .update(projectResults)
      .set({
        status: to,
        opinion: to === A.rejected ? (input.opinion?.trim() ?? null) : null,
        decidedBy: user.pkid,
        decidedAt: now,
        updatedAt: now,
      })
      .where(eq(projectResults.resultId, input.resultId));
    const [after] = await resultItemsOf(tx, ref, [input.resultId]);
    return after!;
  });
}

/** actAccept/adopt. */
export function adoptResult(
  ctx: ReviewContext,
  user: SessionUser,
  input: { resultId: number; version?: number | undefined },
) {
  return decideItem(ctx, user, input, A.adopted);
}

/** actAccept/reject (the opinion is required by the input schema). */
export function rejectResult(
  ctx: ReviewContext,
  user: SessionUser,
  input: { resultId: number; opinion: string; version?: number | undefined },
) {
  return decideItem(ctx, user, input, A.rejected);
}

/** The rejection's opinion: each rejected item with its own opinion, within the review's limit. */
export function verdictOpinion(rejected: readonly ResultItem[]): string {
  const text = rejected.map((item) => `${item.itemName}“${item.name}”：${item.opinion ?? '退回'}`).join('；');
  return text.length <= REVIEW_OPINION_MAX ? text : `${text.slice(0, REVIEW_OPINION_MAX - 1)}…`;
}

/**
 * actAccept/submit: the verdict. 409 while an item of the round is undecided (naming them); approve
 * when none is rejected, else reject with the items' opinions. An approval issues the project's
 * certificate in the same transaction (issueCertificate: number, PDF, QR code, 已验收 → 已办结), so an
 * accepted project is never left without its certificate.
 */
export async function submitVerdict(
  ctx: ReviewContext & CertificateContext & { storage: RemovableStorage },
  user: SessionUser,
  input: { pkid: number; version?: number | undefined },
): Promise<DecisionAnswer & { certificateNo: string | null }> {
  const { db } = ctx;
  const ref = await resultProjectFor(db, user, input.pkid, 'read');
  await requireDecider(db, user, ref.projectId, input.version);
  // The verdict judges the pending round's items; items of earlier rounds were judged then.
  const { current } = await roundsOf(db, ref.projectId);
  const inRound = new Set(
    (
      await db
        .select({ resultId: projectResults.resultId })
        .from(projectResults)
        .where(and(eq(projectResults.projectId, ref.projectId), eq(projectResults.round, current)))
    ).map((row) => row.resultId),
  );
  const items = await resultItemsOf(db, ref);
  const undecided = items.filter((item) => item.status === A.submitted);
  if (undecided.length > 0)
    throw new AppError('conflict', {
      message: m.undecided(undecided.map((item) => `${item.itemName}：${item.name}`)),
    });
  const rejected = items.filter((item) => item.status === A.rejected && inRound.has(item.resultId));
  // Required items never submitted cannot be here (a submission needs them), but a catalogue is
  // read again: refuse rather than accept a project with a required item missing.
  const missing = items.filter(
    (item) => item.required && item.status !== A.adopted && item.status !== A.rejected,
  );
  if (missing.length > 0)
    throw new AppError('conflict', {
      message: m.undecided(missing.map((item) => `${item.itemName}：${item.name}`)),
    });
  const decided = await removingPdfsOnFailure(ctx, (issuing) =>
    db.transaction(async (tx) => {
      const item = await decideIn(ctx, tx, user, {
        subjectType: RESULT,
        subjectId: ref.projectId,
        decision: rejected.length > 0 ? 'reject' : 'approve',
        ...(rejected.length > 0 ? { opinion: verdictOpinion(rejected) } : {}),
        ...(input.version !== undefined ? { version: input.version } : {}),
      });
      const certificate =
        item.status === auditStatus.code.approved
          ? await issueCertificate(issuing, tx, ref.projectId, user)
          : null;
      return { ...item, certificateNo: certificate?.certificateNo ?? null };
    }),
  );
  return { auditStatus: decided.status, version: decided.version, certificateNo: decided.certificateNo };
}

/** actAccept/transferTask: another acceptance auditor takes the task over (with a reason). */
export async function transferAcceptance(
  ctx: ReviewContext,
  user: SessionUser,
  input: { pkid: number; askReason: string; transferStaffId: number; version?: number | undefined },
): Promise<DecisionAnswer> {
  await resultProjectFor(ctx.db, user, input.pkid, 'read');
  return transferByCall(ctx, user, { subjectType: RESULT, subjectId: input.pkid }, input);
}
