/**
 * Deciding (submit, approve, reject, transfer, withdraw). Each decision changes the state, writes its
 * audit record, runs the kind's hook and sends its messages in one transaction; the state change is a
 * conditional UPDATE on the version read, so of two reviewers deciding at once exactly one wins and the
 * other gets 409.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext, AppServices } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { auditRecords, reviewItems } from '@server/db/schema';
import { writeDroppingPages, type PageCache, type PageCacheTag } from '@server/lib/page-cache';
import { dueAt, reviewTaskType } from '@server/modules/deadlines';
import type { SessionUser } from '@server/modules/identity';
import { reviewDecisions, reviewMessages, type ReviewDecisionKey } from '@shared/domain/review';
import { auditStatus, type AuditStatus, type AuditSubject } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { reviewHookOf } from './hooks';
import { getReviewItem, itemColumns, kindOf, openReview, type ReviewItem } from './items';
import { notifyDecision } from './notify';
import { isReviewerOf, namedReviewerOf, pickAssignee } from './pool';
import { actingRole, checkInput, refusalOf, transferRefusal, type DecisionInput } from './rules';

/**
 * What the engine needs of the app context besides a transaction: the product's clock
 * (`services.now`), which stamps a decision, its record, its deadline and its messages, so a test or a
 * demo that moves the clock sees the decision at the moved time.
 */
export interface ReviewClock {
  services: Pick<AppServices, 'now'>;
}

/** The engine's context when it opens its own transaction. */
export type ReviewContext = Pick<AppContext, 'db'> & ReviewClock;

/**
 * Takes a decision on a subject, in its own transaction. Refusals: 400 (missing or too long opinion or
 * reason, bad transfer target), 403 (not the applicant, not a reviewer, held by another reviewer, the
 * reviewer's own application), 404 (not under review, or the subject's row is gone), 409 (the state does
 * not allow it, or another reviewer decided first). Nothing changes on a refusal.
 */
export async function decide(
  ctx: ReviewContext,
  actor: SessionUser,
  input: DecisionInput,
): Promise<ReviewItem> {
  return ctx.db.transaction((tx) => decideIn(ctx, tx, actor, input));
}

/**
 * `decide` inside the caller's transaction, for a domain change that ends in a decision (an agency
 * saves its edited data and submits it: both or neither). A refusal throws; the caller's transaction
 * must then roll back, as `db.transaction` does when its callback throws.
 */
export async function decideIn(
  ctx: ReviewClock,
  tx: Queryable,
  actor: SessionUser,
  input: DecisionInput,
): Promise<ReviewItem> {
  const rule = reviewDecisions[input.decision];
  const kind = kindOf(input.subjectType);
  const opinion = checkInput(input);
  const item = await getReviewItem(tx, input.subjectType, input.subjectId);
  const isReviewer = rule.by === 'reviewer' && (await isReviewerOf(tx, input.subjectType, actor.pkid));
  const refused = refusalOf(input.decision, actor, item, isReviewer);
  if (refused) throw refused;
  if (input.version !== undefined && input.version !== item.version) {
    throw new AppError('conflict', { message: reviewMessages.taken });
  }
  const assigneeId = await holderAfter(tx, actor, input, item);
  const now = ctx.services.now();
  const updated = await moveItem(tx, input, item, assigneeId, now);
  await tx.insert(auditRecords).values({
    subjectType: input.subjectType,
    subjectId: input.subjectId,
    decision: rule.record,
    opinion: opinion ?? null,
    auditorId: actor.pkid,
    auditorName: actor.username,
    transferToId: input.decision === 'transfer' ? (input.transferToId ?? null) : null,
    roleId: actingRole(actor, kind, rule.by),
    fromStatus: item.status,
    toStatus: rule.to,
    auditedAt: now,
  });
  await reviewHookOf(input.subjectType)?.({
    tx,
    subjectId: input.subjectId,
    decision: input.decision,
    from: item.status,
    to: rule.to,
    at: now,
    actor: { pkid: actor.pkid, username: actor.username },
    opinion: opinion ?? null,
  });
  await notifyDecision(tx, { actor, input, item, assigneeId, at: now }, opinion);
  return updated;
}

/**
 * Who holds the task after the decision: a transfer's target (refused when it may not take it), the
 * assigned reviewer with the fewest open tasks for a new submission (or the whole pool when none are
 * assigned, pool.ts), nobody after a withdrawal; otherwise its holder stays.
 */
async function holderAfter(
  tx: Queryable,
  actor: SessionUser,
  input: DecisionInput,
  item: ReviewItem,
): Promise<number | null> {
  switch (input.decision) {
    case 'transfer': {
      if (namedReviewerOf(input.subjectType))
        throw new AppError('conflict', { message: reviewMessages.namedNoTransfer });
      const target = input.transferToId as number;
      const inPool = await isReviewerOf(tx, input.subjectType, target);
      const refused = transferRefusal(target, actor, item, inPool);
      if (refused) throw refused;
      return target;
    }
    case 'submit': {
      const named = namedReviewerOf(input.subjectType);
      if (!named) return pickAssignee(tx, input.subjectType, item.applicantId);
      const holder = await named(tx, input.subjectId);
      if (holder === null) throw new AppError('conflict', { message: reviewMessages.namedMissing });
      return holder;
    }
    case 'withdraw':
      return null;
    default:
      return item.assigneeId;
  }
}

/**
 * The state change, conditional on the version read: of two deciders racing, the second one's UPDATE
 * waits for the first to commit, then matches no row (PostgreSQL re-checks the WHERE on the new row
 * version), and answers 409 instead of deciding twice.
 */
