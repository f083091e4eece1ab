/**
 * Construction units and their verification (issue 12): an owner account keeps one unit (its
 * `user_id`), saves it as a draft and submits it with its business licence; the authority verifies it
 * through the review workflow (server/modules/review), which mirrors the status into the unit's row.
 *
 * Who sees a unit (`canSee`): its own account and the reviewers (administrator, authority). Anyone
 * else gets a 404, so another owner cannot even learn that an id exists.
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import { writeDroppingPages } from '@server/lib/page-cache';
import type { Queryable } from '@server/db/database';
import { constructionUnitAttachments, constructionUnits, districts, files } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity/sessions';
import { fileToSendColumns, type FileToSend } from '@server/modules/hall/file-response';
import {
  decideIn,
  getReviewState,
  listDone,
  listReviewRecords,
  listTodo,
  openReview,
  withSubjects,
  type ReviewRecord,
} from '@server/modules/review/service';
import { openChangeOf } from '@server/modules/review/change-requests';
import { unitChanges } from '@server/modules/review/change-tables';
import { checkUploadedFile, storeUploadedFile } from '@server/storage/uploads';
import { constructionAttachmentKind, type ConstructionAttachmentKind } from '@shared/domain/construction';
import { roles } from '@shared/domain/roles';
import { auditDecision, auditStatus, auditSubject } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { constructionMessages as m, type constructionUpdateSchema } from '@shared/validation/construction';
import { documentExtensions } from '@shared/validation/upload';
import type { z } from 'zod';

const u = constructionUnits;
const a = constructionUnitAttachments;
const UNIT = auditSubject.code.constructionUnit;

const isReviewer = (user: SessionUser) => user.isAdmin || user.roleIds.includes(roles.authority.id);

function canSee(user: SessionUser, row: { userId: number | null }): boolean {
  return (row.userId !== null && row.userId === user.pkid) || isReviewer(user);
}

async function attachmentsOf(db: Queryable, constructionId: number) {
  return db
    .select({
      fileId: a.fileId,
      fileName: files.originalName,
      contentType: files.contentType,
      size: files.size,
      kind: a.kind,
    })
    .from(a)
    .innerJoin(files, eq(files.id, a.fileId))
    .where(eq(a.constructionId, constructionId))
    .orderBy(asc(a.kind), asc(a.pkid));
}

async function loadRecord(db: Queryable, user: SessionUser, constructionId: number) {
  const [row] = await db
    .select({
      constructionId: u.constructionId,
      userId: u.userId,
      name: u.name,
      creditCode: u.creditCode,
      legalPersonName: u.legalPersonName,
      contactName: u.contactName,
      contactPhone: u.contactPhone,
      address: u.address,
      districtCode: u.districtCode,
      districtName: districts.districtName,
      auditStatus: u.auditStatus,
      submittedAt: u.submittedAt,
      auditedAt: u.auditedAt,
    })
    .from(u)
    .leftJoin(districts, eq(districts.districtCode, u.districtCode))
    .where(eq(u.constructionId, constructionId));
  if (!row || !canSee(user, row)) throw new AppError('not_found', { message: m.unitNotFound });
  const { userId: _owner, ...fields } = row;
  let review = null;
  try {
    const state = await getReviewState(db, user, UNIT, constructionId);
    // No transfer call exists for units (spec section 7), so the panel does not offer one.
    const allowed = state.allowed.filter((key) => key !== 'transfer');
    review = { status: state.item.status, version: state.item.version, allowed, reviewers: [] };
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'not_found')) throw error;
  }
  const open = await openChangeOf(db, unitChanges, constructionId);
  return {
    ...fields,
    openChangeId: open?.pkid ?? null,
    attachments: await attachmentsOf(db, constructionId),
    review,
  };
}

async function ownUnitId(db: Queryable, userId: number): Promise<number | null> {
  const [row] = await db.select({ id: u.constructionId }).from(u).where(eq(u.userId, userId));
  return row?.id ?? null;
}

async function assertVisible(db: Queryable, user: SessionUser, id: number): Promise<void> {
  const [row] = await db.select({ userId: u.userId }).from(u).where(eq(u.constructionId, id));
  if (!row || !canSee(user, row)) throw new AppError('not_found', { message: m.unitNotFound });
}

/** querySelf: the owner's own unit, or null before it first saved one. */
export async function getOwnUnit(db: Queryable, user: SessionUser) {
  const id = await ownUnitId(db, user.pkid);
  return id === null ? null : loadRecord(db, user, id);
}

