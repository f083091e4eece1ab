/**
 * Drawings kept in archive cases (图件 /electronics/DrawingManagement, 图文档 /drawdoc/DrawDocManagement,
 * one drawing /electronics/DrawingFileDetails; docs/electronics.md "Drawings"). A drawing is a row of
 * `drawings` (its case and category) and the metadata records of the subject `drawing:<id>`: the
 * first upload appends version 1, each new file the next version with that file, and 修改元数据 a
 * version with the same file. So versions, who uploaded and when, and the level are the chain's.
 *
 * Files arrive through the archive's chunked upload into the folders declared here: `drawing:<case>`
 * (a new 图件), `drawdoc:<case>` (a new 图文档) and `drawing-version:<drawing>` (its next file).
 */
import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import { containsPattern } from '@server/db/contains-pattern';
import type { Queryable } from '@server/db/database';
import { archiveCases, drawings, metadataRecords, projects } from '@server/db/schema';
import type { ArchiveFolderKind, FolderAccess, StoredArchiveFile } from '@server/modules/archive';
import type { SessionUser } from '@server/modules/identity';
import {
  classification,
  drawingCategory,
  drawingFormats,
  metadataKind,
  type Classification,
  type DrawingCategory,
} from '@shared/domain/electronics';
import { AppError } from '@shared/errors/app-error';
import { electronicsMessages as m, type DrawingFilters } from '@shared/validation/electronics';
import { addsToCase, readerOf, type ArchiveReader } from './access';
import { documentContent } from './archiving';
import { appendRecord, lockChain } from './chain';
import { caseOfFolder, caseOfReadable, folderRowId, latestRecordOf, readableSubjects } from './subjects';

const d = drawings;
const r = metadataRecords;
const k = archiveCases;

export const drawingSubject = (drawingId: number) => `drawing:${drawingId}`;
export const DRAWING_PAGE = '/electronics/DrawingFileDetails';

const latestVersion = latestRecordOf('drawing', d.drawingId);

const rowColumns = {
  drawingId: d.drawingId,
  category: d.category,
  caseId: d.caseId,
  caseNo: k.caseNo,
  projectName: projects.projectName,
  recordId: r.recordId,
  name: sql<string>`coalesce(${r.content}->>'name', '')`,
  format: sql<string>`coalesce(${r.content}->>'format', '')`,
  size: sql<number | null>`(${r.content}->>'size')::bigint`.mapWith((value) =>
    value === null ? null : Number(value),
  ),
  classification: r.classification,
  version: r.version,
  updatedByName: r.createdByName,
  updatedAt: r.createdAt,
  createdAt: d.createdAt,
};

function drawingsFrom(db: Queryable) {
  return db
    .select(rowColumns)
    .from(d)
    .innerJoin(k, eq(k.caseId, d.caseId))
    .innerJoin(projects, eq(projects.pkid, k.projectId))
    .innerJoin(r, latestVersion)
    .$dynamic();
}

