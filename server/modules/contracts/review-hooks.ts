/**
 * What review decisions do to contracts (server/modules/review/hooks.ts).
 *
 * The kind `contract` (filing): mirrors the filing's
 * audit status into contracts.audit_status, and on approval files the contract in the same transaction:
 * the filing number (备案编号, unique: it carries the contract id), status 3 (已备案), the filing time,
 * and the project moves 2 → 3 (合同已备案) through moveProject with its log line. If the project cannot
 * move (terminated meanwhile), the whole decision is undone.
 */
import { eq, sql } from 'drizzle-orm';
import type { ReviewItemSources } from '@server/db/review-items';
import {
  agentOrganizations,
  contractChanges as contractChangeTable,
  contracts,
  projectDemands,
} from '@server/db/schema';
import { moveProject } from '@server/modules/projects';
import {
  applyOnApproval,
  changeItems,
  type ChangeTable,
  type ReviewHookContext,
  type ReviewHooks,
} from '@server/modules/review';
import { auditStatus, auditSubject, contractStatus, projectStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { contractChangeMessages } from '@shared/validation/contract-changes';
import { contractAmountField, filingMessages } from '@shared/validation/contract-filing';
import { beijingDate } from '@shared/validation/jobs';

/** YZBA + the Beijing year of filing + the contract id in six digits (the seeded numbers' form). */
export function filingNumber(contractId: number, at: Date): string {
  return `YZBA${beijingDate(at).slice(0, 4)}${String(contractId).padStart(6, '0')}`;
}

export async function applyContractFiling(hook: ReviewHookContext): Promise<void> {
  if (hook.from === hook.to) return;
  const t = contracts;
  const [row] = await hook.tx
    .select({ projectId: t.projectId, demandId: t.demandId, contractNo: t.contractNo, status: t.status })
    .from(t)
    .where(eq(t.contractId, hook.subjectId))
    .for('update');
  if (!row) throw new AppError('not_found', { message: '审核对象不存在或已被删除' });
  if (hook.to !== auditStatus.code.approved) {
    await hook.tx
      .update(t)
      .set({ auditStatus: hook.to, updatedAt: hook.at })
      .where(eq(t.contractId, hook.subjectId));
    return;
  }
  const filingNo = filingNumber(hook.subjectId, hook.at);
  await hook.tx
    .update(t)
    .set({
      auditStatus: hook.to,
      status: contractStatus.code.filed,
      filingNo,
      filedAt: hook.at,
      updatedAt: hook.at,
    })
    .where(eq(t.contractId, hook.subjectId));
  await moveProject(hook.tx, {
    projectId: row.projectId,
    to: projectStatus.code.contractFiled,
    actor: hook.actor,
    content: `测绘合同（${row.contractNo}）已备案，备案编号${filingNo}`,
    at: hook.at,
  });
  if (row.demandId !== null)
    await hook.tx
      .update(projectDemands)
      .set({ status: projectStatus.code.contractFiled, updatedAt: hook.at })
      .where(eq(projectDemands.pkid, row.demandId));
}

/** Filing changes of filed contracts (issue 14): approval writes amount, schedule, terms, document. */
export const contractChanges: ChangeTable<typeof contractChangeTable> = {
  subjectType: auditSubject.code.contractChange,
  table: contractChangeTable,
  subjectId: contractChangeTable.contractId,
};

/**
 * An approved filing change writes its values over the contract, which must still be filed: one
 * terminated since the change was asked for refuses the approval (the whole decision rolls back).
 */
async function applyContractChange(hook: ReviewHookContext, change: typeof contractChangeTable.$inferSelect) {
  const [row] = await hook.tx
    .select({ status: contracts.status })
    .from(contracts)
    .where(eq(contracts.contractId, change.contractId));
  if (row?.status !== contractStatus.code.filed)
    throw new AppError('conflict', { message: '合同已不是已备案状态，不能变更' });
  // The amount rule of drafting (issue 21), again at approval: a change stored before the rule (the cap
  // was 100 亿) is not written over the contract; the auditor returns it instead.
  const amount = contractAmountField().safeParse(change.data.amount);
  if (!amount.success) {
    const tooLarge = amount.error.issues.some((issue) => issue.message === filingMessages.amountTooLarge);
    throw new AppError('conflict', {
      message: tooLarge
        ? contractChangeMessages.approvedAmountTooLarge
        : contractChangeMessages.approvedAmountInvalid,
    });
  }
  await hook.tx
    .update(contracts)
    .set({ ...change.data, updatedAt: hook.at })
    .where(eq(contracts.contractId, change.contractId));
}

/** Contract filings (the agency files) and filing changes as review items (server/db/review-items.ts). */
export const contractReviewItems: ReviewItemSources = {
  [auditSubject.code.contract]: {
    table: contracts,
    join: { table: agentOrganizations, on: eq(agentOrganizations.organizationId, contracts.organizationId) },
    id: contracts.contractId,
    applicant: agentOrganizations.userId,
    submitted: contracts.updatedAt,
    decided: sql`coalesce(${contracts.filedAt}, ${contracts.updatedAt})`,
    name: contracts.contractNo,
    project: contracts.projectId,
  },
  [auditSubject.code.contractChange]: {
    ...changeItems(contractChanges),
    project: sql`(select c.project_id from contracts c where c.contract_id = ${contractChanges.table.contractId})`,
  },
};

export const contractReviewHooks: ReviewHooks = {
  // Mirrors the audit status; an approval files the contract and moves the project to 3.
  [auditSubject.code.contract]: applyContractFiling,
  [auditSubject.code.contractChange]: applyOnApproval(contractChanges, applyContractChange),
};
