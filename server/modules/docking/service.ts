/**
 * Docked projects (docs/docking.md): the import of the approval platform's feed (the job
 * docking-import and importNow), the supervisors' list, view, delete, file download and export, the
 * owner's list of its unit's docked projects and the one action that turns one into a project.
 *
 * The import is idempotent on the platform's project id: an entry seen before with the same content is
 * skipped, a changed one updates its row (and files), a deleted row stays deleted. Two instances
 * importing at once meet at the unique key: the second insert does nothing.
 */
import { createHash } from 'node:crypto';
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import { containsPattern } from '@server/db/contains-pattern';
import type { Database, Queryable } from '@server/db/database';
import {
  constructionUnits,
  districts,
  dockedProjectFiles,
  dockedProjects,
  files,
  projects,
} from '@server/db/schema';
import { keysetBatches, spreadsheetResponse, type SheetColumn } from '@server/lib/spreadsheet';
import { fileResponse, fileToSendColumns } from '@server/modules/hall/file-response';
import type { SessionUser } from '@server/modules/identity/sessions';
import { addProject } from '@server/modules/projects/service';
import { logProjectEvent } from '@server/modules/projects/status';
import { dockedFileTypeLabel, dockingSourceLabel, type DockedFileType } from '@shared/domain/docking';
import { auditStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { dockingMessages as m, type DockingFilters } from '@shared/validation/docking';
import { projectFieldsSchema } from '@shared/validation/projects';
import { checkUpload, contentTypeFor, documentExtensions } from '@shared/validation/upload';
import { feedProjectSchema, type FeedProject } from './feed';
import { DockingFeedError, dockingProviderFor, type DockingProvider } from './provider';

const dp = dockedProjects;
export const DOCKING_IMPORT_JOB = 'docking-import';

type Ctx = Pick<AppContext, 'config' | 'db' | 'logger' | 'storage'>;

export function providerOf(ctx: Pick<AppContext, 'config'>): DockingProvider {
  return dockingProviderFor(ctx.config.docking);
}

// ── Import ───────────────────────────────────────────────────────────────────────────────────────

export interface ImportSummary {
  added: number;
  updated: number;
  unchanged: number;
  failed: number;
}

/** A stable hash of an entry: keys sorted, so the same content in another key order is unchanged. */
function hashOf(entry: FeedProject): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
          )
        : value;
  return createHash('sha256')
    .update(JSON.stringify(canonical(entry)))
    .digest('hex');
}

function columnsOf(entry: FeedProject) {
  return {
    projectName: entry.projectName,
    centralCode: entry.centralCode ?? null,
    localCode: entry.localCode ?? null,
    districtCode: entry.districtCode ?? null,
    address: entry.address ?? null,
    lon: entry.lon ?? null,
    lat: entry.lat ?? null,
    fundingParty: entry.fundingParty ?? null,
    projectType: entry.projectType ?? null,
    totalInvestment: entry.totalInvestment ?? null,
    landArea: entry.landArea ?? null,
    buildingArea: entry.buildingArea ?? null,
    constructionName: entry.constructionName,
    constructionCreditCode: entry.constructionCreditCode ?? null,
    contactName: entry.contactName ?? null,
    contactPhone: entry.contactPhone ?? null,
    approvalNo: entry.approvalNo ?? null,
    approvedOn: entry.approvedOn ?? null,
  };
}

interface StoredFeedFile {
  type: DockedFileType;
  row: typeof files.$inferInsert;
}

/** Reads and stores an entry's files (the upload rules apply); on any failure removes what it stored. */
async function storeFiles(
  ctx: Ctx,
  provider: DockingProvider,
  entry: FeedProject,
): Promise<StoredFeedFile[]> {
  const stored: StoredFeedFile[] = [];
  try {
    for (const file of entry.files) {
      const bytes = await provider.readFile(file);
      const problem = checkUpload({ name: file.name, size: bytes.byteLength }, documentExtensions);
      if (problem) throw new DockingFeedError(`file ${file.name}: ${problem.message}`);
      const object = await ctx.storage.write(bytes);
      stored.push({
        type: file.type,
        row: {
          originalName: file.name.trim(),
          contentType: contentTypeFor(file.name.trim()),
          size: object.size,
          sha256: object.sha256,
          storageKey: object.key,
          createdBy: null,
        },
      });
    }
    return stored;
  } catch (error) {
    await removeStored(ctx, stored);
    throw error;
  }
}

