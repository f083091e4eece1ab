/**
 * The subjects that go through review, in one table: who reviews them by default and which console
 * page shows one (the link of every message about it). A domain that keeps the status in its own table
 * too, or applies an approved change, adds its `onDecision` here: it runs inside the decision's
 * transaction, so when it throws, the decision, its record and its messages are all undone.
 *
 * Agencies, staff, construction units and contract filings keep an `audit_status` column of their
 * own (the hall and the lists read it): their hook mirrors every change of state into it.
 */
import { eq } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import {
  agentOrgChanges,
  agentOrganizations,
  agentStaff,
  agentStaffChanges,
  constructionUnits,
  contracts,
} from '@server/db/schema';
import { roles, type RoleId } from '@shared/domain/roles';
import { auditStatus, auditSubject, type AuditStatus, type AuditSubject } from '@shared/domain/statuses';
import type { ReviewDecisionKey } from '@shared/domain/review';
import { AppError } from '@shared/errors/app-error';

export interface ReviewHookContext {
  tx: Queryable;
  subjectId: number;
  decision: ReviewDecisionKey;
  from: AuditStatus;
  to: AuditStatus;
  /** The decision's instant (its audit record's time). */
  at: Date;
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

async function mirrorAgentStaff(hook: ReviewHookContext): Promise<void> {
  if (hook.from === hook.to) return;
  const t = agentStaff;
  mustExist(
    await hook.tx
      .update(t)
      .set({ auditStatus: hook.to, updatedAt: hook.at })
      .where(eq(t.staffId, hook.subjectId))
      .returning({ id: t.staffId }),
  );
}

/**
 * An agency change request: mirrors its status and, on an approval, writes its copy of the fields
 * over the agency (until then the agency's current data stays in force).
 */
async function applyOrgChange(hook: ReviewHookContext): Promise<void> {
  if (hook.from === hook.to) return;
  const approved = hook.to === auditStatus.code.approved;
  const rows = await hook.tx
    .update(agentOrgChanges)
    .set({ auditStatus: hook.to, updatedAt: hook.at, ...(approved ? { appliedAt: hook.at } : {}) })
    .where(eq(agentOrgChanges.pkid, hook.subjectId))
    .returning({ organizationId: agentOrgChanges.organizationId, data: agentOrgChanges.data });
  mustExist(rows);
  const change = rows[0];
  if (approved && change)
    await hook.tx
      .update(agentOrganizations)
      .set({ ...change.data, updatedAt: hook.at })
      .where(eq(agentOrganizations.organizationId, change.organizationId));
}

/**
 * A change of an approved person: mirrors its status and, on an approval, writes its copy of the
 * fields over the person (until then the person's current data stays in force).
 */
async function applyStaffChange(hook: ReviewHookContext): Promise<void> {
  if (hook.from === hook.to) return;
  const approved = hook.to === auditStatus.code.approved;
  const rows = await hook.tx
    .update(agentStaffChanges)
    .set({ auditStatus: hook.to, updatedAt: hook.at, ...(approved ? { appliedAt: hook.at } : {}) })
    .where(eq(agentStaffChanges.pkid, hook.subjectId))
    .returning({ staffId: agentStaffChanges.staffId, data: agentStaffChanges.data });
  mustExist(rows);
  const change = rows[0];
  if (approved && change)
    await hook.tx
      .update(agentStaff)
      .set({ ...change.data, updatedAt: hook.at })
      .where(eq(agentStaff.staffId, change.staffId));
}

/** A contract's filing audit; the contract's own life (`status`) is the contracts module's. */
async function mirrorContractFiling(hook: ReviewHookContext): Promise<void> {
  if (hook.from === hook.to) return;
  const t = contracts;
  mustExist(
    await hook.tx
      .update(t)
      .set({ auditStatus: hook.to, updatedAt: hook.at })
      .where(eq(t.contractId, hook.subjectId))
      .returning({ id: t.contractId }),
  );
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
    onDecision: applyOrgChange,
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
    onDecision: applyStaffChange,
  },
  [auditSubject.code.constructionUnit]: {
    reviewerRoles: authority,
    detailPath: (id) => `/usercenter/jsdwVerifyInfo?id=${id}`,
    onDecision: mirrorConstructionUnit,
  },
  [auditSubject.code.contract]: {
    reviewerRoles: auditor,
    detailPath: (id) => `/contract/contractDetails?id=${id}`,
    onDecision: mirrorContractFiling,
  },
  [auditSubject.code.authChange]: {
    reviewerRoles: authority,
    detailPath: (id) => `/demandmanger/demandAuthChange?id=${id}`,
    // The owners' page is theirs only; reviewers check authorizations on 授权核查.
    reviewerPath: (id) => `/checkaddaccreditation/check?id=${id}`,
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
