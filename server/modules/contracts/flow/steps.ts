/**
 * The contract flow views (issue 14: flowProcess, ContractListFlow, ContractListFlowOne): where each
 * visible contract stands (its current step and who holds it) and one contract's steps as a timeline
 * built from the contract's own dates and its audit records (filing, subject `contract`, and filing
 * changes, subject `contract_change`), with the opinions given. This file: the steps and the row every
 * view reads; list-flow.ts and get-flow.ts answer the calls.
 *
 * The current step follows from the contract's status and filing audit (DOMAIN.md) and, for a filed
 * contract, from a pending filing change; the holder of a review step is the reviewer holding the
 * to-do, or the reviewing role while nobody has taken it.
 */
import { and, eq, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import {
  agentOrganizations,
  constructionUnits,
  contractChanges,
  contracts,
  projects,
  reviewItems,
  users,
} from '@server/db/schema';
import type { FlowRow } from '@shared/calls/contracts';
import { roles } from '@shared/domain/roles';
import { auditStatus, auditSubject, contractStatus } from '@shared/domain/statuses';
import type { FlowStepKey } from '@shared/validation/contract-changes';
import { withContractJoins } from '../service';

const c = contracts;
const filingItem = alias(reviewItems, 'filing_item');
const filingHolder = alias(users, 'filing_holder');
const openChange = alias(contractChanges, 'open_change');
const changeItem = alias(reviewItems, 'change_item');
const changeHolder = alias(users, 'change_holder');

/** The steps, in the order a contract goes through them, with who acts at each. */
export const flowSteps: readonly { key: FlowStepKey; label: string; holder: string }[] = [
  { key: 'drafting', label: '起草合同', holder: '中介机构' },
  { key: 'confirming', label: '建设单位确认', holder: '建设单位' },
  { key: 'submitting', label: '提交备案', holder: '中介机构' },
  { key: 'reviewing', label: '备案审核', holder: roles.auditor.name },
  { key: 'returned', label: '备案退回修改', holder: '中介机构' },
  { key: 'filed', label: '已备案', holder: '—' },
  { key: 'changing', label: '备案变更审核', holder: roles.auditor.name },
  { key: 'terminated', label: '已终止', holder: '—' },
];
/** A step by its key. */
export const stepOf = (key: FlowStepKey) => flowSteps.find((step) => step.key === key) ?? flowSteps[0]!;

const s = contractStatus.code;
const a = auditStatus.code;

/** The current step of a contract, in SQL (needs the open-change join). */
export const stepSql = sql<FlowStepKey>`case
  when ${c.status} = ${s.terminated} then 'terminated'
  when ${c.status} = ${s.filed} and ${openChange.pkid} is not null then 'changing'
  when ${c.status} = ${s.filed} then 'filed'
  when ${c.status} = ${s.draft} then 'drafting'
  when ${c.status} = ${s.awaitingConfirmation} then 'confirming'
  when ${c.auditStatus} = ${a.pending} then 'reviewing'
  when ${c.auditStatus} = ${a.rejected} then 'returned'
  when ${c.auditStatus} = ${a.approved} then 'filed'
  else 'submitting' end`;

/** The visible contracts with the joins that tell the step and its holder. */
export function withFlowJoins<T extends PgSelect>(query: T) {
  return withContractJoins(query)
    .leftJoin(
      filingItem,
      and(eq(filingItem.subjectType, auditSubject.code.contract), eq(filingItem.subjectId, c.contractId)),
    )
    .leftJoin(filingHolder, eq(filingHolder.pkid, filingItem.assigneeId))
    .leftJoin(
      openChange,
      and(eq(openChange.contractId, c.contractId), eq(openChange.auditStatus, auditStatus.code.pending)),
    )
    .leftJoin(
      changeItem,
      and(
        eq(changeItem.subjectType, auditSubject.code.contractChange),
        eq(changeItem.subjectId, openChange.pkid),
      ),
    )
    .leftJoin(changeHolder, eq(changeHolder.pkid, changeItem.assigneeId));
}

/** The columns of a flow row (with withFlowJoins). */
export const rowColumns = {
  contractId: c.contractId,
  contractNo: c.contractNo,
  contractName: c.contractName,
  projectName: projects.projectName,
  orgName: agentOrganizations.orgName,
  ownerName: constructionUnits.name,
  amount: c.amount,
  status: c.status,
  auditStatus: c.auditStatus,
  filingNo: c.filingNo,
  step: stepSql,
  filingHolder: filingHolder.username,
  filingSubmittedAt: filingItem.submittedAt,
  changeId: openChange.pkid,
  changeHolder: changeHolder.username,
  changeSubmittedAt: changeItem.submittedAt,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
};

/** A flow row as read. */
export type FlowRecord = {
  contractId: number;
  contractNo: string;
  contractName: string;
  projectName: string;
  orgName: string;
  ownerName: string;
  amount: string | null;
  status: number;
  auditStatus: number;
  filingNo: string | null;
  step: FlowStepKey;
  filingHolder: string | null;
  filingSubmittedAt: Date | null;
  changeId: number | null;
  changeHolder: string | null;
  changeSubmittedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

function holderOf(row: FlowRecord): string {
  switch (row.step) {
    case 'drafting':
    case 'submitting':
    case 'returned':
      return row.orgName;
    case 'confirming':
      return row.ownerName;
    case 'reviewing':
      return row.filingHolder ?? `${roles.auditor.name}（待领取）`;
    case 'changing':
      return row.changeHolder ?? `${roles.auditor.name}（待领取）`;
    default:
      return '—';
  }
}

function sinceOf(row: FlowRecord): Date {
  if (row.step === 'drafting') return row.createdAt;
  if (row.step === 'reviewing') return row.filingSubmittedAt ?? row.updatedAt;
  if (row.step === 'changing') return row.changeSubmittedAt ?? row.updatedAt;
  return row.updatedAt;
}

/** A flow row as answered: its step's label, holder and since when. */
export function toFlowRow(row: FlowRecord): FlowRow {
  return {
    contractId: row.contractId,
    contractNo: row.contractNo,
    contractName: row.contractName,
    projectName: row.projectName,
    orgName: row.orgName,
    ownerName: row.ownerName,
    amount: row.amount,
    status: row.status,
    auditStatus: row.auditStatus,
    step: row.step,
    stepLabel: stepOf(row.step).label,
    holder: holderOf(row),
    since: sinceOf(row).toISOString(),
    changeId: row.changeId,
  };
}