async function removeStored(ctx: Ctx, stored: StoredFeedFile[]) {
  for (const file of stored) await ctx.storage.remove(file.row.storageKey).catch(() => {});
}

/** The project with the entry's central code, if there is one: the docked row is linked to it. */
async function projectWithCode(db: Queryable, centralCode: string | undefined): Promise<number | null> {
  if (!centralCode) return null;
  const [row] = await db
    .select({ pkid: projects.pkid })
    .from(projects)
    .where(eq(projects.centralCode, centralCode))
    .orderBy(asc(projects.pkid))
    .limit(1);
  return row?.pkid ?? null;
}

/**
 * Reads the provider's feed and stores what is new or changed. Entries that fail their checks are
 * counted (and logged) and left out; the others go in. Throws DockingFeedError when the feed cannot
 * be read at all (the job records the failure).
 */
export async function importDockedProjects(ctx: Ctx, now: Date): Promise<ImportSummary> {
  const provider = providerOf(ctx);
  const documents = await provider.fetchFeed();
  const summary: ImportSummary = { added: 0, updated: 0, unchanged: 0, failed: 0 };
  const seen = new Set<string>();
  for (const raw of documents.flatMap((d) => d.projects)) {
    const parsed = feedProjectSchema.safeParse(raw);
    if (!parsed.success) {
      summary.failed++;
      ctx.logger.warn(
        {
          platformProjectId: (raw as { platformProjectId?: unknown } | null)?.platformProjectId,
          issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
        },
        'docking feed entry refused',
      );
      continue;
    }
    const entry = parsed.data;
    // The same id twice in one feed: the first one counts.
    if (seen.has(entry.platformProjectId)) continue;
    seen.add(entry.platformProjectId);
    try {
      summary[await importEntry(ctx, provider, entry, now)]++;
    } catch (error) {
      summary.failed++;
      ctx.logger.warn(
        { platformProjectId: entry.platformProjectId, err: error },
        'docking feed entry not imported',
      );
    }
  }
  return summary;
}

