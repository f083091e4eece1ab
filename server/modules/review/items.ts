/**
 * A subject under review: its review item (one row per subject in review_items, status and holder and
 * version), opened by the domain in the transaction that creates the subject.
 */
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { reviewItems } from '@server/db/schema';
import { reviewMessages } from '@shared/domain/review';
import { reviewKind, type ReviewKind } from '@shared/domain/review-kinds';
import { auditSubject, type AuditStatus, type AuditSubject } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';

export interface ReviewItem {
  pkid: number;
  subjectType: AuditSubject;
  subjectId: number;
  status: AuditStatus;
  /** null: no account behind the subject (see the schema); only reviewers and the administrator act. */
  applicantId: number | null;
  assigneeId: number | null;
  version: number;
  submittedAt: Date | null;
  decidedAt: Date | null;
  /** The service deadline of the current submission (server/modules/deadlines); null before one. */
  dueAt: Date | null;
}

/** The columns of a ReviewItem, for every select and RETURNING of the engine. */
export const itemColumns = {
  pkid: reviewItems.pkid,
  subjectType: reviewItems.subjectType,
  subjectId: reviewItems.subjectId,
  status: reviewItems.status,
  applicantId: reviewItems.applicantId,
  assigneeId: reviewItems.assigneeId,
  version: reviewItems.version,
  submittedAt: reviewItems.submittedAt,
  decidedAt: reviewItems.decidedAt,
  dueAt: reviewItems.dueAt,
};

/** The kind's facts (shared/domain/review-kinds.ts); 400 for a subject type that is not reviewed. */
export function kindOf(type: AuditSubject): ReviewKind {
  const kind = reviewKind(type);
  if (!kind) throw new AppError('invalid_input', { message: `${auditSubject.label(type)}不需要审核` });
  return kind;
}

/**
 * Puts a subject under review as a draft of its applicant (idempotent: an existing item is kept).
 * Domains call it in the transaction that creates the subject; `submit` then sends it to review.
 */
export async function openReview(
  tx: Queryable,
  input: { subjectType: AuditSubject; subjectId: number; applicantId: number },
): Promise<ReviewItem> {
  kindOf(input.subjectType);
  await tx.insert(reviewItems).values(input).onConflictDoNothing();
  const item = await findItem(tx, input.subjectType, input.subjectId);
  if (!item) throw new Error('review item vanished after insert');
  return item;
}

async function findItem(db: Queryable, type: AuditSubject, subjectId: number): Promise<ReviewItem | null> {
  const [row] = await db
    .select(itemColumns)
    .from(reviewItems)
    .where(and(eq(reviewItems.subjectType, type), eq(reviewItems.subjectId, subjectId)));
  return (row as ReviewItem | undefined) ?? null;
}

/** The subject's review item; 404 when it is not under review. */
export async function getReviewItem(
  db: Queryable,
  type: AuditSubject,
  subjectId: number,
): Promise<ReviewItem> {
  const item = await findItem(db, type, subjectId);
  if (!item) throw new AppError('not_found', { message: reviewMessages.notFound });
  return item;
}

/**
 * Names who applies for a subject from now on, for subjects several people may send in on behalf of
 * one party (a project's results: the agency's account or any of its assigned staff). Later
 * decisions by the applicant and the separation of duties then concern that person.
 */
export async function setApplicant(
  tx: Queryable,
  type: AuditSubject,
  subjectId: number,
  applicantId: number,
): Promise<void> {
  await tx
    .update(reviewItems)
    .set({ applicantId })
    .where(and(eq(reviewItems.subjectType, type), eq(reviewItems.subjectId, subjectId)));
}
