/**
 * The change-request tables (server/modules/review/change-requests.ts), named once, and the review
 * hook that applies an approved request. Kept apart from the engine's service so kinds.ts can use the
 * hook without importing the engine.
 */
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  agentOrgChanges,
  agentOrganizations,
  agentStaff,
  agentStaffChanges,
  constructionUnitChanges,
  constructionUnits,
  contractChanges as contractChangeTable,
  contracts,
} from '@server/db/schema';
import { auditStatus, auditSubject, type AuditSubject } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import type { ReviewHookContext } from './kinds';

/** A change table and the subject table it applies to, by their columns' property names. */
export interface ChangeTable {
  /** The review kind of the requests (auditSubject). */
  subjectType: AuditSubject;
  table: PgTable;
  /** Property names in the change table. */
  keys: { subjectId: string; reason?: string };
  columns: { pkid: PgColumn; subjectId: PgColumn; auditStatus: PgColumn; data: PgColumn };
  /** The subject table and its key, written over on approval. */
  subject: { table: PgTable; id: PgColumn };
}

export const orgChanges: ChangeTable = {
  subjectType: auditSubject.code.orgChange,
  table: agentOrgChanges,
  keys: { subjectId: 'organizationId', reason: 'reason' },
  columns: {
    pkid: agentOrgChanges.pkid,
    subjectId: agentOrgChanges.organizationId,
    auditStatus: agentOrgChanges.auditStatus,
    data: agentOrgChanges.data,
  },
  subject: { table: agentOrganizations, id: agentOrganizations.organizationId },
};

export const staffChanges: ChangeTable = {
  subjectType: auditSubject.code.staffChange,
  table: agentStaffChanges,
  keys: { subjectId: 'staffId' },
  columns: {
    pkid: agentStaffChanges.pkid,
    subjectId: agentStaffChanges.staffId,
    auditStatus: agentStaffChanges.auditStatus,
    data: agentStaffChanges.data,
  },
  subject: { table: agentStaff, id: agentStaff.staffId },
};

export const unitChanges: ChangeTable = {
  subjectType: auditSubject.code.unitChange,
  table: constructionUnitChanges,
  keys: { subjectId: 'constructionId', reason: 'reason' },
  columns: {
    pkid: constructionUnitChanges.pkid,
    subjectId: constructionUnitChanges.constructionId,
    auditStatus: constructionUnitChanges.auditStatus,
    data: constructionUnitChanges.data,
  },
  subject: { table: constructionUnits, id: constructionUnits.constructionId },
};

/** Filing changes of filed contracts (issue 14): approval writes amount, schedule, terms, document. */
export const contractChanges: ChangeTable = {
  subjectType: auditSubject.code.contractChange,
  table: contractChangeTable,
  keys: { subjectId: 'contractId', reason: 'reason' },
  columns: {
    pkid: contractChangeTable.pkid,
    subjectId: contractChangeTable.contractId,
    auditStatus: contractChangeTable.auditStatus,
    data: contractChangeTable.data,
  },
  subject: { table: contracts, id: contracts.contractId },
};

/**
 * The review kind's hook: mirrors the request's status into its row and, on an approval, writes its
 * copy of the fields over the subject (until then the subject's data stays in force). `also` runs
 * after an approval was applied (e.g. a kind that replaces attachments too).
 */
export function applyOnApproval(
  kind: ChangeTable,
  also?: (hook: ReviewHookContext, change: { subjectId: number }) => Promise<void>,
) {
  return async (hook: ReviewHookContext): Promise<void> => {
    if (hook.from === hook.to) return;
    const approved = hook.to === auditStatus.code.approved;
    const rows = (await hook.tx
      .update(kind.table)
      .set({ auditStatus: hook.to, updatedAt: hook.at, ...(approved ? { appliedAt: hook.at } : {}) } as never)
      .where(eq(kind.columns.pkid, hook.subjectId))
      .returning({ subjectId: kind.columns.subjectId, data: kind.columns.data })) as {
      subjectId: number;
      data: Record<string, unknown>;
    }[];
    const change = rows[0];
    if (!change) throw new AppError('not_found', { message: '审核对象不存在或已被删除' });
    if (!approved) return;
    await hook.tx
      .update(kind.subject.table)
      .set({ ...change.data, updatedAt: hook.at } as never)
      .where(eq(kind.subject.id, change.subjectId));
    await also?.(hook, change);
  };
}