/** queryOne: a unit the user may see (404 otherwise). */
export const getUnit = loadRecord;

type UpdateInput = z.output<typeof constructionUpdateSchema>;

const uploadFields = [
  ['licence', constructionAttachmentKind.code.licence],
  ['other', constructionAttachmentKind.code.other],
] as const satisfies readonly (readonly [keyof UpdateInput, ConstructionAttachmentKind])[];

/**
 * updateSelf: saves the owner's unit (creating it the first time) and, with action=submit, sends it to
 * review in the same transaction. Every check runs before anything is stored, so a refusal changes
 * nothing.
 */
export async function saveOwnUnit(
  ctx: Pick<AppContext, 'db' | 'storage' | 'pageCache'>,
  user: SessionUser,
  input: UpdateInput,
) {
  const { db } = ctx;
  const existingId = await ownUnitId(db, user.pkid);
  if (existingId !== null) {
    const [current] = await db
      .select({ status: u.auditStatus })
      .from(u)
      .where(eq(u.constructionId, existingId));
    if (current?.status === auditStatus.code.pending)
      throw new AppError('conflict', { message: m.pendingLocked });
    if (current?.status === auditStatus.code.approved)
      throw new AppError('conflict', { message: m.approvedLocked });
  }
  for (const [field] of uploadFields)
    if (input[field] !== undefined)
      await checkUploadedFile(input[field], documentExtensions, { field, contentMustMatch: true });

  const [taken] = await db
    .select({ id: u.constructionId })
    .from(u)
    .where(
      and(
        eq(u.creditCode, input.creditCode),
        existingId === null ? undefined : ne(u.constructionId, existingId),
      ),
    );
  if (taken) throw new AppError('conflict', { message: m.creditCodeTaken, field: 'creditCode' });

  const existing = existingId === null ? [] : await attachmentsOf(db, existingId);
  const removing = new Set(input.removeFileIds ?? []);
  for (const fileId of removing)
    if (!existing.some((file) => file.fileId === fileId))
      throw new AppError('not_found', { message: '要删除的附件不存在' });
  if (input.action === 'submit') {
    const keepsLicence = existing.some(
      (file) => file.kind === constructionAttachmentKind.code.licence && !removing.has(file.fileId),
    );
    if (!keepsLicence && input.licence === undefined)
      throw new AppError('invalid_input', { message: m.licenceRequired, field: 'licence' });
  }

  const stored: { kind: ConstructionAttachmentKind; fileId: string }[] = [];
  for (const [field, kind] of uploadFields) {
    if (input[field] === undefined) continue;
    const file = await storeUploadedFile(ctx, input[field], documentExtensions, user.pkid, { field });
    stored.push({ kind, fileId: file.fileId });
  }

  const fields = {
    name: input.name,
    creditCode: input.creditCode,
    legalPersonName: input.legalPersonName,
    contactName: input.contactName,
    contactPhone: input.contactPhone,
    address: input.address,
    districtCode: input.districtCode,
  };
  // A new unit changes the hall home's count of construction units.
  const id = await writeDroppingPages(ctx, async (tx, dropPages) => {
    const now = new Date();
    let unitId = existingId;
    if (unitId === null) {
      dropPages(['statistics']);
      const [created] = await tx
        .insert(u)
        .values({
          ...fields,
          userId: user.pkid,
          auditStatus: auditStatus.code.draft,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: u.constructionId });
      if (!created) throw new Error('construction unit insert returned nothing');
      unitId = created.id;
    } else {
      await tx
        .update(u)
        .set({ ...fields, updatedAt: now })
        .where(eq(u.constructionId, unitId));
    }
    if (removing.size > 0)
      await tx.delete(a).where(and(eq(a.constructionId, unitId), inArray(a.fileId, [...removing])));
    if (stored.length > 0)
      await tx.insert(a).values(stored.map((file) => ({ ...file, constructionId: unitId })));
    await openReview(tx, { subjectType: UNIT, subjectId: unitId, applicantId: user.pkid });
    if (input.action === 'submit')
      await decideIn(tx, user, { subjectType: UNIT, subjectId: unitId, decision: 'submit' });
    return unitId;
  });
  return loadRecord(db, user, id);
}