async function importEntry(
  ctx: Ctx,
  provider: DockingProvider,
  entry: FeedProject,
  now: Date,
): Promise<'added' | 'updated' | 'unchanged'> {
  const hash = hashOf(entry);
  const [existing] = await ctx.db
    .select({ pkid: dp.pkid, payloadHash: dp.payloadHash, deletedAt: dp.deletedAt })
    .from(dp)
    .where(eq(dp.platformProjectId, entry.platformProjectId));
  if (existing && (existing.payloadHash === hash || existing.deletedAt)) return 'unchanged';
  const stored = await storeFiles(ctx, provider, entry);
  try {
    return await ctx.db.transaction(async (tx) => {
      const linked = await projectWithCode(tx, entry.centralCode);
      let dockedId: number;
      let outcome: 'added' | 'updated';
      if (!existing) {
        const [created] = await tx
          .insert(dp)
          .values({
            platformProjectId: entry.platformProjectId,
            source: provider.source,
            ...columnsOf(entry),
            payloadHash: hash,
            projectId: linked,
            importedAt: linked ? now : null,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing({ target: dp.platformProjectId })
          .returning({ pkid: dp.pkid });
        // Another instance inserted it a moment ago: its import stands.
        if (!created) throw new AlreadyImported();
        dockedId = created.pkid;
        outcome = 'added';
      } else {
        const [updated] = await tx
          .update(dp)
          .set({ source: provider.source, ...columnsOf(entry), payloadHash: hash, updatedAt: now })
          .where(and(eq(dp.pkid, existing.pkid), isNull(dp.deletedAt), sql`${dp.payloadHash} <> ${hash}`))
          .returning({ pkid: dp.pkid, projectId: dp.projectId });
        if (!updated) throw new AlreadyImported();
        if (updated.projectId === null && linked !== null)
          await tx.update(dp).set({ projectId: linked, importedAt: now }).where(eq(dp.pkid, updated.pkid));
        dockedId = updated.pkid;
        outcome = 'updated';
        if (stored.length > 0)
          await tx.delete(dockedProjectFiles).where(
            and(
              eq(dockedProjectFiles.dockedId, dockedId),
              inArray(
                dockedProjectFiles.type,
                stored.map((f) => f.type),
              ),
            ),
          );
      }
      for (const file of stored) {
        const [row] = await tx.insert(files).values(file.row).returning({ id: files.id });
        if (!row) throw new Error('files insert returned nothing');
        await tx
          .insert(dockedProjectFiles)
          .values({ dockedId, type: file.type, fileId: row.id, createdAt: now });
      }
      return outcome;
    });
  } catch (error) {
    await removeStored(ctx, stored);
    if (error instanceof AlreadyImported) return 'unchanged';
    throw error;
  }
}

class AlreadyImported extends Error {}

// ── Reading ──────────────────────────────────────────────────────────────────────────────────────

const rowColumns = {
  pkid: dp.pkid,
  platformProjectId: dp.platformProjectId,
  source: dp.source,
  projectName: dp.projectName,
  centralCode: dp.centralCode,
  localCode: dp.localCode,
  districtCode: dp.districtCode,
  districtName: districts.districtName,
  address: dp.address,
  fundingParty: dp.fundingParty,
  constructionName: dp.constructionName,
  constructionCreditCode: dp.constructionCreditCode,
  approvalNo: dp.approvalNo,
  approvedOn: dp.approvedOn,
  projectId: dp.projectId,
  projectNo: projects.projectNo,
  createdAt: dp.createdAt,
  updatedAt: dp.updatedAt,
};

const recordColumns = {
  ...rowColumns,
  lon: dp.lon,
  lat: dp.lat,
  projectType: dp.projectType,
  totalInvestment: dp.totalInvestment,
  landArea: dp.landArea,
  buildingArea: dp.buildingArea,
  contactName: dp.contactName,
  contactPhone: dp.contactPhone,
  importedAt: dp.importedAt,
};

function selectDocked(db: Queryable) {
  return db
    .select(recordColumns)
    .from(dp)
    .leftJoin(districts, eq(districts.districtCode, dp.districtCode))
    .leftJoin(projects, eq(projects.pkid, dp.projectId));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectDocked>['where']>>[number];

async function fileTypesOf(db: Queryable, ids: number[]) {
  if (ids.length === 0) return new Map<number, string[]>();
  const rows = await db
    .select({ dockedId: dockedProjectFiles.dockedId, type: dockedProjectFiles.type })
    .from(dockedProjectFiles)
    .where(inArray(dockedProjectFiles.dockedId, ids))
    .orderBy(asc(dockedProjectFiles.type));
  const byId = new Map<number, string[]>();
  for (const row of rows) byId.set(row.dockedId, [...(byId.get(row.dockedId) ?? []), row.type]);
  return byId;
}

function toRow(row: Selected, fileTypes: string[]) {
  return {
    pkid: row.pkid,
    platformProjectId: row.platformProjectId,
    source: row.source,
    sourceName: dockingSourceLabel(row.source),
    projectName: row.projectName,
    centralCode: row.centralCode,
    localCode: row.localCode,
    districtCode: row.districtCode,
    districtName: row.districtName,
    address: row.address,
    fundingParty: row.fundingParty,
    constructionName: row.constructionName,
    constructionCreditCode: row.constructionCreditCode,
    approvalNo: row.approvalNo,
    approvedOn: row.approvedOn,
    state: row.projectId === null ? 0 : 1,
    projectId: row.projectId,
    projectNo: row.projectNo,
    fileTypes,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function dockingConditions(filters: DockingFilters): SQL | undefined {
  return and(
    isNull(dp.deletedAt),
    filters.projectName ? ilike(dp.projectName, containsPattern(filters.projectName)) : undefined,
    filters.centralCode ? ilike(dp.centralCode, containsPattern(filters.centralCode)) : undefined,
    filters.constructionName
      ? ilike(dp.constructionName, containsPattern(filters.constructionName))
      : undefined,
    filters.state === 0 ? isNull(dp.projectId) : filters.state === 1 ? isNotNull(dp.projectId) : undefined,
  );
}

async function pageOf(db: Queryable, where: SQL | undefined, page: number, size: number) {
  const rows = await selectDocked(db)
    .where(where)
    .orderBy(desc(dp.createdAt), desc(dp.pkid))
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db.select({ n: count() }).from(dp).where(where);
  const types = await fileTypesOf(
    db,
    rows.map((r) => r.pkid),
  );
  return { rows: rows.map((row) => toRow(row, types.get(row.pkid) ?? [])), total: total?.n ?? 0 };
}

/** The supervisors' list: every docked project not deleted, newest first. */
export function listDocked(db: Queryable, input: DockingFilters & { page: number; rows: number }) {
  return pageOf(db, dockingConditions(input), input.page, input.rows);
}

async function recordOf(db: Queryable, where: SQL) {
  const [row] = await selectDocked(db).where(and(where, isNull(dp.deletedAt)));
  if (!row) throw new AppError('not_found', { message: m.notFound });
  const attached = await db
    .select({ type: dockedProjectFiles.type, fileName: files.originalName, size: files.size })
    .from(dockedProjectFiles)
    .innerJoin(files, eq(files.id, dockedProjectFiles.fileId))
    .where(eq(dockedProjectFiles.dockedId, row.pkid))
    .orderBy(asc(dockedProjectFiles.type));
  return {
    ...toRow(
      row,
      attached.map((f) => f.type),
    ),
    lon: row.lon,
    lat: row.lat,
    projectType: row.projectType,
    totalInvestment: row.totalInvestment,
    landArea: row.landArea,
    buildingArea: row.buildingArea,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    importedAt: row.importedAt,
    files: attached.map((f) => ({ ...f, typeName: dockedFileTypeLabel(f.type) })),
  };
}

export function getDocked(db: Queryable, id: number) {
  return recordOf(db, eq(dp.pkid, id));
}

/** Hides a docked project (soft delete: the feed will not bring it back). */
export async function deleteDocked(db: Database, user: SessionUser, id: number, now: Date): Promise<null> {
  const removed = await db
    .update(dp)
    .set({ deletedAt: now, deletedBy: user.pkid, updatedAt: now })
    .where(and(eq(dp.pkid, id), isNull(dp.deletedAt)))
    .returning({ pkid: dp.pkid });
  if (removed.length === 0) throw new AppError('not_found', { message: m.notFound });
  return null;
}

export async function dockedFileResponse(ctx: Pick<AppContext, 'db' | 'storage'>, id: number, type: string) {
  const [file] = await ctx.db
    .select(fileToSendColumns)
    .from(dockedProjectFiles)
    .innerJoin(dp, eq(dp.pkid, dockedProjectFiles.dockedId))
    .innerJoin(files, eq(files.id, dockedProjectFiles.fileId))
    .where(and(eq(dockedProjectFiles.dockedId, id), eq(dockedProjectFiles.type, type), isNull(dp.deletedAt)));
  if (!file) throw new AppError('not_found', { message: m.fileNotFound });
  const response = fileResponse(ctx.storage, file, 'attachment');
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}

type ExportRow = Selected;

const exportColumns: readonly SheetColumn<ExportRow>[] = [
  { header: '审批平台项目编号', width: 22, value: (r) => r.platformProjectId },
  { header: '项目名称', width: 36, value: (r) => r.projectName },
  { header: '项目代码', width: 26, value: (r) => r.centralCode },
  { header: '地方项目编码', width: 18, value: (r) => r.localCode },
  { header: '所在区县', width: 12, value: (r) => r.districtName },
  { header: '项目地址', width: 30, value: (r) => r.address },
  { header: '建设单位', width: 30, value: (r) => r.constructionName },
  { header: '统一社会信用代码', width: 22, value: (r) => r.constructionCreditCode },
  { header: '出资方', width: 20, value: (r) => r.fundingParty },
  { header: '审批文号', width: 22, value: (r) => r.approvalNo },
  { header: '审批日期', kind: 'date', value: (r) => r.approvedOn },
  { header: '总投资（万元）', kind: 'integer', width: 14, value: (r) => r.totalInvestment },
  { header: '导入状态', width: 10, value: (r) => (r.projectId === null ? '待导入' : '已导入') },
  { header: '项目编号', width: 16, value: (r) => r.projectNo },
  { header: '来源', width: 12, value: (r) => dockingSourceLabel(r.source) },
  { header: '接收时间', kind: 'dateTime', value: (r) => r.createdAt },
];

export function exportDocked(db: Database, filters: DockingFilters): Response {
  const where = dockingConditions(filters);
  const rows = keysetBatches<ExportRow, { createdAt: Date; pkid: number }>(
    (after, size) =>
      selectDocked(db)
        .where(
          after
            ? and(
                where,
                or(
                  lt(dp.createdAt, after.createdAt),
                  and(eq(dp.createdAt, after.createdAt), lt(dp.pkid, after.pkid)),
                ),
              )
            : where,
        )
        .orderBy(desc(dp.createdAt), desc(dp.pkid))
        .limit(size),
    (row) => ({ createdAt: row.createdAt, pkid: row.pkid }),
  );
  return spreadsheetResponse({
    fileName: '审批平台推送项目.xlsx',
    sheetName: '审批平台推送项目',
    columns: exportColumns,
    rows,
  });
}

// ── The owner's side ─────────────────────────────────────────────────────────────────────────────

async function unitOf(db: Queryable, userId: number) {
  const [unit] = await db
    .select({
      id: constructionUnits.constructionId,
      name: constructionUnits.name,
      creditCode: constructionUnits.creditCode,
      contactName: constructionUnits.contactName,
      contactPhone: constructionUnits.contactPhone,
      auditStatus: constructionUnits.auditStatus,
    })
    .from(constructionUnits)
    .where(eq(constructionUnits.userId, userId));
  return unit ?? null;
}

/** Docked projects of a unit: its unified social credit code, or its name when the platform gave none. */
function ofUnit(unit: { name: string; creditCode: string | null }): SQL {
  const byName = and(isNull(dp.constructionCreditCode), eq(dp.constructionName, unit.name));
  return (unit.creditCode ? or(eq(dp.constructionCreditCode, unit.creditCode), byName) : byName) as SQL;
}

/** getSynchroProjectListByUserID: the docked projects of the user's unit (administrators: userID's). */
export async function synchroList(
  db: Queryable,
  user: SessionUser,
  input: { userID?: number | undefined; pageNum: number; pageSize: number; projectName?: string | undefined },
) {
  const unit = await unitOf(db, user.isAdmin && input.userID ? input.userID : user.pkid);
  if (!unit) return { rows: [], total: 0 };
  const where = and(
    isNull(dp.deletedAt),
    ofUnit(unit),
    input.projectName ? ilike(dp.projectName, containsPattern(input.projectName)) : undefined,
  );
  return pageOf(db, where, input.pageNum, input.pageSize);
}

/**
 * The one action: the owner's docked project becomes a draft project of its unit through the project
 * add service (its rules and duplicate check apply), and the docked row records the project. Fields the
 * platform left empty (contact) come from the unit; a row still missing what a project needs answers
 * 400 naming it, and nothing is created.
 */
export async function createFromDocked(
  ctx: Pick<AppContext, 'db' | 'pageCache'>,
  user: SessionUser,
  id: number,
) {
  const { db } = ctx;
  const unit = await unitOf(db, user.pkid);
  if (!unit || unit.auditStatus !== auditStatus.code.approved)
    throw new AppError('forbidden', { message: m.noUnit });
  const [row] = await db
    .select({
      pkid: dp.pkid,
      projectId: dp.projectId,
      projectNo: projects.projectNo,
      projectName: dp.projectName,
      centralCode: dp.centralCode,
      localCode: dp.localCode,
      lon: dp.lon,
      lat: dp.lat,
      address: dp.address,
      fundingParty: dp.fundingParty,
      projectType: dp.projectType,
      totalInvestment: dp.totalInvestment,
      landArea: dp.landArea,
      buildingArea: dp.buildingArea,
      contactName: dp.contactName,
      contactPhone: dp.contactPhone,
      platformProjectId: dp.platformProjectId,
    })
    .from(dp)
    .leftJoin(projects, eq(projects.pkid, dp.projectId))
    .where(and(eq(dp.pkid, id), isNull(dp.deletedAt), ofUnit(unit)));
  if (!row) throw new AppError('not_found', { message: m.notFound });
  if (row.projectId !== null)
    throw new AppError('conflict', { message: m.alreadyImported(row.projectNo ?? '') });
  const fields = projectFieldsSchema.safeParse({
    projectName: row.projectName,
    centralCode: row.centralCode ?? '',
    localCode: row.localCode ?? undefined,
    lon: row.lon ?? '',
    lat: row.lat ?? '',
    address: row.address ?? undefined,
    fundingParty: row.fundingParty ?? unit.name,
    projectType: row.projectType ?? undefined,
    totalInvestment: row.totalInvestment ?? undefined,
    landArea: row.landArea ?? undefined,
    buildingArea: row.buildingArea ?? undefined,
    contactName: row.contactName ?? unit.contactName ?? '',
    contactPhone: row.contactPhone ?? unit.contactPhone ?? '',
  });
  if (!fields.success)
    throw new AppError('invalid_input', { message: m.incomplete(fields.error.issues[0]?.message ?? '') });
  // The project stands only with its link: of two imports of the same row at once, one creates it.
  return addProject(ctx, user, fields.data, async (tx, projectId) => {
    const linked = await tx
      .update(dp)
      .set({ projectId, importedBy: user.pkid, importedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(dp.pkid, row.pkid), isNull(dp.projectId)))
      .returning({ pkid: dp.pkid });
    if (linked.length === 0) {
      const [winner] = await tx
        .select({ projectNo: projects.projectNo })
        .from(dp)
        .innerJoin(projects, eq(projects.pkid, dp.projectId))
        .where(eq(dp.pkid, row.pkid));
      throw new AppError('conflict', { message: m.alreadyImported(winner?.projectNo ?? '') });
    }
    await logProjectEvent(tx, {
      projectId,
      actor: { pkid: user.pkid, username: user.username },
      content: `从省审批平台导入（平台项目编号 ${row.platformProjectId}）`,
    });
  });
}

// ── Housing information (getSpfXmxx) ─────────────────────────────────────────────────────────────

export async function housingInfo(
  ctx: Pick<AppContext, 'config'>,
  input: { centralCode: string; projectId?: number | undefined; itemIds?: string | undefined },
) {
  let info;
  try {
    info = await providerOf(ctx).housingInfo(input.centralCode);
  } catch (error) {
    if (error instanceof DockingFeedError)
      throw new AppError('unavailable', { message: m.platformUnavailable });
    throw error;
  }
  if (!info) throw new AppError('not_found', { message: m.housingNotFound });
  return {
    centralCode: info.centralCode,
    projectName: info.projectName,
    developer: info.developer,
    presaleLicenseNo: info.presaleLicenseNo ?? null,
    landUseCertificateNo: info.landUseCertificateNo ?? null,
    totalBuildingArea: info.totalBuildingArea ?? null,
    buildings: info.buildings.map((b) => ({ ...b, buildingArea: b.buildingArea ?? null })),
    projectId: input.projectId ?? null,
    itemIds: input.itemIds ? input.itemIds.split(',').map(Number) : [],
  };
}
