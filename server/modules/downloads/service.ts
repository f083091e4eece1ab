/**
 * The public service download list (/downLoad/servicelist): forms, contract templates and manuals,
 * each a stored file with its type, size and date.
 */
import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import { containsPattern } from '@server/db/contains-pattern';
import type { Database } from '@server/db/database';
import { pageOf } from '@server/db/page-of';
import { downloads, files } from '@server/db/schema';
import { fileToSendColumns, type FileToSend } from '@server/lib/file-response';
import { AppError } from '@shared/errors/app-error';

export interface DownloadItem {
  pkid: number;
  title: string;
  description: string | null;
  fileName: string;
  contentType: string;
  size: number;
  updatedAt: Date;
}

export async function listDownloads(
  db: Database,
  query: { keyword?: string; page: number; rows: number },
): Promise<{ rows: DownloadItem[]; total: number }> {
  const conditions: SQL[] = [];
  const keyword = query.keyword?.trim();
  if (keyword) conditions.push(ilike(downloads.title, containsPattern(keyword)));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await pageOf(
    db
      .select({
        pkid: downloads.pkid,
        title: downloads.title,
        description: downloads.description,
        fileName: files.originalName,
        contentType: files.contentType,
        size: files.size,
        updatedAt: downloads.updatedAt,
      })
      .from(downloads)
      .innerJoin(files, eq(files.id, downloads.fileId))
      .where(where)
      .orderBy(asc(downloads.orderIndex), asc(downloads.pkid))
      .$dynamic(),
    query,
  );
  const [counted] = await db.select({ total: count() }).from(downloads).where(where);
  return { rows, total: counted?.total ?? 0 };
}

export async function getDownloadFile(db: Database, pkid: number): Promise<FileToSend> {
  const [file] = await db
    .select(fileToSendColumns)
    .from(downloads)
    .innerJoin(files, eq(files.id, downloads.fileId))
    .where(eq(downloads.pkid, pkid));
  if (!file) throw new AppError('not_found', { message: '该文件不存在或已下架' });
  return file;
}
