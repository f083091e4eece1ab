/**
 * Stores one uploaded file under the upload rules of spec section 5: bytes through ctx.storage
 * (atomic), metadata in the `files` table. The request body was already read with its byte limit
 * (server/lib/request-body.ts), so an oversized upload never gets here, and its files were written
 * into storage as they arrived (./received-file.ts): storing one keeps those bytes.
 */
import type { AppContext } from '@server/app-context';
import { ReceivedFile } from './received-file';
import type { FileStorage, StoredObject } from './storage';
import { eq } from 'drizzle-orm';
import { files } from '@server/db/schema';
import { AppError } from '@shared/errors/app-error';
import {
  checkUpload,
  contentMatchesExtension,
  contentMismatchMessage,
  contentTypeFor,
  uploadMessages,
} from '@shared/validation/upload';

export interface StoredUpload {
  fileId: string;
  fileName: string;
  contentType: string;
  size: number;
}

function tooLarge(): AppError {
  return new AppError('payload_too_large', { message: uploadMessages.tooLarge, field: 'file' });
}

/**
 * The checks of storeUploadedFile, without storing: throws the rule's AppError (400, or 413 when too
 * large). `field` names the form field in the refusal. `contentMustMatch`: the first bytes must be
 * those of the extension's format (a renamed file is refused).
 */
export async function checkUploadedFile(
  file: unknown,
  allowed: readonly string[],
  { field = 'file', contentMustMatch = false }: { field?: string; contentMustMatch?: boolean } = {},
): Promise<File> {
  if (!(file instanceof File)) throw new AppError('invalid_input', { message: uploadMessages.empty, field });
  const problem = checkUpload({ name: file.name.trim(), size: file.size }, allowed);
  if (problem) {
    if (problem.tooLarge)
      throw new AppError('payload_too_large', { message: uploadMessages.tooLarge, field });
    throw new AppError('invalid_input', { message: problem.message, field });
  }
  if (contentMustMatch) {
    const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
    if (!contentMatchesExtension(file.name.trim(), head))
      throw new AppError('invalid_input', { message: contentMismatchMessage, field });
  }
  return file;
}

/**
 * Checks an uploaded file against the rules and `allowed` extensions, then stores it. The content
 * check (the first bytes are those of the extension's format) applies to every upload unless a caller
 * says otherwise (issue 21: credit evidence skipped it and stored HTML as .pdf and .png).
 */
export async function storeUploadedFile(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  file: unknown,
  allowed: readonly string[],
  userId: number | null,
  options: { field?: string; contentMustMatch?: boolean } = {},
): Promise<StoredUpload> {
  const { contentMustMatch = true } = options;
  if (contentMustMatch) await checkUploadedFile(file, allowed, { ...options, contentMustMatch });
  if (!(file instanceof File))
    throw new AppError('invalid_input', { message: uploadMessages.empty, field: 'file' });
  const fileName = file.name.trim();
  const problem = checkUpload({ name: fileName, size: file.size }, allowed);
  if (problem) {
    if (problem.tooLarge) throw tooLarge();
    throw new AppError('invalid_input', { message: problem.message, field: 'file' });
  }
  const stored = await keepUploadedBytes(ctx.storage, file);
  const contentType = contentTypeFor(fileName);
  try {
    const [row] = await ctx.db
      .insert(files)
      .values({
        originalName: fileName,
        contentType,
        size: stored.size,
        sha256: stored.sha256,
        storageKey: stored.key,
        createdBy: userId,
      })
      .returning({ id: files.id });
    if (!row) throw new Error('files insert returned nothing');
    return { fileId: row.id, fileName, contentType, size: stored.size };
  } catch (error) {
    await ctx.storage.remove(stored.key).catch(() => {});
    throw error;
  }
}

/**
 * An uploaded file's bytes in storage, for a row to refer to: the object the call layer wrote while
 * the file arrived (claimed, so it stays after the call), or a new one (a file kept twice, or one not
 * received through a call).
 */
export async function keepUploadedBytes(storage: FileStorage, file: File): Promise<StoredObject> {
  if (file instanceof ReceivedFile && !file.claimed) return file.claim();
  return storage.write(new Uint8Array(await file.arrayBuffer()));
}

/**
 * storeUploadedFile, then `use` with the stored file (typically the insert of the row that refers to
 * it). If `use` fails, the file's row and bytes are removed again, so a refused save leaves nothing
 * behind; without a file, `use` gets null.
 */
export async function withStoredUpload<T>(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  file: File | undefined,
  allowed: readonly string[],
  userId: number | null,
  use: (stored: StoredUpload | null) => Promise<T>,
): Promise<T> {
  if (!file) return use(null);
  const stored = await storeUploadedFile(ctx, file, allowed, userId);
  try {
    return await use(stored);
  } catch (error) {
    const [row] = await ctx.db
      .delete(files)
      .where(eq(files.id, stored.fileId))
      .returning({ storageKey: files.storageKey })
      .catch(() => []);
    if (row) await ctx.storage.remove(row.storageKey).catch(() => {});
    throw error;
  }
}
