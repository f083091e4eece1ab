/**
 * What a detail page shows of a subject's review: its state, the decisions the user may take now and
 * the reviewers a transfer may go to (the console's DecisionPanel takes all three).
 */
import { inArray } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { users } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { reviewDecisionKeys, type ReviewDecisionKey } from '@shared/domain/review';
import type { AuditStatus, AuditSubject } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { getReviewItem, kindOf, type ReviewItem } from './items';
import { isReviewerOf, reviewersOf } from './pool';
import { refusalOf, transferRefusal } from './rules';

export interface ReviewState {
  item: ReviewItem;
  /** The decisions the user may take now (a detail page's actions; the panel's `allowed`). */
  allowed: ReviewDecisionKey[];
}

/** A subject's review item and what `user` may decide on it now. 404 when it is not under review. */
export async function getReviewState(
  db: Queryable,
  user: SessionUser,
  type: AuditSubject,
  subjectId: number,
): Promise<ReviewState> {
  kindOf(type);
  const item = await getReviewItem(db, type, subjectId);
  const isReviewer = await isReviewerOf(db, type, user.pkid);
  return {
    item,
    allowed: reviewDecisionKeys.filter((key) => refusalOf(key, user, item, isReviewer) === null),
  };
}

/** The review block of a detail page (the wire's reviewStateSchema). */
export interface ReviewPanelState {
  status: AuditStatus;
  version: number;
  allowed: ReviewDecisionKey[];
  /** Whom the user may transfer the task to now (empty unless a transfer is allowed). */
  reviewers: { pkid: number; username: string }[];
}

/**
 * What a detail page needs of a subject's review, or null when it is not under review. Kinds whose
 * calls offer no transfer say `transfer: false`: the decision is then not offered.
 */
export async function reviewStateOrNull(
  db: Queryable,
  user: SessionUser,
  type: AuditSubject,
  subjectId: number,
  { transfer = true }: { transfer?: boolean } = {},
): Promise<ReviewPanelState | null> {
  let state: ReviewState;
  try {
    state = await getReviewState(db, user, type, subjectId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return null;
    throw error;
  }
  const allowed = transfer ? state.allowed : state.allowed.filter((key) => key !== 'transfer');
  return {
    status: state.item.status,
    version: state.item.version,
    allowed,
    reviewers: allowed.includes('transfer') ? await transferTargets(db, user, state.item) : [],
  };
}

/** The reviewers of the item's kind its task may be transferred to by `user`, by id, with their names. */
async function transferTargets(db: Queryable, user: SessionUser, item: ReviewItem) {
  const ids = (await reviewersOf(db, item.subjectType)).filter(
    (id) => transferRefusal(id, user, item, true) === null,
  );
  if (ids.length === 0) return [];
  return db
    .select({ pkid: users.pkid, username: users.username })
    .from(users)
    .where(inArray(users.pkid, ids))
    .orderBy(users.pkid);
}
