/**
 * Result files out and the auditor's files in: projectAccept/file (a file of a result item, for whoever
 * may read the project's results) and acceptApproveMedia/save (an acceptance auditor deciding the
 * project adds a file to an item, e.g. a marked-up drawing; it is shown beside the agency's files and
 * is never counted as the agency's result).
 */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Database } from '@server/db/database';
import { files, projectResultFiles } from '@server/db/schema';
import { fileToSendColumns, type FileToSend } from '@server/lib/file-response';
import type { SessionUser } from '@server/modules/identity';
import { storeUploadedFile } from '@server/storage/uploads';
import type { ResultItem } from '@shared/calls/results';
import { AppError } from '@shared/errors/app-error';
import { documentExtensions } from '@shared/validation/upload';
import { resultMessages as m } from '@shared/validation/results';
import { requireDecider } from './acceptance';
import { projectOfResult, resultItemsOf } from './project';

export async function resultFile(
  db: Database,
  user: SessionUser,
  input: { resultId: number; fileId: string },
): Promise<FileToSend> {
  await projectOfResult(db, user, input.resultId, 'read');
  const [row] = await db
    .select(fileToSendColumns)
    .from(projectResultFiles)
    .innerJoin(files, eq(files.id, projectResultFiles.fileId))
    .where(and(eq(projectResultFiles.resultId, input.resultId), eq(projectResultFiles.fileId, input.fileId)));
  if (!row) throw new AppError('not_found', { message: m.fileNotOfResult });
  return row;
}

export async function saveAuditorMedia(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  user: SessionUser,
  input: { resultId: number; file: File },
): Promise<ResultItem> {
  const ref = await projectOfResult(ctx.db, user, input.resultId, 'read');
  await requireDecider(ctx.db, user, ref.projectId);
  const stored = await storeUploadedFile(ctx, input.file, documentExtensions, user.pkid);
  await ctx.db
    .insert(projectResultFiles)
    .values({ resultId: input.resultId, fileId: stored.fileId, byAuditor: true, createdBy: user.pkid })
    .onConflictDoNothing();
  const [item] = await resultItemsOf(ctx.db, ref, [input.resultId]);
  if (!item) throw new AppError('not_found', { message: m.resultNotFound });
  return item;
}
