/**
 * The chunked upload (docs/archive.md), speaking simple-uploader.js's protocol: a test GET per chunk,
 * chunk POSTs, then merge. Chunk state lives in the database (archive_uploads, archive_chunks) and
 * chunk bytes go through the storage interface, so an upload survives a restart and resumes with the
 * missing chunks only. The merge streams the chunks into one stored object, then records it in one
 * transaction: nothing half-merged is ever recorded.
 */
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { archiveChunks, archiveFiles, archiveUploads, files } from '@server/db/schema';
import type { SessionUser } from '@server/lib/session-user';
import { MissingContentError, type FileStorage, type StoredObject } from '@server/storage/storage';
import { keepUploadedBytes } from '@server/storage/uploads';
import type { ChunkState } from '@shared/calls/archive';
import { AppError } from '@shared/errors/app-error';
import {
  archiveMessages as m,
  chunkProblem,
  expectedChunkSize,
  type ChunkParams,
} from '@shared/validation/archive';
import {
  checkUpload,
  contentMatchesExtension,
  contentMismatchMessage,
  contentTypeFor,
  hasSpecialCharacters,
  splitFileName,
} from '@shared/validation/upload';
import { getArchiveFile } from './file-service';
import { formatsOf, writableFolder, type ArchiveFolders, type ResolvedFolder } from './folders';

/** Uploads idle this long are abandoned: the job removes their chunks. */
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

type UploadContext = Pick<AppContext, 'db' | 'storage' | 'services'>;
type Upload = typeof archiveUploads.$inferSelect;

const invalid = (message: string, field?: string) =>
  new AppError('invalid_input', { message, ...(field ? { field } : {}) });

/**
 * Everything a chunk or its test must satisfy before anything is stored: the folder may be written by
 * the user, the file's name and size follow the upload rules and the folder's formats, the chunk
 * arithmetic is simple-uploader.js's. Answers the folder and the path kept for the file.
 */
async function checkChunkParams(
  ctx: UploadContext,
  folders: ArchiveFolders,
  user: SessionUser,
  params: ChunkParams,
): Promise<{ folder: ResolvedFolder; relativePath: string }> {
  if (params.userid !== undefined && params.userid !== user.pkid)
    throw new AppError('forbidden', { message: m.otherUser });
  const folder = await writableFolder(folders, ctx.db, user, params.dirid);
  const problem = checkUpload(
    { name: params.filename, size: params.totalSize },
    await formatsOf(ctx.db, user, folder),
  );
  if (problem)
    throw new AppError(problem.tooLarge ? 'payload_too_large' : 'invalid_input', {
      message: problem.message,
      field: 'file',
    });
  const arithmetic = chunkProblem(params);
  if (arithmetic) throw invalid(arithmetic);
  return { folder, relativePath: relativePathOf(params) };
}

/**
 * The path kept with the file: for a folder upload (uploadType 1) its path inside the chosen folder,
 * each part following the name rules and the last one the file's name; otherwise the name.
 */
function relativePathOf(params: ChunkParams): string {
  if (params.uploadType !== 1) return params.filename;
  const parts = (params.relativePath ?? '').split('/');
  const ok =
    parts.length >= 1 &&
    parts.length <= 20 &&
    parts.every((part) => part.trim() === part && part !== '' && part !== '.' && part !== '..') &&
    parts[parts.length - 1] === params.filename;
  if (!ok) throw invalid(m.badRelativePath, 'relativePath');
  if (parts.some((part) => hasSpecialCharacters(part)))
    throw invalid('您上传的文件中包含特殊字符！', 'relativePath');
  return parts.join('/');
}

async function uploadOf(db: Queryable, user: SessionUser, dirid: string, identifier: string) {
  const [upload] = await db
    .select()
    .from(archiveUploads)
    .where(
      and(
        eq(archiveUploads.userId, user.pkid),
        eq(archiveUploads.dirid, dirid),
        eq(archiveUploads.identifier, identifier),
      ),
    );
  return upload ?? null;
}

async function chunkState(db: Queryable, uploadId: number, totalChunks: number): Promise<ChunkState> {
  const rows = await db
    .select({ n: archiveChunks.chunkNumber })
    .from(archiveChunks)
    .where(eq(archiveChunks.uploadId, uploadId))
    .orderBy(asc(archiveChunks.chunkNumber));
  const uploaded = rows.map((row) => row.n);
  return { uploaded, complete: uploaded.length === totalChunks };
}

