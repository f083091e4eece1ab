/**
 * The review workflow of DOMAIN.md, once: agencies, agency changes, staff, staff changes, construction
 * units, contract filings, authorization changes and results all move through the audit status table
 * (shared/domain/statuses.ts auditStatus) by these decisions. The server's engine
 * (server/modules/review) enforces this table; the console's decision panel offers what it allows.
 *
 * draft 0 → submit → 1 pending → approve → 2 approved
 *                               → reject (opinion) → 3 rejected → edit, submit → 1
 *            1 pending → transfer (reason) → 1, another reviewer;  withdraw → 0 (the applicant)
 */
import { auditDecision, auditStatus, type AuditDecision, type AuditStatus } from './statuses';

const s = auditStatus.code;

export interface ReviewDecisionRule {
  /** States the decision may be taken from. */
  readonly from: readonly AuditStatus[];
  readonly to: AuditStatus;
  /** Who takes it: the applicant (who submitted the subject) or a reviewer of its kind. */
  readonly by: 'applicant' | 'reviewer';
  /** The audit record's decision code. */
  readonly record: AuditDecision;
  /** The opinion (or, for a transfer, the reason) is required. */
  readonly needsOpinion: boolean;
  readonly label: string;
}

export const reviewDecisions = {
  submit: {
    from: [s.draft, s.rejected],
    to: s.pending,
    by: 'applicant',
    record: auditDecision.code.submitted,
    needsOpinion: false,
    label: '提交审核',
  },
  approve: {
    from: [s.pending],
    to: s.approved,
    by: 'reviewer',
    record: auditDecision.code.approved,
    needsOpinion: false,
    label: '审核通过',
  },
  reject: {
    from: [s.pending],
    to: s.rejected,
    by: 'reviewer',
    record: auditDecision.code.rejected,
    needsOpinion: true,
    label: '审核不通过',
  },
  transfer: {
    from: [s.pending],
    to: s.pending,
    by: 'reviewer',
    record: auditDecision.code.transferred,
    needsOpinion: true,
    label: '转办',
  },
  withdraw: {
    from: [s.pending],
    to: s.draft,
    by: 'applicant',
    record: auditDecision.code.withdrawn,
    needsOpinion: false,
    label: '撤回申请',
  },
} as const satisfies Record<string, ReviewDecisionRule>;

export type ReviewDecisionKey = keyof typeof reviewDecisions;
export const reviewDecisionKeys = Object.keys(reviewDecisions) as ReviewDecisionKey[];

/** The decisions allowed from a state, by whom. */
export function decisionsFrom(status: AuditStatus, by?: ReviewDecisionRule['by']): ReviewDecisionKey[] {
  return reviewDecisionKeys.filter((key) => {
    const rule: ReviewDecisionRule = reviewDecisions[key];
    return rule.from.includes(status) && (by === undefined || rule.by === by);
  });
}

/** An opinion or a transfer reason, at most (as the audit-opinion templates). */
export const REVIEW_OPINION_MAX = 500;

export const reviewMessages = {
  illegal: (status: AuditStatus) => `当前状态（${auditStatus.label(status)}）不能执行此操作`,
  taken: '该事项已被其他审核人员处理，请刷新后查看',
  opinionRequired: '请填写审核意见',
  reasonRequired: '请填写转办原因',
  transferTargetRequired: '请选择转办人员',
  transferTargetInvalid: '转办人员不是该事项的审核人员',
  transferToSelf: '不能转办给当前处理人',
  notApplicant: '只有申请人可以执行此操作',
  notReviewer: '您不是该事项的审核人员',
  notAssignee: '该事项已转给其他审核人员处理',
  ownApplication: '不能审核本人提交的申请',
  opinionTooLong: `审核意见不能超过${REVIEW_OPINION_MAX}字`,
  notFound: '审核事项不存在',
  namedNoTransfer: '该事项由指定单位审核，不能转办',
  namedMissing: '该事项没有可以审核的单位账号',
} as const;
