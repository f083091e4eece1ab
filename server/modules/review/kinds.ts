/**
 * The subjects that go through review, in one table: who reviews them by default and which console
 * page shows one (the link of every message about it). A domain that keeps the status in its own table
 * too, or applies an approved change, adds its `onDecision` here: it runs inside the decision's
 * transaction.
 */
import type { Queryable } from '@server/db/database';
import { roles, type RoleId } from '@shared/domain/roles';
import { auditSubject, type AuditStatus, type AuditSubject } from '@shared/domain/statuses';
import type { ReviewDecisionKey } from '@shared/domain/review';

export interface ReviewHookContext {
  tx: Queryable;
  subjectId: number;
  decision: ReviewDecisionKey;
  from: AuditStatus;
  to: AuditStatus;
}

export interface ReviewKind {
  /** The reviewing roles; the administrator may always review. */
  reviewerRoles: readonly RoleId[];
  /** The console page of one subject (spec paths). */
  detailPath: (subjectId: number) => string;
  /** Runs after every decision, in its transaction (e.g. mirror the status into the subject's table). */
  onDecision?: (hook: ReviewHookContext) => Promise<void>;
}

const authority = [roles.authority.id] as const;
const auditor = [roles.auditor.id] as const;

const kinds: Partial<Record<AuditSubject, ReviewKind>> = {
  [auditSubject.code.agentOrg]: {
    reviewerRoles: authority,
    detailPath: (id) => `/intermediary/orgManageDetail?id=${id}`,
  },
  [auditSubject.code.orgChange]: {
    reviewerRoles: authority,
    detailPath: (id) => `/intermediary/OrgChangeInfo?id=${id}`,
  },
  [auditSubject.code.agentStaff]: {
    reviewerRoles: authority,
    detailPath: (id) => `/orgstaff/staffdetail?id=${id}`,
  },
  [auditSubject.code.staffChange]: {
    reviewerRoles: authority,
    detailPath: (id) => `/orgstaff/PersonStaffdetailDifferent?id=${id}`,
  },
  [auditSubject.code.constructionUnit]: {
    reviewerRoles: authority,
    detailPath: (id) => `/usercenter/jsdwVerifyInfo?id=${id}`,
  },
  [auditSubject.code.contract]: {
    reviewerRoles: auditor,
    detailPath: (id) => `/contract/contractDetails?id=${id}`,
  },
  [auditSubject.code.authChange]: {
    reviewerRoles: authority,
    detailPath: (id) => `/demandmanger/demandAuthChange?id=${id}`,
  },
  [auditSubject.code.result]: {
    reviewerRoles: auditor,
    detailPath: (id) => `/workflow/resDetails?id=${id}`,
  },
};

/** The subject types that can be reviewed. */
export const reviewKindTypes = Object.keys(kinds) as AuditSubject[];

export function reviewKind(type: AuditSubject): ReviewKind | undefined {
  return kinds[type];
}