export async function listDrawings(
  db: Queryable,
  user: SessionUser,
  query: DrawingFilters & { page: number; rows: number },
) {
  const reader = await readerOf(db, user);
  const where = and(
    eq(d.category, query.category),
    ...readableSubjects(reader),
    ...(query.name ? [ilike(sql`${r.content}->>'name'`, containsPattern(query.name))] : []),
    ...(query.caseNo ? [ilike(k.caseNo, containsPattern(query.caseNo))] : []),
    ...(query.projectName ? [ilike(projects.projectName, containsPattern(query.projectName))] : []),
    ...(query.format ? [eq(sql`lower(${r.content}->>'format')`, query.format)] : []),
    ...(query.classification ? [eq(r.classification, query.classification)] : []),
  );
  const rows = await drawingsFrom(db)
    .where(where)
    .orderBy(desc(r.createdAt), desc(d.drawingId))
    .limit(query.rows)
    .offset((query.page - 1) * query.rows);
  const [total] = await db
    .select({ n: count() })
    .from(d)
    .innerJoin(k, eq(k.caseId, d.caseId))
    .innerJoin(projects, eq(projects.pkid, k.projectId))
    .innerJoin(r, latestVersion)
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The drawing and its case when the reader may see it (404 otherwise, as a missing one). */
async function visibleDrawing(db: Queryable, reader: ArchiveReader, drawingId: number) {
  const [row] = await drawingsFrom(db).where(eq(d.drawingId, drawingId));
  const found = await caseOfReadable(db, reader, row, m.drawingNotFound);
  return { row: row!, found };
}

export async function getDrawing(db: Queryable, user: SessionUser, drawingId: number) {
  const reader = await readerOf(db, user);
  const { row, found } = await visibleDrawing(db, reader, drawingId);
  const versions = await db
    .select({
      recordId: r.recordId,
      version: r.version,
      fileId: r.fileId,
      classification: r.classification,
      content: r.content,
      hash: r.hash,
      createdByName: r.createdByName,
      createdAt: r.createdAt,
    })
    .from(r)
    .where(eq(r.subjectKey, drawingSubject(drawingId)))
    .orderBy(r.version);
  const [latest] = versions.slice(-1);
  return {
    ...row,
    content: latest?.content ?? {},
    hash: latest?.hash ?? '',
    ownerName: found.row.ownerName,
    agencyName: found.row.agencyName,
    // Newest first; a version that brought a new file is an upload, the others metadata edits.
    versions: versions
      .map((version, index) => ({
        recordId: version.recordId,
        version: version.version,
        newFile: index === 0 || version.fileId !== versions[index - 1]?.fileId,
        fileName: `${String(version.content.name ?? '')}.${String(version.content.format ?? '').toLowerCase()}`,
        size: typeof version.content.size === 'number' ? version.content.size : null,
        classification: version.classification,
        hash: version.hash,
        createdByName: version.createdByName,
        createdAt: version.createdAt,
      }))
      .filter((version) => found.access.classified || version.classification === classification.code.public)
      .reverse(),
    canUpload: addsToCase(reader, found.row),
    canEdit: reader.all,
  };
}

// ---- The archive folders drawings arrive through ----

/** The name a person gave in the upload's description (the file's own name when none). */
const titleOf = (file: StoredArchiveFile) => file.describe?.trim() || undefined;

/** A stored file as a drawing's version takes it. */
interface DrawingFile {
  fileId: string;
  name: string;
  size: number;
}

interface Author {
  pkid: number | null;
  username: string;
}

/**
 * Adds a drawing to a case inside the caller's transaction: its row and its first metadata version
 * (内部 unless said otherwise; the keepers change the level with 修改元数据). Answers its id.
 */
export async function addDrawing(
  tx: Queryable,
  input: {
    caseId: number;
    category: DrawingCategory;
    file: DrawingFile;
    title?: string | undefined;
    managingUnit: string | null;
    level?: Classification;
    by: Author;
    at: Date;
  },
): Promise<number> {
  const [created] = await tx
    .insert(d)
    .values({ caseId: input.caseId, category: input.category, createdBy: input.by.pkid, createdAt: input.at })
    .returning({ drawingId: d.drawingId });
  const drawingId = created!.drawingId;
  const level = input.level ?? classification.code.internal;
  const content = documentContent({
    fileName: input.file.name,
    size: input.file.size,
    type: drawingCategory.label(input.category),
    level,
    managingUnit: input.managingUnit,
    link: `${DRAWING_PAGE}?id=${drawingId}`,
    producedAt: null,
    loadedAt: input.at,
  });
  await appendRecord(tx, {
    caseId: input.caseId,
    kind: metadataKind.code.document,
    subjectKey: drawingSubject(drawingId),
    version: 1,
    classification: level,
    fileId: input.file.fileId,
    content: input.title ? { ...content, name: input.title } : content,
    createdBy: input.by.pkid,
    createdByName: input.by.username,
    createdAt: input.at,
  });
  return drawingId;
}

/**
 * Appends a drawing's next file as its next version inside the caller's transaction: what the file
 * tells (format, size, load date) is new, what people set (name, level, edited fields) stays.
 */
export async function addDrawingVersion(
  tx: Queryable,
  input: { drawingId: number; file: DrawingFile; title?: string | undefined; by: Author; at: Date },
): Promise<void> {
  // Before reading the latest version, as 修改元数据 does: two uploads take turns.
  await lockChain(tx);
  const [latest] = await tx
    .select({ caseId: r.caseId, version: r.version, classification: r.classification, content: r.content })
    .from(r)
    .where(eq(r.subjectKey, drawingSubject(input.drawingId)))
    .orderBy(desc(r.version))
    .limit(1);
  if (!latest) throw new AppError('not_found', { message: m.drawingNotFound });
  const level = latest.classification as Classification;
  const fresh = documentContent({
    fileName: input.file.name,
    size: input.file.size,
    type: '',
    level,
    managingUnit: null,
    link: '',
    producedAt: null,
    loadedAt: input.at,
  });
  await appendRecord(tx, {
    caseId: latest.caseId,
    kind: metadataKind.code.document,
    subjectKey: drawingSubject(input.drawingId),
    version: latest.version + 1,
    classification: level,
    fileId: input.file.fileId,
    content: {
      ...latest.content,
      format: fresh.format ?? null,
      size: fresh.size ?? null,
      loadDate: fresh.loadDate ?? null,
      ...(input.title ? { name: input.title } : {}),
    },
    createdBy: input.by.pkid,
    createdByName: input.by.username,
    createdAt: input.at,
  });
}

/** A folder kind that takes new drawings of one category into a case. */
function newDrawingsFolder(kind: string, category: DrawingCategory): ArchiveFolderKind {
  return {
    kind,
    label: `档案${drawingCategory.label(category)}`,
    async canRead(access) {
      return (await caseOfFolder(access))?.found.access.classified ?? false;
    },
    async canWrite(access) {
      const ofCase = await caseOfFolder(access);
      return ofCase !== null && addsToCase(ofCase.reader, ofCase.found.row);
    },
    formats: async () => drawingFormats,
    async onStored(access) {
      const ofCase = await caseOfFolder(access);
      if (!ofCase || !addsToCase(ofCase.reader, ofCase.found.row))
        throw new AppError('forbidden', { message: m.drawingWriteForbidden });
      const { db, user, file, at } = access;
      await addDrawing(db, {
        caseId: ofCase.found.row.caseId,
        category,
        file,
        title: titleOf(file),
        managingUnit: ofCase.found.row.agencyName,
        by: user,
        at,
      });
    },
  };
}

export const drawingFolder = newDrawingsFolder('drawing', drawingCategory.code.drawing);
export const drawingDocumentFolder = newDrawingsFolder('drawdoc', drawingCategory.code.document);

/** The drawing of a folder id when the user may see it, with its case. */
async function drawingOfFolder({ db, user, folderId }: FolderAccess) {
  const drawingId = folderRowId(folderId);
  if (drawingId === null) return null;
  const reader = await readerOf(db, user);
  try {
    return { reader, ...(await visibleDrawing(db, reader, drawingId)) };
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/** A drawing's next file (addDrawingVersion). */
export const drawingVersionFolder: ArchiveFolderKind = {
  kind: 'drawing-version',
  label: '图件新版本',
  async canRead(access) {
    return (await drawingOfFolder(access)) !== null;
  },
  async canWrite(access) {
    const drawing = await drawingOfFolder(access);
    return drawing !== null && addsToCase(drawing.reader, drawing.found.row);
  },
  formats: async () => drawingFormats,
  async onStored(access) {
    const drawing = await drawingOfFolder(access);
    if (!drawing || !addsToCase(drawing.reader, drawing.found.row))
      throw new AppError('forbidden', { message: m.drawingWriteForbidden });
    const { db, user, file, at } = access;
    await addDrawingVersion(db, {
      drawingId: drawing.row.drawingId,
      file,
      title: titleOf(file),
      by: user,
      at,
    });
  },
};
