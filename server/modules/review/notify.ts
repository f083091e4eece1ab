/**
 * The messages of a decision (decision 0005 "Messages"): every decision tells the applicant; a
 * submission tells the reviewers it goes to, a transfer the new holder, a withdrawal the holder it was
 * transferred to. Sent in the decision's transaction, so they stand or fall with it.
 */
import type { Queryable } from '@server/db/database';
import type { SessionUser } from '@server/modules/identity';
import { sendMessage } from '@server/modules/messages';
import type { ReviewDecisionKey } from '@shared/domain/review';
import { reviewLink } from '@shared/domain/review-kinds';
import { auditSubject, type AuditSubject } from '@shared/domain/statuses';
import type { ReviewItem } from './items';
import { reviewersOf } from './pool';
import type { DecisionInput } from './rules';

/** What the applicant is told about a decision (every decision tells them, DOMAIN.md "Messages"). */
function applicantText(type: AuditSubject, decision: ReviewDecisionKey, opinion: string | undefined): string {
  const subject = auditSubject.label(type);
  const suffix = opinion ? `，意见：${opinion}` : '';
  switch (decision) {
    case 'submit':
      return `您的${subject}申请已提交，请等待审核`;
    case 'approve':
      return `您提交的${subject}已审核通过${suffix}`;
    case 'reject':
      return `您提交的${subject}审核不通过${suffix}`;
    case 'transfer':
      return `您提交的${subject}已转交其他审核人员办理`;
    case 'withdraw':
      return `您的${subject}申请已撤回`;
  }
}

/** What the next reviewer(s) are told: a new submission, a transfer, or a withdrawn task. */
function reviewerText(type: AuditSubject, decision: ReviewDecisionKey, opinion: string | undefined): string {
  const subject = auditSubject.label(type);
  if (decision === 'submit') return `有新的${subject}待审核`;
  if (decision === 'transfer') return `有${subject}转办给您审核${opinion ? `，意见：${opinion}` : ''}`;
  return `${subject}的申请人已撤回申请`;
}

/** The reviewers a decision is news to: the new holder (or the pool), a transfer's target, the holder of a withdrawn task. */
async function nextReviewers(
  tx: Queryable,
  input: DecisionInput,
  item: ReviewItem,
  assigneeId: number | null,
): Promise<number[]> {
  switch (input.decision) {
    case 'submit':
      return assigneeId !== null ? [assigneeId] : reviewersOf(tx, input.subjectType);
    case 'transfer':
      return [input.transferToId as number];
    case 'withdraw':
      return item.assigneeId !== null ? [item.assigneeId] : [];
    default:
      return [];
  }
}

/**
 * Sends the decision's messages. `item` is the item as it was before the decision, `assigneeId` its
 * holder after it, `opinion` the decision's trimmed opinion or reason.
 */
export async function notifyDecision(
  tx: Queryable,
  decided: {
    actor: SessionUser;
    input: DecisionInput;
    item: ReviewItem;
    assigneeId: number | null;
    at: Date;
  },
  opinion: string | undefined,
): Promise<void> {
  const { actor, input, item, at } = decided;
  if (item.applicantId !== null)
    await sendMessage(tx, {
      toUserId: item.applicantId,
      content: applicantText(input.subjectType, input.decision, opinion),
      link: reviewLink(input.subjectType, input.subjectId, 'applicant'),
      at,
    });
  const content = reviewerText(input.subjectType, input.decision, opinion);
  const link = reviewLink(input.subjectType, input.subjectId, 'reviewer');
  for (const reviewer of await nextReviewers(tx, input, item, decided.assigneeId)) {
    if (reviewer !== actor.pkid && reviewer !== item.applicantId)
      await sendMessage(tx, { toUserId: reviewer, content, link, at });
  }
}
