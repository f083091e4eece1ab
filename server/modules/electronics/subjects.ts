/**
 * What drawings and vector layers share (docs/electronics.md): each is a row of its own table, kept
 * in a case, whose name, level and versions are the metadata records of its subject `<kind>:<id>`.
 * One join to the latest version, one rule for who reads it (as for the case's records: access.ts),
 * and the case a `<kind>:<case>` archive folder names.
 */
import { eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '@server/db/database';
import { metadataRecords } from '@server/db/schema';
import type { FolderAccess } from '@server/modules/archive';
import { classification } from '@shared/domain/electronics';
import { AppError } from '@shared/errors/app-error';
import { caseVisibility, classifiedVisibility, readerOf, type ArchiveReader } from './access';
import { visibleCase } from './cases';

const r = metadataRecords;

/** The join of a subject's rows with their latest metadata version (one index lookup a row). */
export const latestRecordOf = (kind: 'drawing' | 'layer', id: AnyPgColumn) =>
  sql`${r.subjectKey} = ${sql.raw(`'${kind}:'`)} || ${id}
    and ${r.version} = (select max(m.version) from ${r} m where m.subject_key = ${r.subjectKey})`;

/** The subjects the reader finds (over archive_cases, projects and the latest record). */
export function readableSubjects(reader: ArchiveReader): SQL[] {
  const seen = caseVisibility(reader);
  const classified = classifiedVisibility(reader);
  return [
    ...(seen ? [seen] : []),
    ...(classified ? [or(eq(r.classification, classification.code.public), classified) as SQL] : []),
  ];
}

/**
 * The case of a subject the reader found by id, when they may read the subject: its case visible and
 * its level readable. Otherwise 404 with `missing`, as for a subject that does not exist.
 */
export async function caseOfReadable(
  db: Queryable,
  reader: ArchiveReader,
  subject: { caseId: number; classification: number } | undefined,
  missing: string,
) {
  if (!subject) throw new AppError('not_found', { message: missing });
  const found = await visibleCase(db, reader, subject.caseId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not_found')
      throw new AppError('not_found', { message: missing });
    throw error;
  });
  if (!found.access.classified && subject.classification !== classification.code.public)
    throw new AppError('not_found', { message: missing });
  return found;
}

/** A folder id that is a row id (`12` of `drawing:12`), or null. */
export const folderRowId = (folderId: string): number | null =>
  /^\d{1,9}$/.test(folderId) ? Number(folderId) : null;

/** The case a `<kind>:<case>` folder names and the reader, or null: no such case, or not theirs. */
export async function caseOfFolder({ db, user, folderId }: FolderAccess) {
  const caseId = folderRowId(folderId);
  if (caseId === null) return null;
  const reader = await readerOf(db, user);
  try {
    return { reader, found: await visibleCase(db, reader, caseId) };
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
