/**
 * Metadata records (元数据目录, /electronics/MetadataManage; docs/electronics.md): the field catalogue,
 * the records in chain order, a record's versions, 修改元数据 (which appends the next version to the
 * chain, never changes one), the chain's verification and the download of a record's file (a 内部 or
 * 涉密 one is recorded in archive_downloads).
 */
import { and, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import { containsPattern } from '@server/db/contains-pattern';
import type { Queryable } from '@server/db/database';
import { archiveCases, archiveDownloads, files, metadataRecords } from '@server/db/schema';
import { fileResponse, fileToSendColumns, privately } from '@server/lib/file-response';
import type { SessionUser } from '@server/modules/identity';
import {
  canonicalJson,
  classification,
  documentFields,
  editableFieldsOf,
  metadataDataType,
  metadataKind,
  vectorFields,
  type Classification,
  type MetadataKind,
} from '@shared/domain/electronics';
import { AppError } from '@shared/errors/app-error';
import { electronicsMessages as m, type MetadataUpdate } from '@shared/validation/electronics';
import { keepsArchive, readerOf } from './access';
import { visibleCase } from './cases';
import { appendRecord, lockChain, verifyChain } from './chain';

const r = metadataRecords;

/** When the catalogue's fields were added (the catalogue is versioned with the code). */
const CATALOGUE_ADDED = '2026-11-27T00:00:00.000Z';

/** The field catalogue of both kinds, as the catalogue page lists and filters it. */
export function fieldCatalogue() {
  const rows = (kind: MetadataKind, defs: typeof documentFields) =>
    defs.map((def, index) => ({
      kind,
      order: index + 1,
      field: def.field,
      label: def.label,
      dataType: metadataDataType[def.dataType],
      editable: def.editable === true,
      addedAt: CATALOGUE_ADDED,
      updatedAt: CATALOGUE_ADDED,
    }));
  return [
    ...rows(metadataKind.code.document, documentFields),
    ...rows(metadataKind.code.vector, vectorFields),
  ];
}

const recordColumns = {
  recordId: r.recordId,
  caseId: r.caseId,
  caseNo: archiveCases.caseNo,
  kind: r.kind,
  subjectKey: r.subjectKey,
  version: r.version,
  classification: r.classification,
  content: r.content,
  previousHash: r.previousHash,
  hash: r.hash,
  createdByName: r.createdByName,
  createdAt: r.createdAt,
};

/** Every record (each version), newest first: the archive keepers' view of the chain. */
export async function listRecords(
  db: Queryable,
  user: SessionUser,
  query: { page: number; rows: number; kind?: number; caseNo?: string; name?: string },
) {
  if (!keepsArchive(await readerOf(db, user))) throw new AppError('forbidden');
  const where = and(
    ...([
      query.kind ? eq(r.kind, query.kind) : undefined,
      query.caseNo ? ilike(archiveCases.caseNo, containsPattern(query.caseNo)) : undefined,
      query.name ? ilike(sql`${r.content}->>'name'`, containsPattern(query.name)) : undefined,
    ].filter(Boolean) as SQL[]),
  );
  const rows = await db
    .select(recordColumns)
    .from(r)
    .innerJoin(archiveCases, eq(archiveCases.caseId, r.caseId))
    .where(where)
    .orderBy(desc(r.recordId))
    .limit(query.rows)
    .offset((query.page - 1) * query.rows);
  const [total] = await db
    .select({ n: count() })
    .from(r)
    .innerJoin(archiveCases, eq(archiveCases.caseId, r.caseId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** A record the user may read: its case visible, and its level readable. 404 otherwise. */
async function readableRecord(db: Queryable, user: SessionUser, recordId: number) {
  const [record] = await db
    .select({ ...recordColumns, fileId: r.fileId })
    .from(r)
    .innerJoin(archiveCases, eq(archiveCases.caseId, r.caseId))
    .where(eq(r.recordId, recordId));
  if (!record) throw new AppError('not_found', { message: m.recordNotFound });
  const reader = await readerOf(db, user);
  const { access } = await visibleCase(db, reader, record.caseId);
  if (!access.classified && record.classification !== classification.code.public)
    throw new AppError('not_found', { message: m.recordNotFound });
  return { record, reader };
}

/** Every version of a record's subject, newest first. */
export async function recordVersions(db: Queryable, user: SessionUser, recordId: number) {
  const { record } = await readableRecord(db, user, recordId);
  return db
    .select(recordColumns)
    .from(r)
    .innerJoin(archiveCases, eq(archiveCases.caseId, r.caseId))
    .where(eq(r.subjectKey, record.subjectKey))
    .orderBy(desc(r.version));
}

/** The content an edit gives: the old one with the editable fields replaced (blank clears). */
function editedContent(
  kind: MetadataKind,
  old: Record<string, string | number | null>,
  input: MetadataUpdate,
  level: Classification,
) {
  const content: Record<string, string | number | null> = {
    ...old,
    classificationLevel: classification.label(level),
  };
  for (const field of editableFieldsOf(kind)) {
    const value = (input as Record<string, unknown>)[field];
    content[field] = typeof value === 'string' && value !== '' ? value : null;
  }
  return content;
}

/**
 * 修改元数据 (the authority or an administrator): appends the next version of the record's subject
 * with the edited fields and level. Only the latest version may be edited (409 otherwise: someone
 * edited it meanwhile); an edit that changes nothing is refused (400).
 */
export async function updateRecord(
  ctx: Pick<AppContext, 'db' | 'services'>,
  user: SessionUser,
  input: MetadataUpdate,
) {
  return ctx.db.transaction(async (tx) => {
    // Before reading the latest version: two editors of one record then take turns, and the second
    // is told the record moved on (409) instead of colliding on the version number.
    await lockChain(tx);
    const { record, reader } = await readableRecord(tx, user, input.id);
    if (!keepsArchive(reader)) throw new AppError('forbidden');
    const [latest] = await tx
      .select({ recordId: r.recordId })
      .from(r)
      .where(eq(r.subjectKey, record.subjectKey))
      .orderBy(desc(r.version))
      .limit(1);
    if (latest?.recordId !== record.recordId) throw new AppError('conflict', { message: m.notLatest });
    const level = input.classification as Classification;
    const kind = record.kind as MetadataKind;
    const content = editedContent(kind, record.content, input, level);
    if (level === record.classification && canonicalJson(content) === canonicalJson(record.content))
      throw new AppError('invalid_input', { message: m.nothingChanged });
    const appended = await appendRecord(tx, {
      caseId: record.caseId,
      kind,
      subjectKey: record.subjectKey,
      version: record.version + 1,
      classification: level,
      fileId: record.fileId,
      content,
      createdBy: user.pkid,
      createdByName: user.username,
      createdAt: ctx.services.now(),
    });
    return appended.recordId;
  });
}

/** Recomputes the chain (the authority or an administrator). */
export async function verifyMetadataChain(db: Queryable, user: SessionUser) {
  if (!keepsArchive(await readerOf(db, user))) throw new AppError('forbidden');
  return verifyChain(db);
}

/**
 * A record's file, to download or to preview in the page; a 内部 or 涉密 one's reading is recorded
 * first (who, which, when), whichever way it is read.
 */
export async function downloadRecordFile(
  ctx: Pick<AppContext, 'db' | 'storage' | 'services'>,
  user: SessionUser,
  recordId: number,
  disposition: 'attachment' | 'inline' = 'attachment',
) {
  const { record } = await readableRecord(ctx.db, user, recordId);
  if (!record.fileId) throw new AppError('not_found', { message: m.recordNotFound });
  const [file] = await ctx.db.select(fileToSendColumns).from(files).where(eq(files.id, record.fileId));
  if (!file) throw new AppError('not_found', { message: m.recordNotFound });
  if (record.classification !== classification.code.public)
    await ctx.db.insert(archiveDownloads).values({
      recordId,
      userId: user.pkid,
      userName: user.username,
      classification: record.classification,
      downloadedAt: ctx.services.now(),
    });
  return privately(await fileResponse(ctx.storage, file, disposition));
}