/**
 * The test GET: the chunks this user already stored for this file and folder when chunk
 * `chunkNumber` is among them, else null (the route answers 204 and the uploader sends it).
 */
export async function testChunk(
  ctx: UploadContext,
  folders: ArchiveFolders,
  user: SessionUser,
  params: ChunkParams,
): Promise<ChunkState | null> {
  await checkChunkParams(ctx, folders, user, params);
  const upload = await uploadOf(ctx.db, user, params.dirid, params.identifier);
  if (!upload || !sameUpload(upload, params)) return null;
  const state = await chunkState(ctx.db, upload.id, upload.totalChunks);
  return state.uploaded.includes(params.chunkNumber) ? state : null;
}

function sameUpload(upload: Upload, params: ChunkParams): boolean {
  return (
    upload.fileName === params.filename &&
    upload.totalSize === params.totalSize &&
    upload.chunkSize === params.chunkSize &&
    upload.totalChunks === params.totalChunks
  );
}

/** The upload's row, made by its first chunk and touched by every other (the job spares it a day). */
async function touchUpload(
  db: Queryable,
  user: SessionUser,
  params: ChunkParams,
  relativePath: string,
  now: Date,
): Promise<Upload> {
  const [upload] = await db
    .insert(archiveUploads)
    .values({
      userId: user.pkid,
      dirid: params.dirid,
      identifier: params.identifier,
      fileName: params.filename,
      relativePath,
      uploadType: params.uploadType,
      describe: params.describe ?? null,
      totalSize: params.totalSize,
      chunkSize: params.chunkSize,
      totalChunks: params.totalChunks,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [archiveUploads.userId, archiveUploads.dirid, archiveUploads.identifier],
      set: { updatedAt: now, describe: sql`coalesce(excluded.describe, ${archiveUploads.describe})` },
    })
    .returning();
  if (!upload) throw new Error('archive_uploads upsert returned nothing');
  if (!sameUpload(upload, params) || upload.relativePath !== relativePath)
    throw new AppError('conflict', { message: m.sessionMismatch });
  return upload;
}

/** A chunk POST: checked, its bytes stored, its row recorded; answers the chunks now stored. */
export async function storeChunk(
  ctx: UploadContext,
  folders: ArchiveFolders,
  user: SessionUser,
  params: ChunkParams & { file: File },
): Promise<ChunkState> {
  const { relativePath } = await checkChunkParams(ctx, folders, user, params);
  if (params.file.size !== params.currentChunkSize) throw invalid(m.chunkBodyMismatch, 'file');
  if (params.chunkNumber === 1) {
    const head = new Uint8Array(await params.file.slice(0, 16).arrayBuffer());
    if (!contentMatchesExtension(params.filename, head)) throw invalid(contentMismatchMessage, 'file');
  }
  const now = ctx.services.now();
  const upload = await touchUpload(ctx.db, user, params, relativePath, now);
  // The bytes were written (and flushed: the client will not send an acknowledged chunk again, so it
  // must survive a crash) while they arrived; the chunk's row now refers to them.
  const stored = await keepUploadedBytes(ctx.storage, params.file);
  let replaced: string | undefined;
  try {
    const [previous] = await ctx.db
      .select({ key: archiveChunks.storageKey })
      .from(archiveChunks)
      .where(and(eq(archiveChunks.uploadId, upload.id), eq(archiveChunks.chunkNumber, params.chunkNumber)));
    replaced = previous?.key;
    await ctx.db
      .insert(archiveChunks)
      .values({
        uploadId: upload.id,
        chunkNumber: params.chunkNumber,
        size: stored.size,
        storageKey: stored.key,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: [archiveChunks.uploadId, archiveChunks.chunkNumber],
        set: { size: stored.size, storageKey: stored.key, createdAt: now },
      });
  } catch (error) {
    await ctx.storage.remove(stored.key).catch(() => {});
    throw error;
  }
  // A chunk sent again (a retry after a lost answer) replaces the earlier bytes.
  if (replaced && replaced !== stored.key) await ctx.storage.remove(replaced).catch(() => {});
  return chunkState(ctx.db, upload.id, upload.totalChunks);
}

