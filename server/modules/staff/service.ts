/**
 * An agency's staff: list (an agency sees only its own), add (refused for a blacklisted person; the
 * addition goes to review at once), detail with its review state and timeline, the authority's
 * decision and to-do list. Every approval goes through the review workflow (server/modules/review).
 */
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { agentOrganizations, agentStaff, agentStaffChanges, users } from '@server/db/schema';
import { containsPattern } from '@server/db/contains-pattern';
import { isPersonBlacklisted } from '@server/modules/credit/flags';
import type { SessionUser } from '@server/modules/identity/sessions';
import {
  decide,
  decideIn,
  getReviewState,
  listReviewRecords,
  listTodo,
  openReview,
  withSubjects,
} from '@server/modules/review/service';
import type { StaffDetail, StaffRow } from '@shared/contracts/staff';
import { roles } from '@shared/domain/roles';
import { auditStatus } from '@shared/domain/statuses';
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

type StaffContext = Pick<AppContext, 'db' | 'services' | 'storage'>;

/** The authority, auditors and district offices see every agency's staff; an agency its own only. */
const overseers: readonly string[] = [roles.authority.id, roles.auditor.id, roles.district.id];
export const isManager = (user: SessionUser) =>
  user.isAdmin || user.roleIds.some((role) => overseers.includes(role));

/** The organization of an agency account; 403 when the account has none. */
export async function ownOrganizationId(db: Queryable, user: SessionUser): Promise<number> {
  const [org] = await db
    .select({ id: agentOrganizations.organizationId })
    .from(agentOrganizations)
    .where(eq(agentOrganizations.userId, user.pkid));
  if (!org) throw new AppError('forbidden', { message: '您的账号尚未登记测绘中介机构' });
  return org.id;
}

const rowColumns = {
  staffId: agentStaff.staffId,
  organizationId: agentStaff.organizationId,
  orgName: agentOrganizations.orgName,
  name: agentStaff.name,
  idCardNo: agentStaff.idCardNo,
  phone: agentStaff.phone,
  title: agentStaff.title,
  certificateNo: agentStaff.certificateNo,
  post: agentStaff.post,
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
  if (input.name) where.push(sql`${agentStaff.name} ilike ${containsPattern(input.name)}`);
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
  if (input.name) where.push(sql`${agentStaff.name} ilike ${containsPattern(input.name)}`);
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

/** Adds a person to the user's agency and submits the addition for review, in one transaction. */
export async function addStaff(
  ctx: StaffContext,
  user: SessionUser,
  input: StaffAddInput,
): Promise<StaffRow> {
  const organizationId = await ownOrganizationId(ctx.db, user);
  const today = beijingDate(ctx.services.now());
  if (await isPersonBlacklisted(ctx.db, input.idCardNo, today))
    throw new AppError('conflict', { message: staffMessages.blacklisted, field: 'idCardNo' });
  // Every refusal comes before anything is stored.
  await checkStaffUploads(input);
  requireStaffFiles(sentKinds(input), input.certificateNo);
  const [taken] = await ctx.db
    .select({ id: agentStaff.staffId })
    .from(agentStaff)
    .where(
      and(
        eq(agentStaff.organizationId, organizationId),
        isNull(agentStaff.deletedAt),
        sql`upper(${agentStaff.idCardNo}) = ${input.idCardNo}`,
      ),
    );
  if (taken) throw new AppError('conflict', { message: staffMessages.duplicate, field: 'idCardNo' });
  const stored = await storeStaffUploads(ctx, input, user.pkid);
  const staffId = await ctx.db.transaction(async (tx) => {
    // Again inside the transaction: two additions of the same person at once.
    const [same] = await tx
      .select({ id: agentStaff.staffId })
      .from(agentStaff)
      .where(
        and(
          eq(agentStaff.organizationId, organizationId),
          isNull(agentStaff.deletedAt),
          sql`upper(${agentStaff.idCardNo}) = ${input.idCardNo}`,
        ),
      );
    if (same) throw new AppError('conflict', { message: staffMessages.duplicate, field: 'idCardNo' });
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
    await openReview(tx, { subjectType: 'agent_staff', subjectId: row.staffId, applicantId: user.pkid });
    await decideIn(tx, user, { subjectType: 'agent_staff', subjectId: row.staffId, decision: 'submit' });
    return row.staffId;
  });
  const [row] = await selectStaffById(ctx.db, staffId);
  return row as StaffRow;
}

export async function selectStaffById(db: Queryable, staffId: number) {
  return (await selectStaff(db, eq(agentStaff.staffId, staffId), 1, 1)).rows;
}

/**
 * The authority sees everyone; an agency its own staff; a staff account only the person it belongs to
 * (it has no agency of its own: agent_organizations.user_id is the agency account).
 */
export async function canSeePerson(
  db: Queryable,
  user: SessionUser,
  organizationId: number,
  staffId: number,
): Promise<boolean> {
  if (isManager(user)) return true;
  if (user.roleIds.includes(roles.agency.id)) {
    const own = await ownOrganizationId(db, user).catch(() => null);
    if (own === organizationId) return true;
  }
  const [self] = await db
    .select({ id: agentStaff.staffId })
    .from(agentStaff)
    .where(and(eq(agentStaff.staffId, staffId), eq(agentStaff.userId, user.pkid)));
  return self !== undefined;
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
  const [open] = await db
    .select({ pkid: agentStaffChanges.pkid })
    .from(agentStaffChanges)
    .where(and(eq(agentStaffChanges.staffId, staffId), inArray(agentStaffChanges.auditStatus, [0, 1])));
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

export async function decideStaff(
  ctx: StaffContext & { db: AppContext['db'] },
  user: SessionUser,
  input: {
    id: number;
    decision: 'approve' | 'reject';
    opinion?: string | undefined;
    version?: number | undefined;
  },
): Promise<StaffDetail> {
  await getStaff(ctx.db, user, input.id);
  await decide(ctx.db, user, {
    subjectType: 'agent_staff',
    subjectId: input.id,
    decision: input.decision,
    ...(input.opinion ? { opinion: input.opinion } : {}),
    ...(input.version !== undefined ? { version: input.version } : {}),
  });
  return getStaff(ctx.db, user, input.id);
}

/** The reviewer's to-do of staff additions, oldest submission first. */
export async function staffTodo(db: Queryable, user: SessionUser, input: { page: number; rows: number }) {
  const tasks = await listTodo(db, user, { subjectType: 'agent_staff', page: input.page, rows: input.rows });
  const joined = await withSubjects(
    tasks.rows,
    async (ids) =>
      (await db
        .select(rowColumns)
        .from(agentStaff)
        .innerJoin(agentOrganizations, eq(agentOrganizations.organizationId, agentStaff.organizationId))
        .where(inArray(agentStaff.staffId, ids))) as StaffRecord[],
    (row) => row.staffId,
  );
  return {
    rows: joined.map(({ task, subject }) => ({
      ...toRow(subject),
      dueAt: task.dueAt,
      overdue: task.overdue,
    })),
    total: tasks.total,
  };
}
