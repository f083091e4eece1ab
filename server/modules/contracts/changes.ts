/**
 * Filing changes (备案变更, issue 14): a party of a filed contract (its agency or its owner) asks to
 * change the amount, the schedule, the payment terms or the signed document. The request is a change
 * request of the review workflow (server/modules/review/change-requests.ts, kind contract_change,
 * reviewed by the auditors): the contract stays as filed until an approval writes the new values over
 * it (change-tables.ts), and every change keeps the values before it, so each earlier version stays
 * readable. A rejected change is edited and resubmitted as the same request (3 → submit → 1), so its
 * whole trail stays in one place.
 */
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '@server/app-context';
import { containsPattern } from '@server/db/contains-pattern';
import type { Queryable } from '@server/db/database';
import { namesById } from '@server/db/names-by-id';
import {
  agentOrganizations,
  constructionUnits,
  contractChanges,
  contracts,
  files,
  projects,
  reviewItems,
  users,
} from '@server/db/schema';
import { fileToSendColumns, type FileToSend } from '@server/lib/file-response';
import type { SessionUser } from '@server/modules/identity';
import {
  doneRowsOf,
  isReviewerOf,
  listReviewRecords,
  openChangeOf,
  reviewStateOrNull,
  saveChangeRequest,
  specDecisionsOf,
  todoRowsOf,
  type QueueInput,
  type ReviewSubjects,
} from '@server/modules/review';
import { contractChanges as contractChangeKind } from './review-hooks';
import { deadlineView } from '@server/modules/deadlines';
import { storeUploadedFile } from '@server/storage/uploads';
import type { ContractChange, ContractChangeFieldsOut, ContractChangeRow } from '@shared/calls/contracts';
import { changedContractFields, type ContractChangeFields } from '@shared/domain/contract-changes';
import { roles } from '@shared/domain/roles';
import { auditStatus, auditSubject, contractStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import {
  contractChangeMessages as m,
  type contractChangeSaveSchema,
} from '@shared/validation/contract-changes';
import { documentExtensions } from '@shared/validation/upload';
import type { z } from 'zod';
import { contractScope } from './scope';
import { findVisible } from './service';

const k = contractChanges;
const c = contracts;
const CHANGE = auditSubject.code.contractChange;
const applicant = alias(users, 'change_applicant');

/** The contract's changeable fields as they are now. */
async function currentFields(db: Queryable, contractId: number): Promise<ContractChangeFields> {
  const [row] = await db
    .select({
      amount: c.amount,
      startOn: c.startOn,
      endOn: c.endOn,
      paymentTerms: c.paymentTerms,
      fileId: c.fileId,
    })
    .from(c)
    .where(eq(c.contractId, contractId));
  if (!row) throw new AppError('not_found', { message: m.notFound });
  return row;
}

/** Whether the user is one of the contract's parties: the agency's account or the owner's. */
async function isParty(
  db: Queryable,
  user: SessionUser,
  contract: { organizationId: number; constructionId: number },
): Promise<boolean> {
  if (user.roleIds.includes(roles.agency.id)) {
    const [org] = await db
      .select({ userId: agentOrganizations.userId })
      .from(agentOrganizations)
      .where(eq(agentOrganizations.organizationId, contract.organizationId));
    if (org?.userId === user.pkid) return true;
  }
  if (user.roleIds.includes(roles.owner.id)) {
    const [unit] = await db
      .select({ userId: constructionUnits.userId })
      .from(constructionUnits)
      .where(eq(constructionUnits.constructionId, contract.constructionId));
    if (unit?.userId === user.pkid) return true;
  }
  return false;
}

/** contract/change/save: a party's new change, its draft, or its rejected change edited and resubmitted. */
export async function saveContractChange(
  ctx: Pick<AppContext, 'db' | 'storage' | 'services'>,
  user: SessionUser,
  input: z.output<typeof contractChangeSaveSchema> & { id?: number | undefined },
): Promise<ContractChange> {
  const { db } = ctx;
  const contract = await findVisible(db, user, input.contractId);
  if (!(await isParty(db, user, contract))) throw new AppError('forbidden', { message: m.notParty });
  if (contract.status !== contractStatus.code.filed) throw new AppError('conflict', { message: m.notFiled });
  const before = await currentFields(db, contract.contractId);
  // The request being edited: the open one, else (resubmitting) the contract's latest rejected one.
  const open = await openChangeOf(db, contractChangeKind, contract.contractId);
  if (open?.auditStatus === auditStatus.code.pending)
    throw new AppError('conflict', { message: m.changeOpen });
  const [rejected] = open
    ? []
    : await db
        .select({ pkid: k.pkid, data: k.data, before: k.before })
        .from(k)
        .where(and(eq(k.contractId, contract.contractId), eq(k.auditStatus, auditStatus.code.rejected)))
        .orderBy(desc(k.updatedAt), desc(k.pkid))
        .limit(1);
  const [editing] = open
    ? await db.select({ pkid: k.pkid, data: k.data, before: k.before }).from(k).where(eq(k.pkid, open.pkid))
    : [rejected];
  // A document uploaded with an earlier save of the same request stays unless replaced again.
  const keptFile =
    editing && editing.data.fileId !== editing.before.fileId ? editing.data.fileId : before.fileId;
  const data: ContractChangeFields = {
    amount: input.amount,
    startOn: input.startOn ?? null,
    endOn: input.endOn ?? null,
    paymentTerms: input.paymentTerms ?? null,
    fileId: keptFile,
  };
  if (input.file) {
    const stored = await storeUploadedFile(ctx, input.file, documentExtensions, user.pkid, {
      field: 'file',
      contentMustMatch: true,
    });
    data.fileId = stored.fileId;
  }
  if (changedContractFields(before, data).length === 0)
    throw new AppError('invalid_input', { message: m.noChange });
  const id = await db.transaction((tx) =>
    saveChangeRequest(ctx, tx, user, contractChangeKind, {
      subjectId: contract.contractId,
      values: { contractId: contract.contractId, before, data, reason: input.reason ?? null },
      action: input.action,
      pendingMessage: m.changeOpen,
      requestId: editing?.pkid,
    }),
  );
  return getContractChange(db, user, id);
}

const rowColumns = {
  pkid: k.pkid,
  contractId: k.contractId,
  contractNo: c.contractNo,
  contractName: c.contractName,
  orgName: agentOrganizations.orgName,
  ownerName: constructionUnits.name,
  applicantId: k.applicantId,
  applicantName: applicant.username,
  reason: k.reason,
  auditStatus: k.auditStatus,
  before: k.before,
  data: k.data,
  createdAt: k.createdAt,
  appliedAt: k.appliedAt,
  contractStatus: c.status,
  filingNo: c.filingNo,
  organizationId: c.organizationId,
  constructionId: c.constructionId,
};

type ChangeRecord = {
  pkid: number;
  contractId: number;
  contractNo: string;
  contractName: string;
  orgName: string;
  ownerName: string;
  applicantId: number | null;
  applicantName: string | null;
  reason: string | null;
  auditStatus: number;
  before: ContractChangeFields;
  data: ContractChangeFields;
  createdAt: Date;
  appliedAt: Date | null;
  contractStatus: number;
  filingNo: string | null;
  organizationId: number;
  constructionId: number;
};

/** Changes joined with their contract and parties (and the scope's project join). */
function changeQuery(db: Queryable) {
  return db
    .select(rowColumns)
    .from(k)
    .innerJoin(c, eq(c.contractId, k.contractId))
    .innerJoin(projects, eq(projects.pkid, c.projectId))
    .innerJoin(agentOrganizations, eq(agentOrganizations.organizationId, c.organizationId))
    .innerJoin(constructionUnits, eq(constructionUnits.constructionId, c.constructionId))
    .leftJoin(applicant, eq(applicant.pkid, k.applicantId))
    .$dynamic();
}

/** Filing changes as the reviewers' lists show them. */
const changeSubjects: ReviewSubjects<ChangeRecord> = {
  subjectType: CHANGE,
  rowsOf: async (db, ids) => (await changeQuery(db).where(inArray(k.pkid, ids))) as ChangeRecord[],
  idOf: (row) => row.pkid,
};

function toRow(row: ChangeRecord): ContractChangeRow {
  return {
    pkid: row.pkid,
    contractId: row.contractId,
    contractNo: row.contractNo,
    contractName: row.contractName,
    orgName: row.orgName,
    ownerName: row.ownerName,
    applicantName: row.applicantName,
    reason: row.reason,
    auditStatus: row.auditStatus,
    changedFields: changedContractFields(row.before, row.data),
    amountBefore: row.before.amount,
    amountAfter: row.data.amount,
    createdAt: row.createdAt.toISOString(),
    appliedAt: row.appliedAt?.toISOString() ?? null,
  };
}

async function fileNames(db: Queryable, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  return namesById(db, { id: files.id, name: files.originalName }, wanted);
}

/** contract/change/queryOne: both versions, the changes, the review state and the records. */
export async function getContractChange(
  db: Queryable,
  user: SessionUser,
  id: number,
): Promise<ContractChange> {
  const scope = await contractScope(db, user);
  const [row] = (await changeQuery(db).where(and(eq(k.pkid, id), scope))) as ChangeRecord[];
  if (!row) throw new AppError('not_found', { message: m.notFound });
  const names = await fileNames(db, [row.before.fileId, row.data.fileId]);
  const out = (fields: ContractChangeFields): ContractChangeFieldsOut => ({
    ...fields,
    fileName: fields.fileId ? (names.get(fields.fileId) ?? null) : null,
  });
  const review = await reviewStateOrNull(db, user, CHANGE, id);
  const [latest] = await db
    .select({ pkid: k.pkid })
    .from(k)
    .where(eq(k.contractId, row.contractId))
    .orderBy(desc(k.createdAt), desc(k.pkid))
    .limit(1);
  const canEdit =
    (row.auditStatus === auditStatus.code.draft || row.auditStatus === auditStatus.code.rejected) &&
    row.contractStatus === contractStatus.code.filed &&
    latest?.pkid === row.pkid &&
    (await isParty(db, user, row));
  return {
    ...toRow(row),
    contractStatus: row.contractStatus,
    filingNo: row.filingNo,
    before: out(row.before),
    data: out(row.data),
    review,
    records: (await listReviewRecords(db, CHANGE, id)).map((record) => ({
      ...record,
      auditedAt: record.auditedAt.toISOString(),
    })),
    canEdit,
  };
}

type Paging = { pageIdx: number; pageSize: number; contractNo?: string | undefined } & Pick<
  QueueInput,
  'mine' | 'orderBy'
>;

const contractNoLike = (text: string | undefined): SQL | undefined =>
  text ? ilike(c.contractNo, containsPattern(text)) : undefined;

/** The changes whose contract number matches the list's filter, as a query of their ids. */
function changesNumbered(db: Queryable, contractNo: string | undefined) {
  const like = contractNoLike(contractNo);
  return like
    ? db.select({ id: k.pkid }).from(k).innerJoin(c, eq(c.contractId, k.contractId)).where(like)
    : undefined;
}

/** Whether the user's change lists are a reviewer's own (else they oversee every change). */
const reviewsChanges = async (db: Queryable, user: SessionUser) =>
  !user.isAdmin && (await isReviewerOf(db, CHANGE, user.pkid));

/**
 * What the authority oversees: every pending filing change with its review task, oldest submission
 * first, or every decided one, newest first.
 */
async function overseenChanges(
  db: Queryable,
  input: Paging,
  which: 'todo' | 'done',
): Promise<{ rows: ContractChangeRow[]; total: number }> {
  const statuses =
    which === 'todo' ? [auditStatus.code.pending] : [auditStatus.code.approved, auditStatus.code.rejected];
  const where = and(inArray(k.auditStatus, statuses), contractNoLike(input.contractNo));
  const rows = (await (
    which === 'todo'
      ? changeQuery(db)
          .leftJoin(reviewItems, and(eq(reviewItems.subjectType, CHANGE), eq(reviewItems.subjectId, k.pkid)))
          .where(where)
          .orderBy(asc(reviewItems.submittedAt), asc(k.pkid))
      : changeQuery(db).where(where).orderBy(desc(k.updatedAt), desc(k.pkid))
  )
    .limit(input.pageSize)
    .offset((input.pageIdx - 1) * input.pageSize)) as ChangeRecord[];
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(k)
    .innerJoin(c, eq(c.contractId, k.contractId))
    .where(where);
  if (which === 'done') return { rows: rows.map(toRow), total: total?.n ?? 0 };
  const items =
    rows.length === 0
      ? []
      : await db
          .select({ id: reviewItems.subjectId, version: reviewItems.version, dueAt: reviewItems.dueAt })
          .from(reviewItems)
          .where(
            and(
              eq(reviewItems.subjectType, CHANGE),
              inArray(
                reviewItems.subjectId,
                rows.map((row) => row.pkid),
              ),
            ),
          );
  const itemOf = new Map(items.map((item) => [item.id, item]));
  const now = new Date();
  return {
    rows: rows.map((row) => {
      const item = itemOf.get(row.pkid);
      return {
        ...toRow(row),
        ...(item && {
          version: item.version,
          dueAt: item.dueAt?.toISOString() ?? null,
          overdue: deadlineView(item.dueAt, now, null).overdue,
        }),
      };
    }),
    total: total?.n ?? 0,
  };
}

/**
 * contract/change/toDoList and doneList: a reviewer's pending filing changes (the review workflow's
 * to-do: held by them or by nobody, never their own, oldest submission first) or the ones they
 * approved, rejected or transferred (newest decision first, with their own latest decision). The
 * authority and the administrator oversee every pending or decided change.
 */
export async function listChanges(
  db: Queryable,
  user: SessionUser,
  input: Paging,
  which: 'todo' | 'done',
): Promise<{ rows: ContractChangeRow[]; total: number }> {
  if (!(await reviewsChanges(db, user))) return overseenChanges(db, input, which);
  const query = {
    page: input.pageIdx,
    rows: input.pageSize,
    subjectIds: changesNumbered(db, input.contractNo),
  };
  const queue = {
    ...query,
    ...(input.mine ? { mine: input.mine } : {}),
    ...(input.orderBy ? { orderBy: input.orderBy } : {}),
  };
  if (which === 'done')
    return doneRowsOf(db, user, changeSubjects, query, (change, task) => ({
      ...toRow(change),
      // A done task also says how this reviewer decided it.
      decidedAs: task.decidedAs,
      decidedOn: task.decidedOn.toISOString(),
    }));
  return todoRowsOf(db, user, changeSubjects, queue, (change, task) => ({
    ...toRow(change),
    version: task.version,
    dueAt: task.dueAt?.toISOString() ?? null,
    overdue: task.overdue,
    holderName: task.holderName,
  }));
}

/** contract/change/query: one visible contract's filing changes (its versions), newest first. */
export async function listContractChanges(
  db: Queryable,
  user: SessionUser,
  input: { contractId: number; pageIdx: number; pageSize: number },
): Promise<{ rows: ContractChangeRow[]; total: number }> {
  await findVisible(db, user, input.contractId);
  const where = eq(k.contractId, input.contractId);
  const rows = (await changeQuery(db)
    .where(where)
    .orderBy(desc(k.createdAt), desc(k.pkid))
    .limit(input.pageSize)
    .offset((input.pageIdx - 1) * input.pageSize)) as ChangeRecord[];
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(k)
    .where(where);
  return { rows: rows.map(toRow), total: total?.n ?? 0 };
}

const decisions = specDecisionsOf(CHANGE);
/** contract/change/approve: an approval applies the change (the kind's hook). */
export const decideContractChange = decisions.approve;
/** contract/change/transferTask: hands the pending change to another reviewer, with the reason. */
export const transferContractChange = decisions.transfer;

/** A document named by a change (before or after) the user may see. */
export async function changeFile(db: Queryable, user: SessionUser, fileId: string): Promise<FileToSend> {
  const scope = await contractScope(db, user);
  const [row] = await db
    .select(fileToSendColumns)
    .from(k)
    .innerJoin(files, eq(files.id, fileId))
    .innerJoin(c, eq(c.contractId, k.contractId))
    .innerJoin(projects, eq(projects.pkid, c.projectId))
    .where(and(or(sql`${k.before}->>'fileId' = ${fileId}`, sql`${k.data}->>'fileId' = ${fileId}`), scope))
    .limit(1);
  if (!row) throw new AppError('not_found', { message: '文件不存在或您无权查看' });
  return row;
}
