/**
 * The contract flow views (issue 14: flowProcess, ContractListFlow, ContractListFlowOne): where each
 * visible contract stands (its current step and who holds it) and one contract's steps as a timeline
 * built from the contract's own dates and its audit records (filing, subject `contract`, and filing
 * changes, subject `contract_change`), with the opinions given.
 *
 * The current step follows from the contract's status and filing audit (DOMAIN.md) and, for a filed
 * contract, from a pending filing change; the holder of a review step is the reviewer holding the
 * to-do, or the reviewing role while nobody has taken it.
 */
import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { containsPattern } from '@server/db/contains-pattern';
import type { Queryable } from '@server/db/database';
import {
  agentOrganizations,
  auditRecords,
  constructionUnits,
  contractChanges,
  contracts,
  projects,
  reviewItems,
  users,
} from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity/sessions';
import type { FlowEvent, FlowOne, FlowRow, FlowSummary } from '@shared/contracts/contracts';
import { changedContractFields, contractChangeFieldLabels } from '@shared/domain/contract-changes';
import { roles } from '@shared/domain/roles';
import { auditDecision, auditStatus, auditSubject, contractStatus } from '@shared/domain/statuses';
import type { ContractFlowListInput, FlowStepKey } from '@shared/validation/contract-changes';
import { AppError } from '@shared/errors/app-error';
import { formatMoney } from '@shared/format';
import { contractMessages } from '@shared/validation/contracts';
import { contractScope } from './scope';
import { withContractJoins } from './service';

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
const stepOf = (key: FlowStepKey) => flowSteps.find((step) => step.key === key) ?? flowSteps[0]!;

const s = contractStatus.code;
const a = auditStatus.code;

