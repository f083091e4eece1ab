/**
 * An agency's staff: list (an agency sees only its own), add (refused for a blacklisted person; the
 * addition goes to review at once), detail with its review state and timeline, the authority's
 * decision and to-do list. Every approval goes through the review workflow (server/modules/review).
 */
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { agentOrganizations, agentStaff, users } from '@server/db/schema';
import { containsAny } from '@server/db/contains-pattern';
import { isPersonBlacklisted } from '@server/modules/credit';
import type { SessionUser } from '@server/modules/identity';
import {
  decideByCall,
  getReviewState,
  listReviewRecords,
  openChangeOf,
  queueRowsOf,
  submitForReview,
  type QueueInput,
  type ReviewSubjects,
} from '@server/modules/review';
import type { StaffDetail, StaffRow } from '@shared/calls/staff';
import { auditStatus, type AuditSubject } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { beijingDate } from '@shared/validation/jobs';
import {
  checkStaffUploads,
  describeStaffFiles,
  replaceStaffAttachments,
  requireStaffFiles,
  sentKinds,
  staffAttachmentRefs,
  storeStaffUploads,
} from './attachments';
import { staffMessages, type StaffAddInput } from '@shared/validation/staff';
import { staffChanges } from './review-hooks';
import {
  approvedOrganizationId,
  canSeePerson,
  isManager,
  ownOrganizationId,
  staffFieldColumns,
} from './scope';

type StaffContext = Pick<AppContext, 'db' | 'services' | 'storage'>;

export { approvedOrganizationId, canSeePerson, isManager, ownOrganizationId } from './scope';

const rowColumns = {
  staffId: agentStaff.staffId,
  organizationId: agentStaff.organizationId,
  orgName: agentOrganizations.orgName,
  ...staffFieldColumns,
  auditStatus: agentStaff.auditStatus,
  isBlacklisted: agentStaff.isBlacklisted,
  createdAt: agentStaff.createdAt,
};

type StaffRecord = Omit<StaffRow, 'createdAt'> & { createdAt: Date };
const toRow = (row: StaffRecord): StaffRow => ({ ...row, createdAt: row.createdAt.toISOString() });

/** Staff rows matching `where`, paged. */
async function selectStaff(db: Queryable, where: SQL | undefined, page: number, rows: number) {
  const [list, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(agentStaff)
      .innerJoin(agentOrganizations, eq(agentOrganizations.organizationId, agentStaff.organizationId))
      .where(where)
      .orderBy(desc(agentStaff.createdAt), desc(agentStaff.staffId))
      .limit(rows)
      .offset((page - 1) * rows),
    db
      .select({ n: count() })
      .from(agentStaff)
      .innerJoin(agentOrganizations, eq(agentOrganizations.organizationId, agentStaff.organizationId))
      .where(where),
  ]);
  return { rows: (list as StaffRecord[]).map(toRow), total: total?.n ?? 0 };
}

export async function listStaff(
  db: Queryable,
  user: SessionUser,
  input: {
    page: number;
    rows: number;
    name?: string | undefined;
    auditStatus?: number | undefined;
    organizationId?: number | undefined;
  },
) {
  // A deleted person stays readable from its history (queryOne) but leaves every list.
  const where: SQL[] = [isNull(agentStaff.deletedAt)];
  if (!isManager(user)) where.push(eq(agentStaff.organizationId, await ownOrganizationId(db, user)));
  if (input.organizationId !== undefined) where.push(eq(agentStaff.organizationId, input.organizationId));
  if (input.name) where.push(containsAny(input.name, agentStaff.name));
  if (input.auditStatus !== undefined) where.push(eq(agentStaff.auditStatus, input.auditStatus));
  return selectStaff(db, and(...where), input.page, input.rows);
}

/**
 * queryStaff: the people of one agency who may be picked for work: approved, not deleted, not
 * blacklisted. An agency always gets its own; a manager names the agency (or gets nobody).
 */
export async function pickableStaff(
  db: Queryable,
  user: SessionUser,
  input: { organizationId?: number | undefined; name?: string | undefined },
) {
  const organizationId = isManager(user) ? input.organizationId : await ownOrganizationId(db, user);
  if (organizationId === undefined) return [];
  const where: SQL[] = [
    eq(agentStaff.organizationId, organizationId),
    isNull(agentStaff.deletedAt),
    eq(agentStaff.auditStatus, auditStatus.code.approved),
    eq(agentStaff.isBlacklisted, false),
  ];
  if (input.name) where.push(containsAny(input.name, agentStaff.name));
  return db
    .select({
      staffId: agentStaff.staffId,
      organizationId: agentStaff.organizationId,
      name: agentStaff.name,
      title: agentStaff.title,
      certificateNo: agentStaff.certificateNo,
      post: agentStaff.post,
    })
    .from(agentStaff)
    .where(and(...where))
    .orderBy(asc(agentStaff.name), asc(agentStaff.staffId))
    .limit(200);
}

/** orgStaffAuditInfo/{id}: the timeline of a person the user may see (404 otherwise). */
export async function staffTimeline(db: Queryable, user: SessionUser, staffId: number) {
  return (await getStaff(db, user, staffId)).records;
}

/** 409 when the organization already has a live person with this ID card number (any letter case). */
async function refuseSamePerson(db: Queryable, organizationId: number, idCardNo: string) {
  const [same] = await db
    .select({ id: agentStaff.staffId })
    .from(agentStaff)
    .where(
      and(
        eq(agentStaff.organizationId, organizationId),
        isNull(agentStaff.deletedAt),
        sql`upper(${agentStaff.idCardNo}) = ${idCardNo}`,
      ),
    );
  if (same) throw new AppError('conflict', { message: staffMessages.duplicate, field: 'idCardNo' });
}

