/** Stored archive files: the folder list, one record, its description, its bytes for preview and download. */
import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { archiveFiles, files, users } from '@server/db/schema';
import type { FileToSend } from '@server/lib/file-response';
import type { SessionUser } from '@server/lib/session-user';
import { AppError } from '@shared/errors/app-error';
import { archiveMessages as m } from '@shared/validation/archive';
import { formatsOf, readableFolder, writableFolder, type ArchiveFolders } from './folders';

const a = archiveFiles;

function fileRows(db: Queryable) {
  return db
    .select({
      id: a.id,
      dirid: a.dirid,
      fileId: a.fileId,
      name: a.fileName,
      relativePath: a.relativePath,
      uploadType: a.uploadType,
      describe: a.describe,
      size: a.size,
      sha256: a.sha256,
      contentType: files.contentType,
      createdByName: users.username,
      createdAt: a.createdAt,
      updatedAt: a.updatedAt,
    })
    .from(a)
    .innerJoin(files, eq(files.id, a.fileId))
    .leftJoin(users, eq(users.pkid, a.createdBy));
}

/** One record by id, without an access check (callers checked the folder). */
export async function getArchiveFile(db: Queryable, id: number) {
  const [row] = await fileRows(db).where(eq(a.id, id));
  if (!row) throw new AppError('not_found', { message: m.notFound });
  return row;
}

/** A folder's files (oldest first), whether the user may upload to it and the formats it takes. */
export async function listFolder(db: Queryable, folders: ArchiveFolders, user: SessionUser, dirid: string) {
  const folder = await readableFolder(folders, db, user, dirid);
  const rows = await fileRows(db).where(eq(a.dirid, dirid)).orderBy(asc(a.createdAt), asc(a.id));
  const canWrite = await folder.kind.canWrite({ db, user, folderId: folder.folderId });
  return { files: rows, canWrite, formats: [...(await formatsOf(db, user, folder))] };
}

/** One record the user may read; a folder they may not read answers 404 as an unknown id does. */
export async function readArchiveFile(db: Queryable, folders: ArchiveFolders, user: SessionUser, id: number) {
  const row = await getArchiveFile(db, id);
  try {
    await readableFolder(folders, db, user, row.dirid);
  } catch (error) {
    if (error instanceof AppError && error.code === 'forbidden')
      throw new AppError('not_found', { message: m.notFound });
    throw error;
  }
  return row;
}

/** Changes a file's description (whoever may write its folder). */
export async function updateArchiveFile(
  db: Queryable,
  folders: ArchiveFolders,
  user: SessionUser,
  input: { id: number; describe: string },
  at: Date,
) {
  const row = await readArchiveFile(db, folders, user, input.id);
  await writableFolder(folders, db, user, row.dirid);
  await db
    .update(a)
    .set({ describe: input.describe === '' ? null : input.describe, updatedAt: at })
    .where(eq(a.id, input.id));
  return getArchiveFile(db, input.id);
}

/** What preview and download send. */
export async function archiveFileToSend(
  db: Queryable,
  folders: ArchiveFolders,
  user: SessionUser,
  id: number,
): Promise<FileToSend> {
  const row = await readArchiveFile(db, folders, user, id);
  const [file] = await db
    .select({ storageKey: files.storageKey })
    .from(files)
    .where(eq(files.id, row.fileId));
  if (!file) throw new AppError('not_found', { message: m.notFound });
  return { fileName: row.name, contentType: row.contentType, size: row.size, storageKey: file.storageKey };
}
