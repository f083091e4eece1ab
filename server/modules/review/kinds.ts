/**
 * The subjects that go through review, in one table: who reviews them by default and which console
 * page shows one (the link of every message about it). A domain that keeps the status in its own table
 * too, or applies an approved change, adds its `onDecision` here: it runs inside the decision's
 * transaction, so when it throws, the decision, its record and its messages are all undone.
 *
 * Agencies, staff, construction units and contract filings keep an `audit_status` column of their
 * own (the hall and the lists read it): their hook mirrors every change of state into it. Change
 * requests (agency, staff, unit) share one hook that also applies an approved copy (change-tables.ts).
 */
import { eq } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import {
  agentOrgAttachments,
  agentOrgChanges,
  agentOrganizations,
  agentStaff,
  agentStaffAttachments,
  agentStaffChanges,
  constructionUnits,
  contracts,
} from '@server/db/schema';
import { applyContractFiling } from '@server/modules/contracts/filing-hook';
import { applyDemandAmendment } from '@server/modules/projects/amendment-hook';
import { roles, type RoleId } from '@shared/domain/roles';
import {
  auditStatus,
  auditSubject,
  contractStatus,
  type AuditStatus,
  type AuditSubject,
} from '@shared/domain/statuses';
import type { ReviewDecisionKey } from '@shared/domain/review';
import { attachmentsDiffer } from '@shared/domain/staff';
import { AppError } from '@shared/errors/app-error';
import { beijingDate } from '@shared/validation/jobs';
import { staffMessages } from '@shared/validation/staff';
import { isPersonBlacklisted } from '@server/modules/credit/flags';
import { applyAuthChange } from '@server/modules/projects/auth-change-apply';
import { mirrorOffline } from '@server/modules/offline/offline-hook';
import { applyOnApproval, contractChanges, orgChanges, staffChanges, unitChanges } from './change-tables';

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

export interface ReviewKind {
  /** The reviewing roles; the administrator may always review. */
  reviewerRoles: readonly RoleId[];
  /** The console page of one subject (spec paths): the applicant's, and the reviewers' unless below. */
  detailPath: (subjectId: number) => string;
  /** The reviewers' page of one subject, when they work on another page than the applicant's. */
  reviewerPath?: (subjectId: number) => string;
  /** Runs after every decision, in its transaction (e.g. mirror the status into the subject's table). */
  onDecision?: (hook: ReviewHookContext) => Promise<void>;
}

/** A mirror that found no subject row: the subject is gone, so the decision must not stand. */
function mustExist(rows: readonly unknown[]): void {
  if (rows.length === 0) throw new AppError('not_found', { message: '审核对象不存在或已被删除' });
}

/** submitted_at on a submission, audited_at on an approval or a rejection. */
function stampsFor({ to, at }: ReviewHookContext): { submittedAt?: Date; auditedAt?: Date } {
  if (to === auditStatus.code.pending) return { submittedAt: at };
  if (to === auditStatus.code.approved || to === auditStatus.code.rejected) return { auditedAt: at };
  return {};
}

async function mirrorAgentOrg(hook: ReviewHookContext): Promise<void> {
  if (hook.from === hook.to) return;
  const t = agentOrganizations;
  mustExist(
    await hook.tx
      .update(t)
      .set({ auditStatus: hook.to, updatedAt: hook.at, ...stampsFor(hook) })
      .where(eq(t.organizationId, hook.subjectId))
      .returning({ id: t.organizationId }),
  );
}

async function mirrorConstructionUnit(hook: ReviewHookContext): Promise<void> {
  if (hook.from === hook.to) return;
  const t = constructionUnits;
  mustExist(
    await hook.tx
      .update(t)
      .set({ auditStatus: hook.to, updatedAt: hook.at, ...stampsFor(hook) })
      .where(eq(t.constructionId, hook.subjectId))
      .returning({ id: t.constructionId }),
  );
}

/**
 * A person blacklisted after the agency applied must not become staff through the approval: the rule
 * "a blacklisted person cannot be added as staff anywhere" holds at the moment the person takes effect.
 */
async function refuseBlacklisted(hook: ReviewHookContext, idCardNo: string | null | undefined) {
  if (hook.to !== auditStatus.code.approved || !idCardNo) return;
  if (await isPersonBlacklisted(hook.tx, idCardNo, beijingDate(hook.at)))
    throw new AppError('conflict', { message: staffMessages.blacklistedApproval });
}

async function mirrorAgentStaff(hook: ReviewHookContext): Promise<void> {
  if (hook.from === hook.to) return;
  const t = agentStaff;
  if (hook.to === auditStatus.code.approved) {
    const [person] = await hook.tx
      .select({ idCardNo: t.idCardNo })
      .from(t)
      .where(eq(t.staffId, hook.subjectId));
    await refuseBlacklisted(hook, person?.idCardNo);
  }
  mustExist(
    await hook.tx
      .update(t)
      .set({ auditStatus: hook.to, updatedAt: hook.at })
      .where(eq(t.staffId, hook.subjectId))
      .returning({ id: t.staffId }),
  );
}

/** An approved agency change that touched the attachments replaces them (older changes carry empty sets). */
async function replaceOrgAttachments(hook: ReviewHookContext, change: { subjectId: number }): Promise<void> {
  const [files] = await hook.tx
    .select({ beforeFiles: agentOrgChanges.beforeFiles, dataFiles: agentOrgChanges.dataFiles })
    .from(agentOrgChanges)
    .where(eq(agentOrgChanges.pkid, hook.subjectId));
  if (!files || !attachmentsDiffer(files.beforeFiles, files.dataFiles)) return;
  await hook.tx.delete(agentOrgAttachments).where(eq(agentOrgAttachments.organizationId, change.subjectId));
  if (files.dataFiles.length > 0)
    await hook.tx.insert(agentOrgAttachments).values(
      files.dataFiles.map((file) => ({
        organizationId: change.subjectId,
        kind: file.kind,
        fileId: file.fileId,
      })),
    );
}

