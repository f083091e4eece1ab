/**
 * Editing and deleting a person, and changes of an approved person (agentStaffChange/*).
 *
 * - A person not yet approved (draft or rejected) is edited in place and submitted again.
 * - An approved person keeps its data in force: the edits become a change (a full copy of the fields)
 *   reviewed through the review workflow like an agency change; only an approval applies it (the
 *   staff_change kind's hook in review-hooks.ts, in the decision's transaction).
 * - A person under review (addition or change pending) can be neither edited nor deleted.
 * - Deleting marks the person deleted: gone from every list, readable from its history.
 * An agency works only on its own staff (another agency's person answers 404).
 */
import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { agentOrganizations, agentStaff, agentStaffChanges } from '@server/db/schema';
import { isPersonBlacklisted } from '@server/modules/credit';
import type { SessionUser } from '@server/modules/identity';
import {
  changeSubjects,
  listReviewRecords,
  openChangeOf,
  queueRowsOf,
  reviewStateOrNull,
  saveChangeRequest,
  submitForReview,
  type QueueInput,
} from '@server/modules/review';
import type { StaffChangeDetail, StaffChangeRow } from '@shared/calls/staff';
import { attachmentsDiffer, changedStaffFields, type StaffFields } from '@shared/domain/staff';
import { auditStatus, auditSubject } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { beijingDate } from '@shared/validation/jobs';
import { staffChangeMessages as cm, staffMessages, type StaffUpdateInput } from '@shared/validation/staff';
import { disableAccountIn, endAccountSignOns } from './accounts';
import {
  checkStaffUploads,
  describeStaffFiles,
  nextStaffFiles,
  replaceStaffAttachments,
  requireStaffFiles,
  sentKinds,
  staffAttachmentRefs,
  storeStaffUploads,
} from './attachments';
import { staffChanges } from './review-hooks';
import {
  approvedOrganizationId,
  decideAndRead,
  isManager,
  ownOrganizationId,
  recordOut,
  type StaffDecision,
} from './service';
import { ownLivePerson } from './scope';

type Ctx = Pick<AppContext, 'db' | 'services' | 'storage'>;
const STAFF = auditSubject.code.agentStaff;
const CHANGE = auditSubject.code.staffChange;
const s = auditStatus.code;
const c = agentStaffChanges;

/** agentstaff/update: see the module comment for what an edit does in each state. */
export async function updateStaff(ctx: Ctx, user: SessionUser, input: StaffUpdateInput) {
  const person = await ownLivePerson(ctx.db, user, input.id);
  // Every save submits for review (an addition again, or a change): an approved agency's only.
  await approvedOrganizationId(ctx.db, user);
  const open = await openChangeOf(ctx.db, staffChanges, person.staffId);
  if (person.auditStatus === s.pending || open?.auditStatus === s.pending)
    throw new AppError('conflict', { message: cm.pending });
  const before: StaffFields = {
    name: person.name,
    idCardNo: person.idCardNo,
    phone: person.phone,
    title: person.title,
    certificateNo: person.certificateNo,
    post: person.post,
  };
  const data: StaffFields = {
    name: input.name,
    idCardNo: input.idCardNo,
    phone: input.phone,
    title: input.title ?? null,
    certificateNo: input.certificateNo ?? null,
    post: input.post ?? null,
  };
  await checkStaffUploads(input);
  const currentFiles = await staffAttachmentRefs(ctx.db, person.staffId);
  const keptFiles = nextStaffFiles(currentFiles, input, sentKinds(input));
  requireStaffFiles([...keptFiles.map((file) => file.kind), ...sentKinds(input)], data.certificateNo);
  const changed = changedStaffFields(before, data);
  const filesSent = sentKinds(input).length > 0 || keptFiles.length !== currentFiles.length;
  if (changed.length === 0 && !filesSent) throw new AppError('invalid_input', { message: cm.noChange });
  if (changed.includes('idCardNo')) {
    if (await isPersonBlacklisted(ctx.db, input.idCardNo, beijingDate(ctx.services.now())))
      throw new AppError('conflict', { message: staffMessages.blacklisted, field: 'idCardNo' });
    const [same] = await ctx.db
      .select({ id: agentStaff.staffId })
      .from(agentStaff)
      .where(
        and(
          eq(agentStaff.organizationId, person.organizationId),
          isNull(agentStaff.deletedAt),
          eq(agentStaff.idCardNo, input.idCardNo),
        ),
      );
    if (same && same.id !== person.staffId)
      throw new AppError('conflict', { message: staffMessages.duplicate, field: 'idCardNo' });
  }
  const stored = await storeStaffUploads(ctx, input, user.pkid);
  const nextFiles = [...keptFiles, ...stored].sort((a, b) => a.kind - b.kind);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.services.now();
    if (person.auditStatus !== s.approved) {
      // Not yet in force: edit in place and send the addition to review again.
      await tx
        .update(agentStaff)
        .set({ ...data, updatedAt: now })
        .where(eq(agentStaff.staffId, person.staffId));
      await replaceStaffAttachments(tx, person.staffId, nextFiles);
      await submitForReview(ctx, tx, user, { subjectType: STAFF, subjectId: person.staffId });
      return { staffId: person.staffId, changeId: null };
    }
    const changeId = await saveChangeRequest(ctx, tx, user, staffChanges, {
      subjectId: person.staffId,
      values: { staffId: person.staffId, before, data, beforeFiles: currentFiles, dataFiles: nextFiles },
      action: 'submit',
      pendingMessage: cm.pending,
    });
    return { staffId: person.staffId, changeId };
  });
}

