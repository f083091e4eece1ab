/**
 * The decision panel of a subject's review for its reviewer, as every detail page shows it: what the
 * server says this user may decide now (the subject's `review` block), narrowed to what the kind's
 * calls offer, with the audit-opinion templates; nothing while there is nothing to decide.
 *
 * ```tsx
 * <ReviewDecision review={data.review} onDecide={async (decision) => setOutcome((await decide(decision)).message)} />
 * ```
 */
import { auditOpinionCalls } from '@shared/calls/audit-opinions';
import { reviewDecisions, type ReviewDecisionKey } from '@shared/domain/review';
import type { AuditStatus } from '@shared/domain/statuses';
import { useCall } from '@console/kit/query';
import { DecisionPanel, type Decision } from './decision-panel';

/** The review block of a subject (the server's reviewStateOrNull). */
export interface ReviewState {
  status: number;
  version: number;
  allowed: readonly string[];
  reviewers?: readonly { pkid: number; username: string }[];
}

const isReviewerDecision = (key: string): key is ReviewDecisionKey =>
  key in reviewDecisions && reviewDecisions[key as ReviewDecisionKey].by === 'reviewer';

/** The reviewer's decision panel on a detail page, or nothing when this user has nothing to decide. */
export function ReviewDecision({
  review,
  offers,
  onDecide,
}: {
  review: ReviewState | null | undefined;
  /** The reviewer decisions the kind's calls offer (default: approve, reject and transfer). */
  offers?: readonly ReviewDecisionKey[];
  onDecide: (decision: Decision) => Promise<unknown>;
}) {
  const allowed = (review?.allowed ?? []).filter(
    (key): key is ReviewDecisionKey => isReviewerDecision(key) && (!offers || offers.includes(key)),
  );
  const templates = useCall(
    auditOpinionCalls.list,
    { pageIdx: 1, pageSize: 50 },
    { enabled: allowed.length > 0 },
  );
  if (!review || allowed.length === 0) return null;
  return (
    <DecisionPanel
      status={review.status as AuditStatus}
      version={review.version}
      allowed={allowed}
      opinions={templates.data?.rows ?? []}
      reviewers={review.reviewers ?? []}
      onDecide={onDecide}
    />
  );
}
