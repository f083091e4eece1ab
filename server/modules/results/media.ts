/**
 * Result files out and the auditor's files in: projectAccept/file (a file of a result item, for whoever
 * may read the project's results), acceptApproveMedia/save (an acceptance auditor deciding the
 * project adds evidence to an item, e.g. a photo or a marked-up drawing; it is listed with the item's
 * opinion and is never counted as the agency's result) and acceptMedia/deleteMedia of such a file
 * (only by its uploader, and only while the acceptance is pending: the verdict keeps its evidence).
 */
import { and, eq } from 'drizzle-orm';
import { auditStatus } from '@shared/domain/statuses';
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
import { acceptanceOf } from './submission';
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

/** Whether the file is an auditor's evidence on the item (acceptMedia/deleteMedia then removes it). */
export async function isAuditorMedia(db: Database, input: { resultId: number; fileId: string }) {
  const [row] = await db
    .select({ byAuditor: projectResultFiles.byAuditor })
    .from(projectResultFiles)
    .where(and(eq(projectResultFiles.resultId, input.resultId), eq(projectResultFiles.fileId, input.fileId)));
  return row?.byAuditor === true;
}

/**
 * acceptMedia/deleteMedia of an auditor's file: its uploader (or an administrator) removes it while
 * the acceptance is pending; after the verdict it stays as the decision's evidence.
 */
export async function deleteAuditorMedia(
  db: Database,
  user: SessionUser,
  input: { resultId: number; fileId: string },
): Promise<ResultItem> {
  return db.transaction(async (tx) => {
    const ref = await projectOfResult(tx, user, input.resultId, 'read');
    const [row] = await tx
      .select({ pkid: projectResultFiles.pkid, createdBy: projectResultFiles.createdBy })
      .from(projectResultFiles)
      .where(
        and(
          eq(projectResultFiles.resultId, input.resultId),
          eq(projectResultFiles.fileId, input.fileId),
          eq(projectResultFiles.byAuditor, true),
        ),
      )
      .for('update');
    if (!row) throw new AppError('not_found', { message: m.fileNotOfResult });
    if (row.createdBy !== user.pkid && !user.isAdmin)
      throw new AppError('forbidden', { message: m.mediaNotYours });
    const acceptance = await acceptanceOf(tx, ref.projectId);
    if (acceptance?.status !== auditStatus.code.pending)
      throw new AppError('conflict', { message: m.mediaClosed });
    await tx.delete(projectResultFiles).where(eq(projectResultFiles.pkid, row.pkid));
    const [item] = await resultItemsOf(tx, ref, [input.resultId]);
    if (!item) throw new AppError('not_found', { message: m.resultNotFound });
    return item;
  });
}
