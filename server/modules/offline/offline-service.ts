/**
 * Offline projects (/projectOffline/*; docs/offline-projects.md): projects surveyed outside the system,
 * recorded by the agency that surveyed them (its organization account) with their documents, and
 * reviewed through the review engine (subject 'project_offline'; reviewers: the offline result auditors
 * assigned on /audituser/resultinfo_audit_users_offline, otherwise every auditor). Adding or fixing one
 * submits it; an approved one counts in the hall's project statistics by district and stage
 * (server/modules/map/districts.ts), so a decision drops the hall's project pages.
 */
import { and, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import { containsAny } from '@server/db/contains-pattern';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { pageOf } from '@server/db/page-of';
import {
  agentOrganizations,
  districts,
  files,
  projectOfflineFiles,
  projectOfflines,
  reviewItems,
  users,
} from '@server/db/schema';
import { fileToSendColumns, type FileToSend } from '@server/lib/file-response';
import type { SessionUser } from '@server/modules/identity';
import { agencyAccountOf, isProjectSupervisor, ownAgencyOf } from '@server/modules/projects';
import {
  decideByAuditStatus,
  decideIn,
  getReviewState,
  listReviewRecords,
  queueRowsOf,
  reviewersOf,
  submitForReview,
  type QueueInput,
  type ReviewSubjects,
} from '@server/modules/review';
import { checkUploadedFile, storeUploadedFile } from '@server/storage/uploads';
import { findStage, stageName, surveyItemName } from '@shared/domain/stages';
import { auditStatus, auditSubject } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { beijingDate } from '@shared/validation/jobs';
import { offlineMessages as m } from '@shared/validation/offline';
import { documentExtensions } from '@shared/validation/upload';

const OFFLINE = auditSubject.code.projectOffline;
const t = projectOfflines;

export interface OfflineFieldsInput {
  projectName: string;
  projectNo?: string | undefined;
  constructionName: string;
  districtCode: string;
  address?: string | undefined;
  stageId: number;
  itemIds: number[];
  surveyedOn: string;
  remark?: string | undefined;
}

const rowColumns = {
  pkid: t.pkid,
  projectName: t.projectName,
  projectNo: t.projectNo,
  constructionName: t.constructionName,
  districtCode: t.districtCode,
  districtName: districts.districtName,
  address: t.address,
  stageId: t.stageId,
  itemIds: t.itemIds,
  organizationId: t.organizationId,
  orgName: agentOrganizations.orgName,
  surveyedOn: t.surveyedOn,
  remark: t.remark,
  auditStatus: t.auditStatus,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
  auditedAt: t.auditedAt,
};

function joined(db: Queryable) {
  return db
    .select(rowColumns)
    .from(t)
    .innerJoin(agentOrganizations, eq(agentOrganizations.organizationId, t.organizationId))
    .leftJoin(districts, eq(districts.districtCode, t.districtCode));
}

type RawRow = Awaited<ReturnType<ReturnType<typeof joined>['where']>>[number];

function toRow(row: RawRow) {
  return {
    ...row,
    stageName: stageName(row.stageId),
    itemNames: row.itemIds.map((item) => surveyItemName(item)),
  };
}

/** Supervisors (auditors, authority, administrator) see every offline project, an agency its own. */
async function visibility(db: Queryable, user: SessionUser): Promise<SQL | null> {
  if (isProjectSupervisor(user)) return null;
  const org = await ownAgencyOf(db, user);
  return org === null ? eq(t.pkid, -1) : eq(t.organizationId, org);
}

function checkFields(input: OfflineFieldsInput, now: Date): void {
  const stage = findStage(input.stageId);
  if (!stage) throw new AppError('invalid_input', { message: m.stageRequired, field: 'stageId' });
  const inStage = new Set<number>(stage.items.map((item) => item.id));
  for (const item of input.itemIds)
    if (!inStage.has(item))
      throw new AppError('invalid_input', {
        message: m.itemOutsideStage(surveyItemName(item), stage.name),
        field: 'itemIds',
      });
  if (input.surveyedOn > beijingDate(now))
    throw new AppError('invalid_input', { message: m.surveyedOnFuture, field: 'surveyedOn' });
}

async function checkDistrict(db: Queryable, code: string): Promise<void> {
  const [row] = await db
    .select({ code: districts.districtCode })
    .from(districts)
    .where(eq(districts.districtCode, code));
  if (!row) throw new AppError('invalid_input', { message: m.districtRequired, field: 'districtCode' });
}

function fieldValues(input: OfflineFieldsInput) {
  return {
    projectName: input.projectName,
    projectNo: input.projectNo ?? null,
    constructionName: input.constructionName,
    districtCode: input.districtCode,
    address: input.address ?? null,
    stageId: input.stageId,
    itemIds: [...new Set(input.itemIds)],
    surveyedOn: input.surveyedOn,
    remark: input.remark ?? null,
  };
}

const FILE_FIELDS = ['report', 'other'] as const;
type FileInput = { report?: unknown; other?: unknown };

async function checkFiles(input: FileInput): Promise<void> {
  for (const field of FILE_FIELDS)
    if (input[field] !== undefined)
      await checkUploadedFile(input[field], documentExtensions, { field, contentMustMatch: true });
}

async function storeFiles(ctx: Pick<AppContext, 'db' | 'storage'>, input: FileInput, userId: number) {
  const stored: string[] = [];
  for (const field of FILE_FIELDS) {
    if (input[field] === undefined) continue;
    stored.push((await storeUploadedFile(ctx, input[field], documentExtensions, userId, { field })).fileId);
  }
  return stored;
}

async function recordingAgency(db: Queryable, user: SessionUser): Promise<number> {
  const org = await agencyAccountOf(db, user);
  if (org === null) throw new AppError('forbidden', { message: m.noAgency });
  return org;
}

/** add: records an offline project with its documents and submits it for review, in one transaction. */
export async function addOffline(
  ctx: Pick<AppContext, 'db' | 'storage' | 'services'>,
  user: SessionUser,
  input: OfflineFieldsInput & FileInput,
) {
  const org = await recordingAgency(ctx.db, user);
  const now = ctx.services.now();
  checkFields(input, now);
  await checkDistrict(ctx.db, input.districtCode);
  if (input.report === undefined)
    throw new AppError('invalid_input', { message: m.fileRequired, field: 'report' });
  await checkFiles(input);
  const fileIds = await storeFiles(ctx, input, user.pkid);
  const pkid = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(t)
      .values({
        ...fieldValues(input),
        organizationId: org,
        createdBy: user.pkid,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ pkid: t.pkid });
    if (!created) throw new Error('offline insert returned nothing');
    await tx
      .insert(projectOfflineFiles)
      .values(fileIds.map((fileId) => ({ offlineId: created.pkid, fileId })));
    await submitForReview(ctx, tx, user, { subjectType: OFFLINE, subjectId: created.pkid });
    return created.pkid;
  });
  return getOffline(ctx.db, user, pkid);
}

