/**
 * Reads a request body with a byte limit counted while it streams: a declared or actual size over the
 * limit is refused with 413 as soon as it is passed, before the rest is read or anything is stored.
 * Forms and JSON get 1 MB; multipart uploads the 50 MB of spec section 9 plus room for the part
 * headers.
 */
import { AppError } from '@shared/errors/app-error';
import { boundaryOf, parseMultipart } from './multipart';
import { MAX_UPLOAD_BYTES, uploadMessages } from '@shared/validation/upload';

/** Forms and JSON bodies. */
export const FORM_BODY_LIMIT = 1024 * 1024;
/** Room for the multipart boundaries and part headers around an uploaded file. */
const MULTIPART_OVERHEAD = 64 * 1024;
export const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD;

class BodyTooLarge extends Error {}

const malformed = (cause?: unknown) =>
  new AppError('invalid_input', { message: '请求格式不正确', ...(cause ? { cause } : {}) });

function tooLarge(upload: boolean): AppError {
  return upload
    ? new AppError('payload_too_large', { message: uploadMessages.tooLarge, field: 'file' })
    : new AppError('payload_too_large', { message: '提交的内容过大' });
}

/**
 * The fields of a form, multipart or JSON body (anything else: none). Files are kept only when
 * `takesFiles`; other non-text values are dropped.
 */
export async function readBodyFields(
  request: Request,
  { takesFiles }: { takesFiles: boolean },
): Promise<Record<string, unknown>> {
  // The multipart boundary is case-sensitive: only the media type is compared in lower case.
  const contentType = request.headers.get('content-type') ?? '';
  const mediaType = contentType.toLowerCase();
  const isJson = mediaType.includes('application/json');
  const isMultipart = mediaType.startsWith('multipart/form-data');
  const isForm = mediaType.startsWith('application/x-www-form-urlencoded');
  if (!request.body || !(isJson || isMultipart || isForm)) return {};

  const limit = isMultipart && takesFiles ? UPLOAD_BODY_LIMIT : FORM_BODY_LIMIT;
  const upload = isMultipart && takesFiles;
  const declared = Number(request.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > limit) {
    await request.body.cancel().catch(() => {});
    throw tooLarge(upload);
  }
  if (isMultipart) {
    const boundary = boundaryOf(contentType);
    if (!boundary) throw malformed();
    let body: Buffer;
    try {
      body = await collect(request.body, limit);
    } catch (error) {
      if (error instanceof BodyTooLarge) throw tooLarge(upload);
      throw malformed(error);
    }
    let entries: [string, string | File][];
    try {
      entries = parseMultipart(body, boundary);
    } catch (error) {
      throw malformed(error);
    }
    return fieldsOf(entries, takesFiles);
  }
  let seen = 0;
  const limited = new Response(
    request.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen > limit) controller.error(new BodyTooLarge());
          else controller.enqueue(chunk);
        },
      }),
    ),
    { headers: { 'content-type': contentType } },
  );
  const failed = (error: unknown): never => {
    if (seen > limit || error instanceof BodyTooLarge) throw tooLarge(upload);
    throw malformed(error);
  };

  if (isJson) {
    const body: unknown = await limited.json().catch(failed);
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw malformed();
    return body as Record<string, unknown>;
  }
  return fieldsOf((await limited.formData().catch(failed)).entries(), takesFiles);
}

/** Text fields, and files when the call takes them. */
function fieldsOf(
  entries: Iterable<[string, FormDataEntryValue]>,
  takesFiles: boolean,
): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    if (typeof value === 'string' || (takesFiles && value instanceof File)) fields[key] = value;
  }
  return fields;
}

/** The whole body as one Buffer, refused (BodyTooLarge) as soon as it passes `limit`. */
async function collect(body: ReadableStream<Uint8Array>, limit: number): Promise<Buffer> {
  const pieces: Uint8Array[] = [];
  let seen = 0;
  for await (const piece of body) {
    seen += piece.byteLength;
    // Leaving the loop cancels the stream: the rest is never read.
    if (seen > limit) throw new BodyTooLarge();
    pieces.push(piece);
  }
  return Buffer.concat(pieces, seen);
}
