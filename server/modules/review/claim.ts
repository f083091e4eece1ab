/**
 * Claiming a task from the pool (领取): a pending item that no reviewer holds becomes the claiming
 * reviewer's, so the others' to-do no longer shows it and its row shows the holder's name. Only a
 * reviewer of the item's kind may claim (the pool, pool.ts), never their own application; an item
 * another reviewer holds is refused with that reviewer's name. The UPDATE is conditional on nobody
 * holding it, so of two reviewers claiming at once exactly one wins and the other gets 409.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { reviewItems, users } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { auditStatus, type AuditSubject } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { reviewQueueMessages as m } from '@shared/validation/review';
import { getReviewItem, kindOf } from './items';
import { isReviewerOf } from './pool';

export interface ClaimResult {
  subjectType: AuditSubject;
  subjectId: number;
  holderId: number;
  holderName: string;
}

async function nameOf(db: Queryable, userId: number): Promise<string> {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.pkid, userId));
  return row?.username ?? '其他审核人员';
}

/**
 * Claims the item for `user`. Refusals: 403 (not a reviewer of the kind, their own application), 404
 * (not under review), 409 (not pending, or held by another reviewer: the message names them).
 * Claiming an item one already holds answers it again.
 */
export async function claimReview(
  db: Queryable,
  user: SessionUser,
  subjectType: AuditSubject,
  subjectId: number,
): Promise<ClaimResult> {
  kindOf(subjectType);
  if (!(await isReviewerOf(db, subjectType, user.pkid)))
    throw new AppError('forbidden', { message: m.notReviewer });
  const item = await getReviewItem(db, subjectType, subjectId);
  if (item.status !== auditStatus.code.pending) throw new AppError('conflict', { message: m.notPending });
  if (item.applicantId === user.pkid) throw new AppError('forbidden', { message: m.ownApplication });
  const mine = { subjectType, subjectId, holderId: user.pkid, holderName: user.username };
  if (item.assigneeId === user.pkid) return mine;
  if (item.assigneeId !== null)
    throw new AppError('conflict', { message: m.heldBy(await nameOf(db, item.assigneeId)) });
  const claimed = await db
    .update(reviewItems)
    .set({ assigneeId: user.pkid })
    .where(
      and(
        eq(reviewItems.pkid, item.pkid),
        eq(reviewItems.status, auditStatus.code.pending),
        isNull(reviewItems.assigneeId),
      ),
    )
    .returning({ assigneeId: reviewItems.assigneeId });
  if (claimed.length === 0) {
    const now = await getReviewItem(db, subjectType, subjectId);
    if (now.status !== auditStatus.code.pending) throw new AppError('conflict', { message: m.notPending });
    if (now.assigneeId !== user.pkid)
      throw new AppError('conflict', { message: m.heldBy(await nameOf(db, now.assigneeId ?? 0)) });
  }
  return mine;
}
