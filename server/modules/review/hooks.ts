/**
 * What a decision does to a subject's own rows is its domain's business: each domain declares a hook
 * per reviewed kind beside its service (server/modules/<domain>/review-hooks.ts), and the composition
 * root hands the whole list to the engine once (server/review-hooks.ts, `registerReviewHooks`). The
 * engine runs a kind's hook inside the decision's transaction, so when the hook throws, the decision,
 * its record and its messages are all undone. The engine writes no domain's table itself.
 */
import { reviewKindTypes } from '@shared/domain/review-kinds';
import type { ReviewDecisionKey } from '@shared/domain/review';
import { auditStatus, type AuditStatus, type AuditSubject } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import type { Queryable } from '@server/db/database';

export interface ReviewHookContext {
  tx: Queryable;
  subjectId: number;
  decision: ReviewDecisionKey;
  from: AuditStatus;
  to: AuditStatus;
  /** The decision's instant (its audit record's time). */
  at: Date;
  /** Who decided, and the opinion or reason given (for the subject's own log, e.g. a project's). */
  actor: { pkid: number; username: string };
  opinion: string | null;
}

/** Runs after every decision on a subject of its kind, in the decision's transaction. */
export type ReviewHook = (hook: ReviewHookContext) => Promise<void>;

export type ReviewHooks = Partial<Record<AuditSubject, ReviewHook>>;

let registered: ReviewHooks | undefined;

/**
 * The hooks of every reviewed kind, handed over once at start by the composition root (the same list
 * for every context of the process). Every kind of the review table must have one, or be listed as
 * having none (`null`): a kind forgotten here would otherwise be decided without touching its rows.
 */
export function registerReviewHooks(hooks: Partial<Record<AuditSubject, ReviewHook | null>>): void {
  const missing = reviewKindTypes.filter((type) => !(type in hooks));
  if (missing.length > 0) throw new Error(`review hooks missing for: ${missing.join(', ')}`);
  registered = Object.fromEntries(Object.entries(hooks).filter(([, hook]) => hook !== null)) as ReviewHooks;
}

export function reviewHookOf(type: AuditSubject): ReviewHook | undefined {
  if (!registered)
    throw new Error('review hooks not registered: the composition root calls registerReviewHooks');
  return registered[type];
}

/** A mirror that found no subject row: the subject is gone, so the decision must not stand. */
export function requireSubjectRow(rows: readonly unknown[]): void {
  if (rows.length === 0) throw new AppError('not_found', { message: '审核对象不存在或已被删除' });
}

/** submitted_at on a submission, audited_at on an approval or a rejection. */
export function decisionStamps({ to, at }: ReviewHookContext): { submittedAt?: Date; auditedAt?: Date } {
  if (to === auditStatus.code.pending) return { submittedAt: at };
  if (to === auditStatus.code.approved || to === auditStatus.code.rejected) return { auditedAt: at };
  return {};
}
