/** The archive's calls (shared/calls/archive.ts); the folder kinds come from the composition root. */
import { implement, reply } from '@server/lib/calls';
import { fileResponse, privately } from '@server/lib/file-response';
import { ok } from '@shared/api/envelope';
import { archiveCalls } from '@shared/calls/archive';
import { MAX_UPLOAD_BYTES } from '@shared/validation/upload';
import { archiveMessages } from '@shared/validation/archive';
import { archiveFileToSend, listFolder, readArchiveFile, updateArchiveFile } from './file-service';
import type { ArchiveFolders } from './folders';
import { mergeUpload, storeChunk, testChunk } from './upload-service';

/** The spec: one upload at a time. */
export const SIMULTANEOUS_UPLOADS = 1;

export const archiveRoutes = (folders: ArchiveFolders) =>
  implement(archiveCalls, (ctx) => ({
    findList: ({ dirid }, { user }) => listFolder(ctx.db, folders, user, dirid),
    settings: () => ({
      chunkSize: ctx.config.archiveChunkBytes,
      maxSize: MAX_UPLOAD_BYTES,
      simultaneousUploads: SIMULTANEOUS_UPLOADS,
    }),
    testChunk: async (input, { user }) => {
      const state = await testChunk(ctx, folders, user, input);
      // 200 with the stored chunks when this one is among them; 204 sends the uploader on to POST it.
      if (!state) return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
      return new Response(JSON.stringify(ok(state)), {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
      });
    },
    uploadChunk: (input, { user }) => storeChunk(ctx, folders, user, input),
    merge: async (input, { user }) =>
      reply(await mergeUpload(ctx, folders, user, input), archiveMessages.uploaded),
    preview: async ({ id }, { user }) =>
      privately(
        await fileResponse(ctx.storage, await archiveFileToSend(ctx.db, folders, user, id), 'inline'),
      ),
    download: async ({ id }, { user }) =>
      privately(
        await fileResponse(ctx.storage, await archiveFileToSend(ctx.db, folders, user, id), 'attachment'),
      ),
    update: async (input, { user }) =>
      reply(
        await updateArchiveFile(ctx.db, folders, user, input, ctx.services.now()),
        archiveMessages.updated,
      ),
    findById: ({ id }, { user }) => readArchiveFile(ctx.db, folders, user, id),
  }));
