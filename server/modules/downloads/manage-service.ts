/**
 * Maintaining the service download list (/downLoad/service): add a file, rename, reorder, remove.
 * Every change drops the cached /downLoad/servicelist pages here and, through NOTIFY in the same
 * transaction, on every other instance.
 */
import { asc, eq, max } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { downloads, files, noticeAttachments } from '@server/db/schema';
import { writeDroppingPages, type PageCacheTag } from '@server/lib/page-cache';
import type { StoredUpload } from '@server/storage/uploads';
import { AppError } from '@shared/errors/app-error';
import type { downloadFieldsSchema } from '@shared/validation/downloads';
import { downloadMessages, type downloadRenameSchema } from '@shared/validation/downloads';

type ManageContext = Pick<AppContext, 'db' | 'pageCache' | 'storage'>;

export const downloadCacheTags: readonly PageCacheTag[] = ['downloads'];

/** Every change to the list shows on the hall's download page. */
function changeList<T>(ctx: ManageContext, run: (tx: Queryable) => Promise<T>): Promise<T> {
  return writeDroppingPages(ctx, (tx, dropPages) => {
    dropPages(downloadCacheTags);
    return run(tx);
  });
}

/** Adds an uploaded file at the end of the list. */
export async function addDownload(
  ctx: ManageContext,
  file: StoredUpload,
  fields: z.infer<typeof downloadFieldsSchema>,
): Promise<number> {
  return changeList(ctx, async (tx) => {
    const [last] = await tx.select({ value: max(downloads.orderIndex) }).from(downloads);
    const [row] = await tx
      .insert(downloads)
      .values({
        title: fields.title,
        description: fields.description ?? null,
        fileId: file.fileId,
        orderIndex: (last?.value ?? 0) + 1,
      })
      .returning({ pkid: downloads.pkid });
    if (!row) throw new AppError('internal');
    return row.pkid;
  });
}

export async function renameDownload(
  ctx: ManageContext,
  input: z.infer<typeof downloadRenameSchema>,
): Promise<void> {
  await changeList(ctx, async (tx) => {
    const updated = await tx
      .update(downloads)
      .set({ title: input.title, description: input.description ?? null, updatedAt: new Date() })
      .where(eq(downloads.pkid, input.pkid))
      .returning({ pkid: downloads.pkid });
    if (updated.length === 0) throw new AppError('not_found', { message: downloadMessages.notFound });
  });
}

/** Puts the list in the order of `ids`; it must name every download once. */
export async function reorderDownloads(ctx: ManageContext, ids: readonly number[]): Promise<void> {
  await changeList(ctx, async (tx) => {
    const current = await tx
      .select({ pkid: downloads.pkid })
      .from(downloads)
      .orderBy(asc(downloads.orderIndex));
    const known = new Set(current.map((row) => row.pkid));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id)))
      throw new AppError('conflict', { message: downloadMessages.orderInvalid, field: 'ids' });
    for (const [index, pkid] of ids.entries())
      await tx
        .update(downloads)
        .set({ orderIndex: index + 1 })
        .where(eq(downloads.pkid, pkid));
  });
}

/** Removes a download and its stored file. */
export async function removeDownload(ctx: ManageContext, pkid: number): Promise<void> {
  const storageKey = await changeList(ctx, async (tx) => {
    const [row] = await tx
      .select({ fileId: downloads.fileId, storageKey: files.storageKey })
      .from(downloads)
      .innerJoin(files, eq(files.id, downloads.fileId))
      .where(eq(downloads.pkid, pkid));
    if (!row) throw new AppError('not_found', { message: downloadMessages.notFound });
    await tx.delete(downloads).where(eq(downloads.pkid, pkid));
    const [stillUsed] = await tx
      .select({ pkid: downloads.pkid })
      .from(downloads)
      .where(eq(downloads.fileId, row.fileId))
      .limit(1);
    if (stillUsed) return null;
    // Also a notice's attachment: the notice keeps offering it (issue 11, finding 10).
    const [attached] = await tx
      .select({ noticeId: noticeAttachments.noticeId })
      .from(noticeAttachments)
      .where(eq(noticeAttachments.fileId, row.fileId))
      .limit(1);
    if (attached) return null;
    await tx.delete(files).where(eq(files.id, row.fileId));
    return row.storageKey;
  });
  if (storageKey) await ctx.storage.remove(storageKey).catch(() => {});
}