/** The chunks' bytes in order, one chunk's stream at a time. */
async function* concatenated(
  storage: FileStorage,
  chunks: readonly { chunkNumber: number; storageKey: string }[],
): AsyncGenerator<Uint8Array> {
  for (const chunk of chunks) {
    const stream = await storage.open(chunk.storageKey);
    for await (const piece of stream) yield piece as Uint8Array;
  }
}

/** Thrown inside the merge transaction when another merge of the same upload won. */
class AlreadyMerged extends Error {}

async function mergedBefore(
  db: Queryable,
  user: SessionUser,
  dirid: string,
  identifier: string,
  filename: string,
) {
  const [row] = await db
    .select({ id: archiveFiles.id })
    .from(archiveFiles)
    .where(
      and(
        eq(archiveFiles.createdBy, user.pkid),
        eq(archiveFiles.dirid, dirid),
        eq(archiveFiles.identifier, identifier),
        eq(archiveFiles.fileName, filename),
      ),
    )
    .orderBy(sql`${archiveFiles.id} desc`)
    .limit(1);
  return row?.id ?? null;
}

type StoredChunk = { chunkNumber: number; size: number; storageKey: string };

/** The upload's chunks when every one is there with its size; otherwise the refusal. */
async function wholeChunks(db: Queryable, upload: Upload): Promise<StoredChunk[]> {
  const chunks = await db
    .select({
      chunkNumber: archiveChunks.chunkNumber,
      size: archiveChunks.size,
      storageKey: archiveChunks.storageKey,
    })
    .from(archiveChunks)
    .where(eq(archiveChunks.uploadId, upload.id))
    .orderBy(asc(archiveChunks.chunkNumber));
  const whole =
    chunks.length === upload.totalChunks &&
    chunks.every(
      (chunk, i) =>
        chunk.chunkNumber === i + 1 &&
        chunk.size === expectedChunkSize(i + 1, upload.chunkSize, upload.totalSize, upload.totalChunks),
    );
  if (!whole) throw invalid(m.incomplete(chunks.length, upload.totalChunks));
  return chunks;
}

/** The chunks streamed into one stored object, of the upload's size. */
async function storeMerged(ctx: UploadContext, upload: Upload, chunks: readonly StoredChunk[]) {
  let stored;
  try {
    stored = await ctx.storage.writeStream(concatenated(ctx.storage, chunks));
  } catch (error) {
    if (!(error instanceof MissingContentError)) throw error;
    // A chunk whose bytes are gone is forgotten, so the uploader's next test sends it again.
    await ctx.db
      .delete(archiveChunks)
      .where(and(eq(archiveChunks.uploadId, upload.id), eq(archiveChunks.storageKey, error.key)));
    throw invalid('文件分片已丢失，请重新上传', 'identifier');
  }
  if (stored.size !== upload.totalSize) {
    // Chunks that do not add up cannot be resumed: the upload goes, so the next try starts afresh.
    await ctx.storage.remove(stored.key).catch(() => {});
    await ctx.db.delete(archiveUploads).where(eq(archiveUploads.id, upload.id));
    await Promise.all(chunks.map((chunk) => ctx.storage.remove(chunk.storageKey).catch(() => {})));
    throw invalid(m.mergedSizeMismatch);
  }
  return stored;
}

/**
 * One transaction: the upload taken away (of two merges at once only one finds it), the `files` row,
 * the archive row, the folder kind's `onStored`. Answers the archive id.
 */
async function recordMerged(
  ctx: UploadContext,
  folder: ResolvedFolder,
  user: SessionUser,
  upload: Upload,
  stored: StoredObject,
): Promise<number> {
  const at = ctx.services.now();
  return ctx.db.transaction(async (tx) => {
    const taken = await tx
      .delete(archiveUploads)
      .where(eq(archiveUploads.id, upload.id))
      .returning({ id: archiveUploads.id });
    if (taken.length === 0) throw new AlreadyMerged();
    const [file] = await tx
      .insert(files)
      .values({
        originalName: upload.fileName,
        contentType: contentTypeFor(upload.fileName),
        size: stored.size,
        sha256: stored.sha256,
        storageKey: stored.key,
        createdBy: user.pkid,
        createdAt: at,
      })
      .returning({ id: files.id });
    const record = {
      dirid: upload.dirid,
      fileId: file!.id,
      fileName: upload.fileName,
      relativePath: upload.relativePath,
      describe: upload.describe,
      size: stored.size,
      sha256: stored.sha256,
    };
    const [row] = await tx
      .insert(archiveFiles)
      .values({
        ...record,
        uploadType: upload.uploadType,
        identifier: upload.identifier,
        createdBy: user.pkid,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: archiveFiles.id });
    const { fileName: name, ...rest } = record;
    await folder.kind.onStored?.({
      db: tx,
      user,
      folderId: folder.folderId,
      at,
      file: { id: row!.id, name, ...rest },
    });
    return row!.id;
  });
}