async function ownEditable(tx: Queryable, user: SessionUser, pkid: number) {
  const [row] = await tx
    .select({ pkid: t.pkid, organizationId: t.organizationId, auditStatus: t.auditStatus })
    .from(t)
    .where(eq(t.pkid, pkid))
    .for('update');
  const org = user.isAdmin ? row?.organizationId : await agencyAccountOf(tx, user);
  if (!row || row.organizationId !== org) throw new AppError('not_found', { message: m.notFound });
  if (row.auditStatus !== auditStatus.code.draft && row.auditStatus !== auditStatus.code.rejected)
    throw new AppError('conflict', { message: m.notEditable });
  return row;
}

/** update: a draft or rejected one is corrected (fields, documents) and submitted again. */
export async function updateOffline(
  ctx: Pick<AppContext, 'db' | 'storage' | 'services'>,
  user: SessionUser,
  input: OfflineFieldsInput & FileInput & { pkid: number; removeFileIds?: string[] | undefined },
) {
  const now = ctx.services.now();
  checkFields(input, now);
  await checkDistrict(ctx.db, input.districtCode);
  await ownEditable(ctx.db, user, input.pkid);
  await checkFiles(input);
  const fileIds = await storeFiles(ctx, input, user.pkid);
  await ctx.db.transaction(async (tx) => {
    await ownEditable(tx, user, input.pkid);
    if (input.removeFileIds?.length)
      await tx
        .delete(projectOfflineFiles)
        .where(
          and(
            eq(projectOfflineFiles.offlineId, input.pkid),
            inArray(projectOfflineFiles.fileId, input.removeFileIds),
          ),
        );
    if (fileIds.length > 0)
      await tx
        .insert(projectOfflineFiles)
        .values(fileIds.map((fileId) => ({ offlineId: input.pkid, fileId })));
    const [left] = await tx
      .select({ n: count() })
      .from(projectOfflineFiles)
      .where(eq(projectOfflineFiles.offlineId, input.pkid));
    if (!left?.n) throw new AppError('invalid_input', { message: m.fileRequired, field: 'report' });
    await tx
      .update(t)
      .set({ ...fieldValues(input), updatedAt: now })
      .where(eq(t.pkid, input.pkid));
    await decideIn(ctx, tx, user, { subjectType: OFFLINE, subjectId: input.pkid, decision: 'submit' });
  });
  return getOffline(ctx.db, user, input.pkid);
}

