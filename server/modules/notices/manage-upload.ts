/**
 * Receives one uploaded file (multipart field `file`) under the upload rules of spec section 5 and
 * stores it: bytes through ctx.storage (atomic), metadata in the `files` table.
 *
 * The body is read as a stream with a byte limit: a declared or actual size over 50 MB is refused with
 * 413 as soon as the limit is passed, before anything is stored or the rest is read.
 */
import type { AppContext } from '@server/app-context';
import { files } from '@server/db/schema';
import { AppError } from '@shared/errors/app-error';
import { checkUpload, contentTypeFor, MAX_UPLOAD_BYTES, uploadMessages } from '@shared/validation/upload';

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

export interface StoredUpload {
  fileId: string;
  fileName: string;
  contentType: string;
  size: number;
}

class BodyTooLarge extends Error {}

function tooLarge(): AppError {
  return new AppError('payload_too_large', { message: uploadMessages.tooLarge, field: 'file' });
}

/** The multipart form of a request, reading at most `limit` bytes of its body. */
export async function readLimitedForm(
  request: Request,
  limit = MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD,
): Promise<FormData> {
  const declared = Number(request.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > limit) {
    await request.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(contentType) || !request.body)
    throw new AppError('invalid_input', { message: uploadMessages.empty, field: 'file' });
  let seen = 0;
  const limited = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) controller.error(new BodyTooLarge());
        else controller.enqueue(chunk);
      },
    }),
  );
  try {
    return await new Response(limited, { headers: { 'content-type': contentType } }).formData();
  } catch (error) {
    if (seen > limit || error instanceof BodyTooLarge) throw tooLarge();
    throw new AppError('invalid_input', { message: '上传的内容不完整，请重试', field: 'file', cause: error });
  }
}

/** Checks the form's `file` against the rules and `allowed` extensions, then stores it. */
export async function storeUploadedFile(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  form: FormData,
  allowed: readonly string[],
  userId: number | null,
): Promise<StoredUpload> {
  const file = form.get('file');
  if (!(file instanceof File))
    throw new AppError('invalid_input', { message: uploadMessages.empty, field: 'file' });
  const fileName = file.name.trim();
  const problem = checkUpload({ name: fileName, size: file.size }, allowed);
  if (problem) {
    if (problem.tooLarge) throw tooLarge();
    throw new AppError('invalid_input', { message: problem.message, field: 'file' });
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const stored = await ctx.storage.write(bytes);
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
