/**
 * The subjects that go through review, in one table: who reviews them by default and which console
 * page shows one (the link of every message, to-do and done row about it). What a decision does to
 * the subject's own rows is its domain's business: each domain hands the engine a hook
 * (server/modules/<domain>/review-hooks.ts, listed once in server/review-hooks.ts).
 */
import { evaluationPath } from './evaluations';
import { roles, type RoleId } from './roles';
import { auditSubject, type AuditSubject } from './statuses';

export interface ReviewKind {
  /** The reviewing roles; the administrator may always review. */
  reviewerRoles: readonly RoleId[];
  /** The console page of one subject (a route of ./routes.ts): the applicant's, and the reviewers' unless below. */
  detailPath: (subjectId: number) => string;
  /** The reviewers' page of one subject, when they work on another page than the applicant's. */
  reviewerPath?: (subjectId: number) => string;
}

/** The reviewers' queue (to-do list) page of each kind that has one (the work home's queue counts). */
export const reviewQueuePaths: Partial<Record<AuditSubject, string>> = {
  agent_org: '/intermediary/orglist',
  org_change: '/intermediary/OrgChange',
  agent_staff: '/orgstaff/personnelReview',
  staff_change: '/orgstaff/informationReview',
  construction_unit: '/usercenter/jsdwVerify',
  unit_change: '/usercenter/jsdwVerify?view=changes',
  demand_amend: '/demandmanger/demandQuery',
  contract: '/contract/contractToDoList',
  contract_change: '/contract/FilingCh',
  auth_change: '/checkaddaccreditation/check',
  project_offline: '/workflow/offlineProjectList',
  result: '/workflow/ToDoList',
  share_authority: '/workflow/applyProjectList',
};

const authority = [roles.authority.id] as const;
const auditor = [roles.auditor.id] as const;
const s = auditSubject.code;

const kinds: Partial<Record<AuditSubject, ReviewKind>> = {
  [s.agentOrg]: { reviewerRoles: authority, detailPath: (id) => `/intermediary/orgManageDetail?id=${id}` },
  [s.orgChange]: {
    reviewerRoles: authority,
    detailPath: (id) => `/usercenter/OrgChangeDetail?id=${id}`,
    reviewerPath: (id) => `/intermediary/OrgChangeInfo?id=${id}`,
  },
  [s.agentStaff]: { reviewerRoles: authority, detailPath: (id) => `/orgstaff/staffdetail?id=${id}` },
  [s.staffChange]: {
    reviewerRoles: authority,
    detailPath: (id) => `/orgstaff/PersonStaffdetailDifferent?id=${id}`,
    reviewerPath: (id) => `/orgstaff/staffcheck?id=${id}`,
  },
  [s.constructionUnit]: {
    reviewerRoles: authority,
    detailPath: (id) => `/usercenter/jsdwVerifyInfo?id=${id}`,
  },
  [s.unitChange]: {
    reviewerRoles: authority,
    detailPath: (id) => `/usercenter/jsdwVerifyInfo?changeId=${id}`,
  },
  [s.contract]: {
    reviewerRoles: auditor,
    // The agency follows its application on 合同申请; the auditors decide on 备案待办.
    detailPath: (id) => `/usercenter/contractApply?contractId=${id}`,
    reviewerPath: (id) => `/contract/FilingbacklogFiling?contractId=${id}`,
  },
  // The applicant's and the reviewers' page: before and after, the records, the decision panel.
  [s.contractChange]: { reviewerRoles: auditor, detailPath: (id) => `/usercenter/ConChangeDetail?id=${id}` },
  [s.authChange]: {
    reviewerRoles: authority,
    detailPath: (id) => `/demandmanger/demandAuthChange?id=${id}`,
    // The owners' page is theirs only; reviewers check authorizations on 授权核查.
    reviewerPath: (id) => `/checkaddaccreditation/check?id=${id}`,
  },
  // The demand's detail page shows the amendment with its decision panel to the authority.
  [s.demandAmend]: {
    reviewerRoles: authority,
    detailPath: (id) => `/demandmanger/demandDetails?amendmentId=${id}`,
  },
  // Ours (issue 13): an agency's offline project; the offline result auditors review it (the pool reads
  // their assignment from /audituser/resultinfo_audit_users_offline), every auditor when none are set.
  [s.projectOffline]: { reviewerRoles: auditor, detailPath: (id) => `/workflow/offlineProject?id=${id}` },
  [s.result]: { reviewerRoles: auditor, detailPath: (id) => `/workflow/resDetails?id=${id}` },
  // Ours (issue 22, sharing): an application is decided by its project's owner (the one named reviewer,
  // server/modules/sharing), then by the authority; both on the application's page.
  [s.shareOwner]: {
    reviewerRoles: [roles.owner.id],
    detailPath: (id) => `/workflow/applyDetials?id=${id}`,
  },
  [s.shareAuthority]: { reviewerRoles: authority, detailPath: (id) => `/workflow/applyDetials?id=${id}` },
  // Ours (issue 24): an appeal against an evaluation, decided by the authority on the evaluation's
  // page (its list with ?id=); the subject is the evaluation.
  [s.smoAppeal]: { reviewerRoles: authority, detailPath: (id) => evaluationPath('smo', id) },
  [s.smdAppeal]: { reviewerRoles: authority, detailPath: (id) => evaluationPath('smd', id) },
  [s.conAppeal]: { reviewerRoles: authority, detailPath: (id) => evaluationPath('con', id) },
};

/** The subject types that can be reviewed. */
export const reviewKindTypes = Object.keys(kinds) as AuditSubject[];

export function reviewKind(type: AuditSubject): ReviewKind | undefined {
  return kinds[type];
}

/** The link of a subject for its applicant or for its reviewers (messages, to-do and done rows). */
export function reviewLink(
  type: AuditSubject,
  subjectId: number,
  audience: 'applicant' | 'reviewer',
): string {
  const kind = kinds[type];
  if (!kind) return '';
  return (audience === 'reviewer' && kind.reviewerPath ? kind.reviewerPath : kind.detailPath)(subjectId);
}