/** The current step of a contract, in SQL (needs the open-change join). */
const stepSql = sql<FlowStepKey>`case
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
function withFlowJoins<T extends PgSelect>(query: T) {
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

const rowColumns = {
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

type FlowRecord = {
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

function toFlowRow(row: FlowRecord): FlowRow {
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

/** contract/flow/query: one page of visible contracts with their step, newest change first. */
export async function listFlow(
  db: Queryable,
  user: SessionUser,
  input: ContractFlowListInput,
): Promise<{ rows: FlowRow[]; total: number }> {
  const scope = await contractScope(db, user);
  const parts: (SQL | undefined)[] = [scope];
  if (input.contractNo) parts.push(ilike(c.contractNo, containsPattern(input.contractNo)));
  if (input.projectName) parts.push(ilike(projects.projectName, containsPattern(input.projectName)));
  if (input.step) parts.push(sql`${stepSql} = ${input.step}`);
  const where = and(...parts);
  const rows = (await withFlowJoins(
    db
      .select({ ...rowColumns, total: sql<number>`count(*) over()::int` })
      .from(c)
      .$dynamic(),
  )
    .where(where)
    .orderBy(desc(c.updatedAt), desc(c.contractId))
    .limit(input.pageSize)
    .offset((input.pageIdx - 1) * input.pageSize)) as (FlowRecord & { total: number })[];
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && input.pageIdx > 1) {
    const [counted] = await withFlowJoins(
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(c)
        .$dynamic(),
    ).where(where);
    total = counted?.n ?? 0;
  }
  return { rows: rows.map(toFlowRow), total };
}

/** contract/flow/summary: how many visible contracts stand at each step. */
export async function flowSummary(db: Queryable, user: SessionUser): Promise<FlowSummary> {
  const scope = await contractScope(db, user);
  const counts = await withFlowJoins(
    db
      .select({ step: stepSql, n: sql<number>`count(*)::int` })
      .from(c)
      .$dynamic(),
  )
    .where(scope)
    .groupBy(sql`1`);
  const byStep = new Map(counts.map((row) => [row.step as FlowStepKey, row.n]));
  return {
    total: counts.reduce((sum, row) => sum + row.n, 0),
    steps: flowSteps.map((step) => ({ ...step, count: byStep.get(step.key) ?? 0 })),
  };
}

/** The main path's steps and where the contract stands on it. */
function pathOf(row: FlowRecord & { filedAt: Date | null }, hasChanges: boolean): FlowOne['steps'] {
  const path: FlowStepKey[] = ['drafting', 'confirming', 'submitting', 'reviewing', 'filed'];
  if (hasChanges || row.step === 'changing') path.push('changing');
  const position: Record<FlowStepKey, number> = {
    drafting: 0,
    confirming: 1,
    submitting: 2,
    returned: 2,
    reviewing: 3,
    filed: 4,
    changing: 5,
    // A terminated contract went as far as filing, or no further than its drafting.
    terminated: row.filedAt ? 5 : 1,
  };
  const at = position[row.step];
  return path.map((key, index) => ({
    key,
    label: index === at && row.step === 'returned' ? stepOf('returned').label : stepOf(key).label,
    state:
      index < at || (row.step === 'filed' && key === 'filed') || (key === 'changing' && row.step === 'filed')
        ? 'done'
        : index === at
          ? 'current'
          : 'todo',
  }));
}

const tones: Record<number, FlowEvent['tone']> = {
  [auditDecision.code.submitted]: 'info',
  [auditDecision.code.approved]: 'success',
  [auditDecision.code.rejected]: 'danger',
  [auditDecision.code.transferred]: 'neutral',
};

/** contract/flow/queryOne: one visible contract's steps and its timeline, oldest first. */
export async function getFlow(db: Queryable, user: SessionUser, contractId: number): Promise<FlowOne> {
  const scope = await contractScope(db, user);
  const [row] = (await withFlowJoins(
    db
      .select({
        ...rowColumns,
        signedOn: c.signedOn,
        filedAt: c.filedAt,
        ownerConfirmedAt: c.ownerConfirmedAt,
        ownerConfirmedName: c.ownerConfirmedName,
        agencyConfirmedAt: c.agencyConfirmedAt,
        agencyConfirmedName: c.agencyConfirmedName,
        returnedAt: c.returnedAt,
        returnReason: c.returnReason,
      })
      .from(c)
      .$dynamic(),
  ).where(and(eq(c.contractId, contractId), scope))) as (FlowRecord & {
    signedOn: string | null;
    filedAt: Date | null;
    ownerConfirmedAt: Date | null;
    ownerConfirmedName: string | null;
    agencyConfirmedAt: Date | null;
    agencyConfirmedName: string | null;
    returnedAt: Date | null;
    returnReason: string | null;
  })[];
  if (!row) throw new AppError('not_found', { message: contractMessages.notFound });
  const changes = await db
    .select({
      pkid: contractChanges.pkid,
      before: contractChanges.before,
      data: contractChanges.data,
    })
    .from(contractChanges)
    .where(eq(contractChanges.contractId, contractId))
    .orderBy(asc(contractChanges.createdAt), asc(contractChanges.pkid));
  const changeIds = changes.map((change) => change.pkid);
  const records = await db
    .select({
      pkid: auditRecords.pkid,
      subjectType: auditRecords.subjectType,
      subjectId: auditRecords.subjectId,
      decision: auditRecords.decision,
      opinion: auditRecords.opinion,
      auditorName: auditRecords.auditorName,
      transferToName: users.username,
      auditedAt: auditRecords.auditedAt,
    })
    .from(auditRecords)
    .leftJoin(users, eq(users.pkid, auditRecords.transferToId))
    .where(
      sql`(${auditRecords.subjectType} = ${auditSubject.code.contract} and ${auditRecords.subjectId} = ${contractId})${
        changeIds.length > 0
          ? sql` or (${auditRecords.subjectType} = ${auditSubject.code.contractChange} and ${inArray(auditRecords.subjectId, changeIds)})`
          : sql``
      }`,
    )
    .orderBy(asc(auditRecords.auditedAt), asc(auditRecords.pkid));

  const events: (FlowEvent & { order: number })[] = [];
  const push = (event: FlowEvent) => events.push({ ...event, order: events.length });
  push({
    key: 'drafted',
    label: '起草合同',
    at: row.createdAt.toISOString(),
    actor: row.orgName,
    opinion: null,
    tone: 'neutral',
    changeId: null,
  });
  // The confirmations and the last return are recorded with who and when (contract/confirm, return,
  // addRecord); contracts from before them have only the signing date.
  if (row.returnedAt)
    push({
      key: 'returned',
      label: '建设单位退回修改',
      at: row.returnedAt.toISOString(),
      actor: row.ownerName,
      opinion: row.returnReason,
      tone: 'warning',
      changeId: null,
    });
  if (row.ownerConfirmedAt)
    push({
      key: 'confirmed',
      label: '建设单位确认合同',
      at: row.ownerConfirmedAt.toISOString(),
      actor: row.ownerConfirmedName ?? row.ownerName,
      opinion: null,
      tone: 'info',
      changeId: null,
    });
  else if (row.signedOn && row.status !== s.draft && row.status !== s.awaitingConfirmation)
    push({
      key: 'confirmed',
      label: '建设单位确认合同（签订）',
      // A date without a time: noon Beijing time keeps it on its day in the timeline.
      at: new Date(`${row.signedOn}T04:00:00Z`).toISOString(),
      actor: row.ownerName,
      opinion: null,
      tone: 'info',
      changeId: null,
    });
  if (row.agencyConfirmedAt)
    push({
      key: 'agencyConfirmed',
      label: '中介机构确认合同',
      at: row.agencyConfirmedAt.toISOString(),
      actor: row.agencyConfirmedName ?? row.orgName,
      opinion: null,
      tone: 'info',
      changeId: null,
    });
  const changeNumber = new Map(changes.map((change, index) => [change.pkid, index + 1]));
  const changeById = new Map(changes.map((change) => [change.pkid, change]));
  const submittedBefore = new Set<number>();
  /** What a change touches; with `amounts`, the amount before and after it (its final version). */
  const touched = (change: (typeof changes)[number] | undefined, amounts: boolean) =>
    change
      ? changedContractFields(change.before, change.data)
          .map((key) =>
            key === 'amount' && amounts
              ? `合同金额 ${formatMoney(change.before.amount)} → ${formatMoney(change.data.amount)}`
              : contractChangeFieldLabels[key],
          )
          .join('、')
      : '';
  for (const record of records) {
    const isChange = record.subjectType === auditSubject.code.contractChange;
    const n = isChange ? changeNumber.get(record.subjectId) : undefined;
    const change = isChange ? changeById.get(record.subjectId) : undefined;
    const what = isChange ? `第 ${n} 次备案变更` : '合同备案';
    let label: string;
    switch (record.decision) {
      case auditDecision.code.submitted: {
        const key = isChange ? record.subjectId : 0;
        const again = submittedBefore.has(key) ? '重新' : '';
        submittedBefore.add(key);
        label = isChange ? `${again}提交${what}（${touched(change, false)}）` : `${again}提交合同备案`;
        break;
      }
      case auditDecision.code.approved:
        label = isChange ? `${what}审核通过，变更生效（${touched(change, true)}）` : '合同备案审核通过';
        break;
      case auditDecision.code.rejected:
        label = `${what}审核不通过，退回修改`;
        break;
      case auditDecision.code.transferred:
        label = `${what}转办给${record.transferToName ?? '其他审核人员'}`;
        break;
      default:
        label = `${what}：${auditDecision.label(record.decision)}`;
    }
    push({
      key: `${isChange ? 'change.' : ''}${auditDecision.find(record.decision)?.key ?? 'record'}`,
      label,
      at: record.auditedAt.toISOString(),
      actor: record.auditorName,
      opinion: record.opinion,
      tone: tones[record.decision] ?? 'neutral',
      changeId: isChange ? record.subjectId : null,
    });
  }
  if (row.filedAt)
    push({
      key: 'filed',
      label: `备案完成${row.filingNo ? `，备案编号 ${row.filingNo}` : ''}`,
      at: row.filedAt.toISOString(),
      actor: null,
      opinion: null,
      tone: 'success',
      changeId: null,
    });
  if (row.status === s.terminated)
    push({
      key: 'terminated',
      label: '合同终止',
      at: row.updatedAt.toISOString(),
      actor: null,
      opinion: null,
      tone: 'danger',
      changeId: null,
    });
  // Oldest first; on the same instant, the order they were added (approval before filing).
  events.sort((x, y) => x.at.localeCompare(y.at) || x.order - y.order);
  return {
    ...toFlowRow(row),
    filingNo: row.filingNo,
    steps: pathOf(row, changes.length > 0),
    events: events.map(({ order: _order, ...event }) => event),
  };
}
