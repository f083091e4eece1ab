/**
 * Who may take which decision, and what a decision must carry: the one rule for deciding (decide.ts)
 * and for showing what one may decide (state.ts). The decision table is shared/domain/review.ts.
 */
import type { SessionUser } from '@server/modules/identity';
import {
  REVIEW_OPINION_MAX,
  reviewDecisions,
  reviewMessages,
  type ReviewDecisionKey,
} from '@shared/domain/review';
import type { ReviewKind } from '@shared/domain/review-kinds';
import { roles } from '@shared/domain/roles';
import type { AuditStatus, AuditSubject } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import type { ReviewItem } from './items';

export interface DecisionInput {
  subjectType: AuditSubject;
  subjectId: number;
  decision: ReviewDecisionKey;
  /** The opinion (reject: required; picked from the templates or typed) or a transfer's reason. */
  opinion?: string;
  /** transfer: the reviewer who takes it over. */
  transferToId?: number;
  /**
   * The item's version the decider was looking at (getReviewItem, the to-do row): when someone decided
   * since, the decision is refused with 409 instead of being taken on a stale view.
   */
  version?: number;
}

/** The decision's own input: its trimmed opinion, or a 400 for a missing or too long one or target. */
export function checkInput(input: DecisionInput): string | undefined {
  const rule = reviewDecisions[input.decision];
  const opinion = input.opinion?.trim() || undefined;
  if (rule.needsOpinion && !opinion) {
    throw new AppError('invalid_input', {
      message: input.decision === 'transfer' ? reviewMessages.reasonRequired : reviewMessages.opinionRequired,
      field: 'opinion',
    });
  }
  if (opinion && opinion.length > REVIEW_OPINION_MAX) {
    throw new AppError('invalid_input', { message: reviewMessages.opinionTooLong, field: 'opinion' });
  }
  if (input.decision === 'transfer' && !input.transferToId) {
    throw new AppError('invalid_input', {
      message: reviewMessages.transferTargetRequired,
      field: 'transferToId',
    });
  }
  return opinion;
}

/**
 * Why `actor` may not take `decision` on `item` now, or null: the one rule for deciding (decideIn) and
 * for showing what one may decide (getReviewState). `isReviewer`: the actor is in the kind's pool.
 */
export function refusalOf(
  decision: ReviewDecisionKey,
  actor: Pick<SessionUser, 'pkid' | 'isAdmin'>,
  item: ReviewItem,
  isReviewer: boolean,
): AppError | null {
  const rule = reviewDecisions[decision];
  if (rule.by === 'applicant' && item.applicantId !== actor.pkid && !actor.isAdmin)
    return new AppError('forbidden', { message: reviewMessages.notApplicant });
  if (rule.by === 'reviewer') {
    if (!isReviewer) return new AppError('forbidden', { message: reviewMessages.notReviewer });
    // Separation of duties: nobody decides on what they applied for, the administrator included.
    if (item.applicantId === actor.pkid)
      return new AppError('forbidden', { message: reviewMessages.ownApplication });
    if (item.assigneeId !== null && item.assigneeId !== actor.pkid && !actor.isAdmin)
      return new AppError('forbidden', { message: reviewMessages.notAssignee });
  }
  if (!(rule.from as readonly AuditStatus[]).includes(item.status))
    return new AppError('conflict', { message: reviewMessages.illegal(item.status) });
  return null;
}

/**
 * Why a transfer of `item` by `actor` may not go to `target`, or null: not to whoever holds it now (the
 * actor, when nobody does), not to its applicant, only to a member of the kind's pool (`inPool`).
 * Decisions refuse with it, and a detail page offers only the reviewers it lets through.
 */
export function transferRefusal(
  target: number,
  actor: Pick<SessionUser, 'pkid'>,
  item: Pick<ReviewItem, 'assigneeId' | 'applicantId'>,
  inPool: boolean,
): AppError | null {
  if (target === (item.assigneeId ?? actor.pkid))
    return new AppError('invalid_input', { message: reviewMessages.transferToSelf, field: 'transferToId' });
  if (target === item.applicantId || !inPool)
    return new AppError('invalid_input', {
      message: reviewMessages.transferTargetInvalid,
      field: 'transferToId',
    });
  return null;
}

/** The role a decider acted in, for the audit record. */
export function actingRole(user: SessionUser, kind: ReviewKind, by: 'applicant' | 'reviewer'): string | null {
  if (by === 'reviewer') {
    return (
      kind.reviewerRoles.find((role) => user.roleIds.includes(role)) ?? (user.isAdmin ? roles.admin.id : null)
    );
  }
  return user.roleIds[0] ?? null;
}
