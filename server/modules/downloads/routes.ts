/**
 * The service download list (shared/calls/downloads.ts): the public list and files, and its
 * maintenance. Every change drops the cached hall pages (manage-service.ts).
 */
import { implement, reply } from '@server/lib/calls';
import { fileResponse } from '@server/lib/file-response';
import { storeUploadedFile } from '@server/storage/uploads';
import { downloadCalls } from '@shared/calls/downloads';
import { callPath } from '@shared/calls/define';
import type { ApiBases } from '@shared/api/bases';
import { documentExtensions } from '@shared/validation/upload';
import { addDownload, removeDownload, renameDownload, reorderDownloads } from './manage-service';
import { getDownloadFile, listDownloads } from './service';

/** The link of a download in the hall. */
export function downloadFileUrl(bases: ApiBases, pkid: number): string {
  return callPath(downloadCalls.file, bases, { id: pkid });
}

export const downloadRoutes = implement(downloadCalls, (ctx) => {
  const { db, storage } = ctx;
  return {
    list: (input) => listDownloads(db, input),
    file: async ({ id }) => await fileResponse(storage, await getDownloadFile(db, id), 'attachment'),
    add: async ({ file, ...fields }, { user }) => {
      const stored = await storeUploadedFile(ctx, file, documentExtensions, user.pkid);
      const pkid = await addDownload(ctx, stored, fields);
      return reply({ pkid, ...stored }, '上传成功');
    },
    rename: async (input) => {
      await renameDownload(ctx, input);
      return reply(null, '保存成功');
    },
    reorder: async ({ ids }) => {
      await reorderDownloads(ctx, ids);
      return reply(null, '排序已保存');
    },
    remove: async ({ id }) => {
      await removeDownload(ctx, id);
      return reply(null, '删除成功');
    },
  };
});
