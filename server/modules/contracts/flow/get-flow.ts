/** contract/flow/queryOne: one visible contract's steps and its timeline, oldest first. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { auditRecords, contractChanges, contracts, users } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import type { FlowEvent, FlowOne } from '@shared/calls/contracts';
import { changedContractFields, contractChangeFieldLabels } from '@shared/domain/contract-changes';
import { auditDecision, auditSubject, contractStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { formatMoney } from '@shared/format';
import type { FlowStepKey } from '@shared/validation/contract-changes';
import { contractMessages } from '@shared/validation/contracts';
import { contractScope } from '../scope';
import { rowColumns, stepOf, toFlowRow, withFlowJoins, type FlowRecord } from './steps';

const c = contracts;
const s = contractStatus.code;

/** The flow row with the contract's own dates of confirmation, return and filing. */
type FlowOneRecord = FlowRecord & {
  signedOn: string | null;
  filedAt: Date | null;
  ownerConfirmedAt: Date | null;
  ownerConfirmedName: string | null;
  agencyConfirmedAt: Date | null;
  agencyConfirmedName: string | null;
  returnedAt: Date | null;
  returnReason: string | null;
};

type ChangeRecord = Awaited<ReturnType<typeof changesOf>>[number];
type AuditRecord = Awaited<ReturnType<typeof auditRecordsOf>>[number];

/** The visible contract's flow row (404 otherwise, the same for another party's and a missing one). */
async function flowRecordOf(db: Queryable, user: SessionUser, contractId: number): Promise<FlowOneRecord> {
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
  ).where(and(eq(c.contractId, contractId), scope))) as FlowOneRecord[];
  if (!row) throw new AppError('not_found', { message: contractMessages.notFound });
  return row;
}

/** The contract's filing changes, oldest first (their number is their place). */
function changesOf(db: Queryable, contractId: number) {
  return db
    .select({ pkid: contractChanges.pkid, before: contractChanges.before, data: contractChanges.data })
    .from(contractChanges)
    .where(eq(contractChanges.contractId, contractId))
    .orderBy(asc(contractChanges.createdAt), asc(contractChanges.pkid));
}

/** The audit records of the contract's filing and of its changes, oldest first. */
function auditRecordsOf(db: Queryable, contractId: number, changeIds: number[]) {
  return db
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
}

/** An event of the contract itself (not of a filing change). */
function contractEvent(
  key: string,
  label: string,
  at: Date,
  actor: string | null,
  tone: FlowEvent['tone'],
  opinion: string | null = null,
): FlowEvent {
  return { key, label, at: at.toISOString(), actor, opinion, tone, changeId: null };
}

/** Drafting, the owner's return and confirmation, the agency's confirmation. */
function partyEvents(row: FlowOneRecord): FlowEvent[] {
  const events = [contractEvent('drafted', '起草合同', row.createdAt, row.orgName, 'neutral')];
  // The confirmations and the last return are recorded with who and when (contract/confirm, return,
  // addRecord); contracts from before them have only the signing date.
  if (row.returnedAt)
    events.push(
      contractEvent(
        'returned',
        '建设单位退回修改',
        row.returnedAt,
        row.ownerName,
        'warning',
        row.returnReason,
      ),
    );
  if (row.ownerConfirmedAt)
    events.push(
      contractEvent(
        'confirmed',
        '建设单位确认合同',
        row.ownerConfirmedAt,
        row.ownerConfirmedName ?? row.ownerName,
        'info',
      ),
    );
  else if (row.signedOn && row.status !== s.draft && row.status !== s.awaitingConfirmation)
    events.push(
      // A date without a time: noon Beijing time keeps it on its day in the timeline.
      contractEvent(
        'confirmed',
        '建设单位确认合同（签订）',
        new Date(`${row.signedOn}T04:00:00Z`),
        row.ownerName,
        'info',
      ),
    );
  if (row.agencyConfirmedAt)
    events.push(
      contractEvent(
        'agencyConfirmed',
        '中介机构确认合同',
        row.agencyConfirmedAt,
        row.agencyConfirmedName ?? row.orgName,
        'info',
      ),
    );
  return events;
}

const tones: Record<number, FlowEvent['tone']> = {
  [auditDecision.code.submitted]: 'info',
  [auditDecision.code.approved]: 'success',
  [auditDecision.code.rejected]: 'danger',
  [auditDecision.code.transferred]: 'neutral',
};

/** What a change touches; with `amounts`, the amount before and after it (its final version). */
function touched(change: ChangeRecord | undefined, amounts: boolean): string {
  if (!change) return '';
  return changedContractFields(change.before, change.data)
    .map((key) =>
      key === 'amount' && amounts
        ? `合同金额 ${formatMoney(change.before.amount)} → ${formatMoney(change.data.amount)}`
        : contractChangeFieldLabels[key],
    )
    .join('、');
}

/** The filing's and its changes' audit records as events, named by what they decided. */
function reviewEvents(records: AuditRecord[], changes: ChangeRecord[]): FlowEvent[] {
  const changeNumber = new Map(changes.map((change, index) => [change.pkid, index + 1]));
  const changeById = new Map(changes.map((change) => [change.pkid, change]));
  const submittedBefore = new Set<number>();
  return records.map((record) => {
    const isChange = record.subjectType === auditSubject.code.contractChange;
    const change = isChange ? changeById.get(record.subjectId) : undefined;
    const what = isChange ? `第 ${changeNumber.get(record.subjectId)} 次备案变更` : '合同备案';
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
    return {
      key: `${isChange ? 'change.' : ''}${auditDecision.find(record.decision)?.key ?? 'record'}`,
      label,
      at: record.auditedAt.toISOString(),
      actor: record.auditorName,
      opinion: record.opinion,
      tone: tones[record.decision] ?? 'neutral',
      changeId: isChange ? record.subjectId : null,
    };
  });
}

/** Filing done and termination. */
function closingEvents(row: FlowOneRecord): FlowEvent[] {
  const events: FlowEvent[] = [];
  if (row.filedAt)
    events.push(
      contractEvent(
        'filed',
        `备案完成${row.filingNo ? `，备案编号 ${row.filingNo}` : ''}`,
        row.filedAt,
        null,
        'success',
      ),
    );
  if (row.status === s.terminated)
    events.push(contractEvent('terminated', '合同终止', row.updatedAt, null, 'danger'));
  return events;
}

/** The main path's steps and where the contract stands on it. */
function pathOf(row: FlowOneRecord, hasChanges: boolean): FlowOne['steps'] {
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

/** contract/flow/queryOne: one visible contract's steps and its timeline, oldest first. */
export async function getFlow(db: Queryable, user: SessionUser, contractId: number): Promise<FlowOne> {
  const row = await flowRecordOf(db, user, contractId);
  const changes = await changesOf(db, contractId);
  const records = await auditRecordsOf(
    db,
    contractId,
    changes.map((change) => change.pkid),
  );
  const events = [...partyEvents(row), ...reviewEvents(records, changes), ...closingEvents(row)].map(
    (event, order) => ({ event, order }),
  );
  // Oldest first; on the same instant, the order they were added (approval before filing).
  events.sort((x, y) => x.event.at.localeCompare(y.event.at) || x.order - y.order);
  return {
    ...toFlowRow(row),
    filingNo: row.filingNo,
    steps: pathOf(row, changes.length > 0),
    events: events.map(({ event }) => event),
  };
}