/** Adds a person to the user's agency and submits the addition for review, in one transaction. */
export async function addStaff(
  ctx: StaffContext,
  user: SessionUser,
  input: StaffAddInput,
): Promise<StaffRow> {
  const organizationId = await approvedOrganizationId(ctx.db, user);
  const today = beijingDate(ctx.services.now());
  if (await isPersonBlacklisted(ctx.db, input.idCardNo, today))
    throw new AppError('conflict', { message: staffMessages.blacklisted, field: 'idCardNo' });
  // Every refusal comes before anything is stored.
  await checkStaffUploads(input);
  requireStaffFiles(sentKinds(input), input.certificateNo);
  await refuseSamePerson(ctx.db, organizationId, input.idCardNo);
  const stored = await storeStaffUploads(ctx, input, user.pkid);
  const staffId = await ctx.db.transaction(async (tx) => {
    // Again inside the transaction: two additions of the same person at once.
    await refuseSamePerson(tx, organizationId, input.idCardNo);
    const [row] = await tx
      .insert(agentStaff)
      .values({
        organizationId,
        name: input.name,
        idCardNo: input.idCardNo,
        phone: input.phone,
        title: input.title ?? null,
        certificateNo: input.certificateNo ?? null,
        post: input.post ?? null,
        auditStatus: 0,
      })
      .returning({ staffId: agentStaff.staffId });
    if (!row) throw new AppError('internal');
    await replaceStaffAttachments(tx, row.staffId, stored);
    await submitForReview(ctx, tx, user, { subjectType: 'agent_staff', subjectId: row.staffId });
    return row.staffId;
  });
  const [row] = await selectStaffById(ctx.db, staffId);
  return row as StaffRow;
}

export async function selectStaffById(db: Queryable, staffId: number) {
  return (await selectStaff(db, eq(agentStaff.staffId, staffId), 1, 1)).rows;
}

/** One person with the review state and timeline; another agency's person answers 404. */
export async function getStaff(db: Queryable, user: SessionUser, staffId: number): Promise<StaffDetail> {
  const [row] = await selectStaffById(db, staffId);
  if (!row || !(await canSeePerson(db, user, row.organizationId, staffId)))
    throw new AppError('not_found', { message: '没有这名人员' });
  let review: StaffDetail['review'] = null;
  try {
    const state = await getReviewState(db, user, 'agent_staff', staffId);
    review = { status: state.item.status, version: state.item.version, allowed: state.allowed };
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'not_found')) throw error;
  }
  const records = (await listReviewRecords(db, 'agent_staff', staffId)).map(recordOut);
  const [extra] = await db
    .select({
      deletedAt: agentStaff.deletedAt,
      userId: users.pkid,
      loginname: users.loginname,
      userstate: users.userstate,
    })
    .from(agentStaff)
    .leftJoin(users, eq(users.pkid, agentStaff.userId))
    .where(eq(agentStaff.staffId, staffId));
  const open = await openChangeOf(db, staffChanges, staffId);
  return {
    ...row,
    deletedAt: extra?.deletedAt?.toISOString() ?? null,
    attachments: await describeStaffFiles(db, await staffAttachmentRefs(db, staffId)),
    account:
      extra?.userId != null && extra.loginname !== null && extra.userstate !== null
        ? { userId: extra.userId, loginname: extra.loginname, userstate: extra.userstate }
        : null,
    openChangeId: open?.pkid ?? null,
    review,
    records,
  };
}

export const recordOut = (record: Awaited<ReturnType<typeof listReviewRecords>>[number]) => ({
  pkid: record.pkid,
  decision: record.decision,
  opinion: record.opinion,
  auditorName: record.auditorName,
  roleId: record.roleId,
  transferToName: record.transferToName,
  auditedAt: record.auditedAt.toISOString(),
});

/** What the staff calls' approve sends: the person or change, the decision, its opinion and version. */
export interface StaffDecision {
  id: number;
  decision: 'approve' | 'reject';
  opinion?: string | undefined;
  version?: number | undefined;
}

/**
 * The staff calls' decision on a person or a change (`subjectType`), which the user must first be
 * able to read (`read`: 404 otherwise); answers it as it is after the decision.
 */
export async function decideAndRead<T>(
  ctx: StaffContext,
  user: SessionUser,
  subjectType: AuditSubject,
  input: StaffDecision,
  read: (db: Queryable, user: SessionUser, id: number) => Promise<T>,
): Promise<T> {
  await read(ctx.db, user, input.id);
  await decideByCall(ctx, user, { subjectType, subjectId: input.id }, input);
  return read(ctx.db, user, input.id);
}

export async function decideStaff(ctx: StaffContext, user: SessionUser, input: StaffDecision) {
  return decideAndRead(ctx, user, 'agent_staff', input, getStaff);
}

/** Staff additions as the reviewers' to-do shows them. */
const staffSubjects: ReviewSubjects<StaffRecord> = {
  subjectType: 'agent_staff',
  rowsOf: async (db, ids) =>
    (await db
      .select(rowColumns)
      .from(agentStaff)
      .innerJoin(agentOrganizations, eq(agentOrganizations.organizationId, agentStaff.organizationId))
      .where(inArray(agentStaff.staffId, ids))) as StaffRecord[],
  idOf: (row) => row.staffId,
  search: (db, keyword) =>
    db
      .select({ id: agentStaff.staffId })
      .from(agentStaff)
      .where(containsAny(keyword, agentStaff.name, agentStaff.idCardNo)),
};

/** The reviewer's to-do of staff additions, oldest submission first (the queue's search, filter, order). */
export async function staffTodo(
  db: Queryable,
  user: SessionUser,
  input: { page: number; rows: number } & QueueInput,
) {
  return queueRowsOf(db, user, staffSubjects, input, toRow);
}