async function moveItem(
  tx: Queryable,
  input: DecisionInput,
  item: ReviewItem,
  assigneeId: number | null,
  now: Date,
): Promise<ReviewItem> {
  const rule = reviewDecisions[input.decision];
  // Each submission starts the reviewers' service deadline (working days of the kind, holidays
  // skipped) and re-arms its one reminder.
  const taskType = input.decision === 'submit' ? reviewTaskType(input.subjectType) : null;
  const deadline = taskType ? await dueAt(tx, taskType, now) : null;
  const [updated] = await tx
    .update(reviewItems)
    .set({
      status: rule.to,
      assigneeId,
      version: sql`${reviewItems.version} + 1`,
      updatedAt: now,
      ...(input.decision === 'submit'
        ? {
            submittedAt: now,
            decidedAt: null,
            dueAt: deadline?.dueAt ?? null,
            remindAt: deadline?.remindAt ?? null,
            remindedAt: null,
          }
        : {}),
      ...(input.decision === 'approve' || input.decision === 'reject' ? { decidedAt: now } : {}),
    })
    .where(
      and(
        eq(reviewItems.pkid, item.pkid),
        eq(reviewItems.status, item.status),
        eq(reviewItems.version, item.version),
      ),
    )
    .returning(itemColumns);
  if (!updated) throw new AppError('conflict', { message: reviewMessages.taken });
  return updated as ReviewItem;
}

/** What a call says with a decision: the opinion and the version the decider saw, when given. */
interface CallDecision {
  opinion?: string | undefined;
  version?: number | undefined;
}

/**
 * An applicant's save of a subject, in the caller's transaction: puts it under review with the user as
 * its applicant (openReview, kept when it already is) and, with action=submit (the default), submits it.
 */
export async function submitForReview(
  ctx: ReviewClock,
  tx: Queryable,
  user: SessionUser,
  subject: { subjectType: AuditSubject; subjectId: number },
  action: 'save' | 'submit' = 'submit',
): Promise<void> {
  await openReview(tx, { ...subject, applicantId: user.pkid });
  if (action === 'submit') await decideIn(ctx, tx, user, { ...subject, decision: 'submit' });
}

/** A call's decision as the engine's input. */
function decisionOf(
  subject: { subjectType: AuditSubject; subjectId: number },
  decision: ReviewDecisionKey,
  input: CallDecision,
): DecisionInput {
  return {
    ...subject,
    decision,
    ...(input.opinion ? { opinion: input.opinion } : {}),
    ...(input.version !== undefined ? { version: input.version } : {}),
  };
}

/** A call naming its decision (the staff calls' approve: { decision, opinion, version }), decided. */
export async function decideByCall(
  ctx: ReviewContext,
  actor: SessionUser,
  subject: { subjectType: AuditSubject; subjectId: number },
  input: CallDecision & { decision: ReviewDecisionKey },
): Promise<ReviewItem> {
  return decide(ctx, actor, decisionOf(subject, input.decision, input));
}

/** A legacy approve call's input: auditStatus 2 approves, anything else rejects (with the opinion). */
export interface AuditStatusDecision extends CallDecision {
  auditStatus: number;
}

/** What the spec's approve and transfer calls answer. */
export interface DecisionAnswer {
  auditStatus: AuditStatus;
  version: number;
}

/**
 * The spec's approve calls (agentorg/approve, agentChange/approve, …) as a review decision: approve or
 * reject the subject, and on an approval drop the hall pages that show it (`pagesOnApproval`).
 */
export async function decideByAuditStatus(
  ctx: ReviewContext & { pageCache: PageCache },
  actor: SessionUser,
  subject: { subjectType: AuditSubject; subjectId: number },
  input: AuditStatusDecision,
  pagesOnApproval: readonly PageCacheTag[] = [],
): Promise<DecisionAnswer> {
  const decision = input.auditStatus === auditStatus.code.approved ? 'approve' : 'reject';
  const item = await writeDroppingPages(ctx, async (tx, dropPages) => {
    const decided = await decideIn(ctx, tx, actor, decisionOf(subject, decision, input));
    if (decision === 'approve') dropPages(pagesOnApproval);
    return decided;
  });
  return { auditStatus: item.status, version: item.version };
}

/** A legacy transfer call's input (transferOrgChangeTask?id&askReason&transferStaffId). */
export interface TransferCall {
  askReason: string;
  transferStaffId: number;
  version?: number | undefined;
}

/** The spec's transfer calls (agentChange, contract change, authchange …) as a review decision. */
export async function transferByCall(
  ctx: ReviewContext,
  actor: SessionUser,
  subject: { subjectType: AuditSubject; subjectId: number },
  input: TransferCall,
): Promise<DecisionAnswer> {
  const item = await decide(ctx, actor, {
    ...decisionOf(subject, 'transfer', { opinion: input.askReason, version: input.version }),
    transferToId: input.transferStaffId,
  });
  return { auditStatus: item.status, version: item.version };
}

/**
 * The spec's approve and transfer calls of one kind (agentChange/approve and transferOrgChangeTask,
 * contract/change/approve and transferTask, …) bound to it, the subject named by the call's `id`: an
 * approval also drops the hall pages that show the subject (`pagesOnApproval`).
 */
export function specDecisionsOf(subjectType: AuditSubject, pagesOnApproval: readonly PageCacheTag[] = []) {
  return {
    approve: (
      ctx: ReviewContext & { pageCache: PageCache },
      actor: SessionUser,
      input: AuditStatusDecision & { id: number },
    ) => decideByAuditStatus(ctx, actor, { subjectType, subjectId: input.id }, input, pagesOnApproval),
    transfer: (ctx: ReviewContext, actor: SessionUser, input: TransferCall & { id: number }) =>
      transferByCall(ctx, actor, { subjectType, subjectId: input.id }, input),
  };
}