/** agentstaff/delete: marks the person deleted; refused while an addition or a change is under review. */
export async function deleteStaff(ctx: AppContext, user: SessionUser, staffId: number) {
  const person = await ownLivePerson(ctx.db, user, staffId);
  const open = await openChangeOf(ctx.db, staffChanges, staffId);
  if (person.auditStatus === s.pending || open?.auditStatus === s.pending)
    throw new AppError('conflict', { message: cm.pending });
  const now = ctx.services.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(agentStaff)
      .set({ deletedAt: now, updatedAt: now })
      .where(eq(agentStaff.staffId, staffId));
    // A person who left the agency no longer signs in as its staff.
    if (person.userId !== null) await disableAccountIn(tx, person.userId, now);
  });
  if (person.userId !== null) await endAccountSignOns(ctx, person.userId);
  return { staffId };
}

const rowColumns = {
  pkid: c.pkid,
  staffId: c.staffId,
  organizationId: agentStaff.organizationId,
  orgName: agentOrganizations.orgName,
  name: agentStaff.name,
  auditStatus: c.auditStatus,
  before: c.before,
  data: c.data,
  beforeFiles: c.beforeFiles,
  dataFiles: c.dataFiles,
  createdAt: c.createdAt,
  appliedAt: c.appliedAt,
};

function selectChanges(db: Queryable) {
  return db
    .select(rowColumns)
    .from(c)
    .innerJoin(agentStaff, eq(agentStaff.staffId, c.staffId))
    .innerJoin(agentOrganizations, eq(agentOrganizations.organizationId, agentStaff.organizationId));
}
type ChangeRecord = Awaited<ReturnType<typeof selectChanges>>[number];

const toRow = ({ before, data, beforeFiles: _b, dataFiles: _d, ...row }: ChangeRecord): StaffChangeRow => ({
  ...row,
  changedFields: changedStaffFields(before, data),
  createdAt: row.createdAt.toISOString(),
  appliedAt: row.appliedAt?.toISOString() ?? null,
});

/** agentStaffChange/query: an agency's own changes, or every change for the authority. */
export async function listStaffChanges(
  db: Queryable,
  user: SessionUser,
  input: { page: number; rows: number; auditStatus?: number | undefined; staffId?: number | undefined },
) {
  const where: SQL[] = [];
  if (!isManager(user)) where.push(eq(agentStaff.organizationId, await ownOrganizationId(db, user)));
  if (input.auditStatus !== undefined) where.push(eq(c.auditStatus, input.auditStatus));
  if (input.staffId !== undefined) where.push(eq(c.staffId, input.staffId));
  const [list, [total]] = await Promise.all([
    selectChanges(db)
      .where(and(...where))
      .orderBy(desc(c.createdAt), desc(c.pkid))
      .limit(input.rows)
      .offset((input.page - 1) * input.rows),
    db
      .select({ n: count() })
      .from(c)
      .innerJoin(agentStaff, eq(agentStaff.staffId, c.staffId))
      .where(and(...where)),
  ]);
  return { rows: list.map(toRow), total: total?.n ?? 0 };
}

/** agentStaffChange/queryOne: both copies, the changed fields, the review state and timeline. */
export async function getStaffChange(
  db: Queryable,
  user: SessionUser,
  id: number,
): Promise<StaffChangeDetail> {
  const [row] = await selectChanges(db).where(eq(c.pkid, id));
  if (!row || (!isManager(user) && row.organizationId !== (await ownOrganizationId(db, user))))
    throw new AppError('not_found', { message: cm.notFound });
  const review = await reviewStateOrNull(db, user, CHANGE, id);
  const records = (await listReviewRecords(db, CHANGE, id)).map(recordOut);
  return {
    ...toRow(row),
    before: row.before,
    data: row.data,
    beforeFiles: await describeStaffFiles(db, row.beforeFiles),
    dataFiles: await describeStaffFiles(db, row.dataFiles),
    filesChanged: attachmentsDiffer(row.beforeFiles, row.dataFiles),
    review: review && { status: review.status, version: review.version, allowed: review.allowed },
    records,
  };
}

export async function decideStaffChange(ctx: Ctx, user: SessionUser, input: StaffDecision) {
  return decideAndRead(ctx, user, CHANGE, input, getStaffChange);
}

/** Staff changes as the reviewers' lists show them, searched by the person's name or ID card number. */
const staffChangeSubjects = changeSubjects(staffChanges, selectChanges, {
  table: agentStaff,
  on: eq(agentStaff.staffId, c.staffId),
  columns: [agentStaff.name, agentStaff.idCardNo],
});

/** agentStaffChange/toDo: the reviewer's pending changes, oldest submission first. */
export async function staffChangeTodo(
  db: Queryable,
  user: SessionUser,
  input: { page: number; rows: number } & QueueInput,
) {
  return queueRowsOf(db, user, staffChangeSubjects, input, toRow);
}