/**
 * An approved staff change: refused when the person (new or current ID card) is blacklisted (the whole
 * decision rolls back), and its attachments replace the person's when the change touched them.
 */
async function checkAndReplaceStaffFiles(
  hook: ReviewHookContext,
  change: { subjectId: number },
): Promise<void> {
  const [person] = await hook.tx
    .select({ idCardNo: agentStaff.idCardNo })
    .from(agentStaff)
    .where(eq(agentStaff.staffId, change.subjectId));
  await refuseBlacklisted(hook, person?.idCardNo);
  const [files] = await hook.tx
    .select({ beforeFiles: agentStaffChanges.beforeFiles, dataFiles: agentStaffChanges.dataFiles })
    .from(agentStaffChanges)
    .where(eq(agentStaffChanges.pkid, hook.subjectId));
  if (!files || !attachmentsDiffer(files.beforeFiles, files.dataFiles)) return;
  await hook.tx.delete(agentStaffAttachments).where(eq(agentStaffAttachments.staffId, change.subjectId));
  if (files.dataFiles.length > 0)
    await hook.tx
      .insert(agentStaffAttachments)
      .values(
        files.dataFiles.map((file) => ({ staffId: change.subjectId, kind: file.kind, fileId: file.fileId })),
      );
}

/**
 * A filing change applies only to a contract that is still filed: one terminated since the change was
 * asked for refuses the approval (the whole decision rolls back).
 */
async function refuseUnlessFiled(hook: ReviewHookContext, change: { subjectId: number }): Promise<void> {
  const [row] = await hook.tx
    .select({ status: contracts.status })
    .from(contracts)
    .where(eq(contracts.contractId, change.subjectId));
  if (row?.status !== contractStatus.code.filed)
    throw new AppError('conflict', { message: '合同已不是已备案状态，不能变更' });
}

const authority = [roles.authority.id] as const;
const auditor = [roles.auditor.id] as const;

const kinds: Partial<Record<AuditSubject, ReviewKind>> = {
  [auditSubject.code.agentOrg]: {
    reviewerRoles: authority,
    detailPath: (id) => `/intermediary/orgManageDetail?id=${id}`,
    onDecision: mirrorAgentOrg,
  },
  [auditSubject.code.orgChange]: {
    reviewerRoles: authority,
    detailPath: (id) => `/usercenter/OrgChangeDetail?id=${id}`,
    reviewerPath: (id) => `/intermediary/OrgChangeInfo?id=${id}`,
    onDecision: applyOnApproval(orgChanges, replaceOrgAttachments),
  },
  [auditSubject.code.agentStaff]: {
    reviewerRoles: authority,
    detailPath: (id) => `/orgstaff/staffdetail?id=${id}`,
    onDecision: mirrorAgentStaff,
  },
  [auditSubject.code.staffChange]: {
    reviewerRoles: authority,
    detailPath: (id) => `/orgstaff/PersonStaffdetailDifferent?id=${id}`,
    reviewerPath: (id) => `/orgstaff/staffcheck?id=${id}`,
    onDecision: applyOnApproval(staffChanges, checkAndReplaceStaffFiles),
  },
  [auditSubject.code.constructionUnit]: {
    reviewerRoles: authority,
    detailPath: (id) => `/usercenter/jsdwVerifyInfo?id=${id}`,
    onDecision: mirrorConstructionUnit,
  },
  [auditSubject.code.unitChange]: {
    reviewerRoles: authority,
    detailPath: (id) => `/usercenter/jsdwVerifyInfo?changeId=${id}`,
    onDecision: applyOnApproval(unitChanges),
  },
  [auditSubject.code.contract]: {
    reviewerRoles: auditor,
    // The agency follows its application on 合同申请; the auditors decide on 备案待办.
    detailPath: (id) => `/usercenter/contractApply?contractId=${id}`,
    reviewerPath: (id) => `/contract/FilingbacklogFiling?contractId=${id}`,
    // Mirrors the audit status; an approval files the contract and moves the project to 3.
    onDecision: applyContractFiling,
  },
  [auditSubject.code.contractChange]: {
    reviewerRoles: auditor,
    // The applicant's and the reviewers' page: before and after, the records, the decision panel.
    detailPath: (id) => `/usercenter/ConChangeDetail?id=${id}`,
    onDecision: applyOnApproval(contractChanges, refuseUnlessFiled),
  },
  [auditSubject.code.authChange]: {
    reviewerRoles: authority,
    detailPath: (id) => `/demandmanger/demandAuthChange?id=${id}`,
    // The owners' page is theirs only; reviewers check authorizations on 授权核查.
    reviewerPath: (id) => `/checkaddaccreditation/check?id=${id}`,
    onDecision: applyAuthChange,
  },
  [auditSubject.code.demandAmend]: {
    reviewerRoles: authority,
    // The demand's detail page shows the amendment with its decision panel to the authority.
    detailPath: (id) => `/demandmanger/demandDetails?amendmentId=${id}`,
    onDecision: applyDemandAmendment,
  },
  // Ours (issue 13): an agency's offline project; the offline result auditors review it (pool.ts reads
  // their assignment from /audituser/resultinfo_audit_users_offline), every auditor when none are set.
  [auditSubject.code.projectOffline]: {
    reviewerRoles: auditor,
    detailPath: (id) => `/workflow/offlineProject?id=${id}`,
    onDecision: mirrorOffline,
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