/**
 * The merge: every chunk must be there; their bytes stream into one stored object (hashed on the
 * way), then one transaction records the `files` row and the archive row, lets the folder's kind
 * react, and removes the upload. A repeated merge of a merged upload answers the same record.
 */
export async function mergeUpload(
  ctx: UploadContext,
  folders: ArchiveFolders,
  user: SessionUser,
  input: { identifier: string; filename: string; type?: string | undefined; dirid: string },
) {
  const folder = await writableFolder(folders, ctx.db, user, input.dirid);
  const earlier = () => mergedBefore(ctx.db, user, input.dirid, input.identifier, input.filename);
  const upload = await uploadOf(ctx.db, user, input.dirid, input.identifier);
  if (!upload) {
    const done = await earlier();
    if (done !== null) return getArchiveFile(ctx.db, done);
    throw invalid(m.noUpload, 'identifier');
  }
  if (upload.fileName !== input.filename) throw invalid(m.nameMismatch, 'filename');
  if (input.type !== undefined && !typeMatches(input.type, input.filename))
    throw invalid(m.typeMismatch, 'type');

  const chunks = await wholeChunks(ctx.db, upload);
  const stored = await storeMerged(ctx, upload, chunks);
  let archiveId: number;
  try {
    archiveId = await recordMerged(ctx, folder, user, upload, stored);
  } catch (error) {
    // Nothing was recorded: the merged bytes go; the upload stays for another try.
    await ctx.storage.remove(stored.key).catch(() => {});
    if (!(error instanceof AlreadyMerged)) throw error;
    const done = await earlier();
    if (done === null) throw invalid(m.noUpload, 'identifier');
    return getArchiveFile(ctx.db, done);
  }
  // The chunk rows went with the upload (cascade); their bytes are no longer needed.
  await Promise.all(chunks.map((chunk) => ctx.storage.remove(chunk.storageKey).catch(() => {})));
  return getArchiveFile(ctx.db, archiveId);
}

function typeMatches(type: string, filename: string): boolean {
  const extension = splitFileName(filename).extension;
  const given = type.trim().toLowerCase().replace(/^\./, '');
  // The uploader may send the extension or the browser's media type.
  return given === extension || given === contentTypeFor(filename) || given === '';
}

/**
 * The job: uploads idle for a day are abandoned; their rows go (chunks by cascade), then their bytes.
 * Answers how many uploads were removed.
 */
export async function removeAbandonedUploads(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  now: Date,
): Promise<number> {
  const cutoff = new Date(now.getTime() - ABANDONED_AFTER_MS);
  let removed = 0;
  for (;;) {
    const idle = await ctx.db
      .select({ id: archiveUploads.id })
      .from(archiveUploads)
      .where(lt(archiveUploads.updatedAt, cutoff))
      .limit(100);
    if (idle.length === 0) return removed;
    const ids = idle.map((row) => row.id);
    const keys = await ctx.db.transaction(async (tx) => {
      const chunkKeys = await tx
        .select({ uploadId: archiveChunks.uploadId, key: archiveChunks.storageKey })
        .from(archiveChunks)
        .where(inArray(archiveChunks.uploadId, ids));
      // Again with the cutoff: an upload that got a chunk meanwhile stays.
      const gone = await tx
        .delete(archiveUploads)
        .where(and(inArray(archiveUploads.id, ids), lt(archiveUploads.updatedAt, cutoff)))
        .returning({ id: archiveUploads.id });
      removed += gone.length;
      const goneIds = new Set(gone.map((row) => row.id));
      return chunkKeys.filter((row) => goneIds.has(row.uploadId)).map((row) => row.key);
    });
    await Promise.all(keys.map((key) => ctx.storage.remove(key).catch(() => {})));
  }
}
