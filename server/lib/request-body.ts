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
 * `takesFiles`; other non-text values are dropped. `body`: the bytes as Node received them (the
 * incoming message under @hono/node-server), read directly: asking the Request for its body makes
 * the adapter build a web stream over them, which cost more than the rest of a small call.
 */
export async function readBodyFields(
  request: Request,
  { takesFiles, body: nodeBody }: { takesFiles: boolean; body?: AsyncIterable<Uint8Array> },
): Promise<Record<string, unknown>> {
  // The multipart boundary is case-sensitive: only the media type is compared in lower case.
  const contentType = request.headers.get('content-type') ?? '';
  const mediaType = contentType.toLowerCase();
  const isJson = mediaType.includes('application/json');
  const isMultipart = mediaType.startsWith('multipart/form-data');
  const isForm = mediaType.startsWith('application/x-www-form-urlencoded');
  if (!(isJson || isMultipart || isForm)) return {};
  const source = nodeBody ?? request.body;
  if (!source) return {};

  const limit = isMultipart && takesFiles ? UPLOAD_BODY_LIMIT : FORM_BODY_LIMIT;
  const upload = isMultipart && takesFiles;
  const declared = Number(request.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > limit) {
    await request.body?.cancel().catch(() => {});
    throw tooLarge(upload);
  }
  const boundary = isMultipart ? boundaryOf(contentType) : null;
  if (isMultipart && !boundary) throw malformed();
  let body: Buffer;
  try {
    body = await collect(source, limit);
  } catch (error) {
    if (error instanceof BodyTooLarge) throw tooLarge(upload);
    throw malformed(error);
  }
  if (boundary) {
    let entries: [string, string | File][];
    try {
      entries = parseMultipart(body, boundary);
    } catch (error) {
      throw malformed(error);
    }
    return fieldsOf(entries, takesFiles);
  }
  // Read here rather than with Response.json() and .formData(), whose streams cost more than the rest
  // of a small call (getQuery's budget, issue 25): the same UTF-8 text, the same parsers.
  const text = body.toString('utf8');
  if (isJson) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch (error) {
      throw malformed(error);
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw malformed();
    return parsed as Record<string, unknown>;
  }
  return fieldsOf(new URLSearchParams(text).entries(), takesFiles);
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
async function collect(body: AsyncIterable<Uint8Array>, limit: number): Promise<Buffer> {
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