/** delete?pkids: the agency removes its drafts and rejected ones; all or nothing. */
export async function deleteOffline(ctx: Pick<AppContext, 'db'>, user: SessionUser, pkids: number[]) {
  const unique = [...new Set(pkids)];
  await ctx.db.transaction(async (tx) => {
    for (const pkid of unique) await ownEditable(tx, user, pkid);
    await tx
      .delete(reviewItems)
      .where(and(eq(reviewItems.subjectType, OFFLINE), inArray(reviewItems.subjectId, unique)));
    await tx.delete(t).where(inArray(t.pkid, unique));
  });
  return { deleted: unique.length };
}

export async function listOffline(
  db: Queryable,
  user: SessionUser,
  query: {
    page: number;
    rows: number;
    projectName?: string | undefined;
    auditStatus?: number | undefined;
    districtCode?: string | undefined;
  },
) {
  const seen = await visibility(db, user);
  const where = and(
    ...(seen ? [seen] : []),
    ...(query.projectName ? [ilike(t.projectName, `%${query.projectName.replace(/[%_\\]/g, '\\$&')}%`)] : []),
    ...(query.auditStatus !== undefined ? [eq(t.auditStatus, query.auditStatus)] : []),
    ...(query.districtCode ? [eq(t.districtCode, query.districtCode)] : []),
  );
  const rows = await pageOf(
    joined(db).where(where).orderBy(desc(t.updatedAt), desc(t.pkid)).$dynamic(),
    query,
  );
  const [total] = await db.select({ n: count() }).from(t).where(where);
  return { rows: rows.map(toRow), total: total?.n ?? 0 };
}

/** Offline projects as the reviewers' queue shows them. */
const offlineSubjects: ReviewSubjects<RawRow> = {
  subjectType: OFFLINE,
  rowsOf: (db, ids) => joined(db).where(inArray(t.pkid, ids)),
  idOf: (row) => row.pkid,
  // The queue's search: the project's name or number.
  search: (db, keyword) =>
    db
      .select({ id: t.pkid })
      .from(t)
      .where(containsAny(keyword, t.projectName, t.projectNo)),
};

/** toDoList: the reviewer's offline projects to review, oldest submission first (the queue's fields). */
export async function listOfflineTodo(
  db: Queryable,
  user: SessionUser,
  query: { page: number; rows: number } & QueueInput,
) {
  return queueRowsOf(db, user, offlineSubjects, query, toRow);
}

/** One offline project with its documents, its review state (the decision panel) and its trail. */
export async function getOffline(db: Queryable, user: SessionUser, pkid: number) {
  const seen = await visibility(db, user);
  const [row] = await joined(db).where(and(eq(t.pkid, pkid), ...(seen ? [seen] : [])));
  if (!row) throw new AppError('not_found', { message: m.notFound });
  const fileRows = await db
    .select({
      fileId: files.id,
      fileName: files.originalName,
      contentType: files.contentType,
      size: files.size,
    })
    .from(projectOfflineFiles)
    .innerJoin(files, eq(files.id, projectOfflineFiles.fileId))
    .where(eq(projectOfflineFiles.offlineId, pkid))
    .orderBy(projectOfflineFiles.pkid);
  let review = null;
  try {
    const state = await getReviewState(db, user, OFFLINE, pkid);
    const reviewers = state.allowed.includes('transfer')
      ? await db
          .select({ pkid: users.pkid, username: users.username })
          .from(users)
          .where(inArray(users.pkid, await reviewersOf(db, OFFLINE)))
      : [];
    review = { status: state.item.status, version: state.item.version, allowed: state.allowed, reviewers };
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'not_found')) throw error;
  }
  const own = (await agencyAccountOf(db, user)) === row.organizationId || user.isAdmin;
  const editable =
    row.auditStatus === auditStatus.code.draft || row.auditStatus === auditStatus.code.rejected;
  return {
    ...toRow(row),
    files: fileRows,
    canEdit: own && editable,
    review,
    records: await listReviewRecords(db, OFFLINE, pkid),
  };
}

/** updateStatus: the reviewer approves or rejects (with an opinion); the hall's statistics follow. */
export async function decideOffline(
  ctx: Pick<AppContext, 'db' | 'pageCache' | 'services'>,
  user: SessionUser,
  input: { pkid: number; auditStatus: number; opinion?: string | undefined; version?: number | undefined },
) {
  return decideByAuditStatus(ctx, user, { subjectType: OFFLINE, subjectId: input.pkid }, input, ['projects']);
}

export async function offlineFile(
  db: Queryable,
  user: SessionUser,
  pkid: number,
  fileId: string,
): Promise<FileToSend> {
  await getOffline(db, user, pkid);
  const [file] = await db
    .select(fileToSendColumns)
    .from(projectOfflineFiles)
    .innerJoin(files, eq(files.id, projectOfflineFiles.fileId))
    .where(and(eq(projectOfflineFiles.offlineId, pkid), eq(projectOfflineFiles.fileId, fileId)));
  if (!file) throw new AppError('not_found', { message: '文件不存在' });
  return file;
}