/** approve: a reviewer verifies (2) or rejects (3, with an opinion) a unit. */
export async function decideUnit(
  ctx: Pick<AppContext, 'db'>,
  user: SessionUser,
  input: {
    constructionId: number;
    auditStatus: number;
    opinion?: string | undefined;
    version?: number | undefined;
  },
): Promise<{ auditStatus: number; version: number }> {
  const item = await ctx.db.transaction((tx) =>
    decideIn(tx, user, {
      subjectType: UNIT,
      subjectId: input.constructionId,
      decision: input.auditStatus === auditStatus.code.approved ? 'approve' : 'reject',
      ...(input.opinion ? { opinion: input.opinion } : {}),
      ...(input.version !== undefined ? { version: input.version } : {}),
    }),
  );
  return { auditStatus: item.status, version: item.version };
}

/** constructionAuditInfo: the timeline of a unit the user may see. */
export async function unitTimeline(db: Queryable, user: SessionUser, id: number): Promise<ReviewRecord[]> {
  await assertVisible(db, user, id);
  return listReviewRecords(db, UNIT, id);
}

/** queryAuditRejectView: the latest rejection of a unit the user may see, or null. */
export async function latestRejection(db: Queryable, user: SessionUser, id: number) {
  const records = await unitTimeline(db, user, id);
  const rejection = records.filter((record) => record.decision === auditDecision.code.rejected).at(-1);
  return rejection
    ? { opinion: rejection.opinion, auditorName: rejection.auditorName, auditedAt: rejection.auditedAt }
    : null;
}

/** The units of a page of review tasks, in the tasks' order. */
function withUnits<T extends { subjectId: number }>(db: Queryable, tasks: readonly T[]) {
  return withSubjects(
    tasks,
    (ids) =>
      db
        .select({
          constructionId: u.constructionId,
          name: u.name,
          creditCode: u.creditCode,
          legalPersonName: u.legalPersonName,
          districtName: districts.districtName,
        })
        .from(u)
        .leftJoin(districts, eq(districts.districtCode, u.districtCode))
        .where(inArray(u.constructionId, ids)),
    (unit) => unit.constructionId,
  );
}

/** query: the user's to-do of units to verify, oldest submission first. */
export async function listUnitTodo(db: Queryable, user: SessionUser, query: { page: number; rows: number }) {
  const page = await listTodo(db, user, { ...query, subjectType: UNIT });
  const rows = (await withUnits(db, page.rows)).map(({ task, subject: unit }) => ({
    ...unit,
    auditStatus: task.status,
    applicantName: task.applicantName,
    submittedAt: task.submittedAt,
    version: task.version,
    dueAt: task.dueAt,
    overdue: task.overdue,
  }));
  return { rows, total: page.total };
}

/** doneOrg: the units the user decided, newest first. */
export async function listUnitDone(db: Queryable, user: SessionUser, query: { page: number; rows: number }) {
  const page = await listDone(db, user, { ...query, subjectType: UNIT });
  const rows = (await withUnits(db, page.rows)).map(({ task, subject: unit }) => ({
    ...unit,
    auditStatus: task.status,
    applicantName: task.applicantName,
    submittedAt: task.submittedAt,
    version: task.version,
    decidedAs: task.decidedAs,
    decidedOn: task.decidedOn,
  }));
  return { rows, total: page.total };
}

/** An attachment of a unit the user may see. */
export async function unitAttachmentFile(
  db: Queryable,
  user: SessionUser,
  fileId: string,
): Promise<FileToSend> {
  const [row] = await db
    .select({ ...fileToSendColumns, constructionId: a.constructionId })
    .from(a)
    .innerJoin(files, eq(files.id, a.fileId))
    .where(eq(a.fileId, fileId))
    .limit(1);
  if (!row) throw new AppError('not_found', { message: '附件不存在' });
  await assertVisible(db, user, row.constructionId);
  const { constructionId: _unit, ...file } = row;
  return file;
}
