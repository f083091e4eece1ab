/**
 * Reads a request body with a byte limit counted while it streams: a declared or actual size over the
 * limit is refused with 413 as soon as it is passed, before the rest is read. Forms and JSON get 1 MB,
 * read whole; multipart uploads the 50 MB of spec section 9 plus room for the part headers, their
 * files handed on as they arrive (the call layer streams them into storage).
 */
import { AppError } from '@shared/errors/app-error';
import { boundaryOf, MalformedMultipart, readMultipart, type ReceiveFile } from './multipart';
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
 * The fields of a form, multipart or JSON body (anything else: none). A multipart file's content goes
 * to `receiveFile` as it arrives, whose answer becomes the field's value; without one (a call that
 * takes no files) files are dropped. Should the body then turn out too large or malformed, what
 * `receiveFile` made is the caller's to undo. `body`: the bytes as Node received them (the incoming
 * message under @hono/node-server), read directly: asking the Request for its body makes the adapter
 * build a web stream over them, which cost more than the rest of a small call.
 */
export async function readBodyFields(
  request: Request,
  {
    receiveFile,
    body: nodeBody,
  }: { receiveFile: ReceiveFile<File> | null; body?: AsyncIterable<Uint8Array> },
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

  const upload = isMultipart && receiveFile !== null;
  const limit = upload ? UPLOAD_BODY_LIMIT : FORM_BODY_LIMIT;
  const declared = Number(request.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > limit) {
    await request.body?.cancel().catch(() => {});
    throw tooLarge(upload);
  }
  if (isMultipart) {
    const boundary = boundaryOf(contentType);
    if (!boundary) throw malformed();
    try {
      return fieldsOf(await readMultipart(limited(source, limit), boundary, receiveFile, FORM_BODY_LIMIT));
    } catch (error) {
      if (error instanceof BodyTooLarge) throw tooLarge(upload);
      if (error instanceof MalformedMultipart) throw malformed(error);
      throw error;
    }
  }
  let body: Buffer;
  try {
    body = await collect(source, limit);
  } catch (error) {
    if (error instanceof BodyTooLarge) throw tooLarge(upload);
    throw malformed(error);
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
  return fieldsOf(new URLSearchParams(text).entries());
}

/** The fields by name (of a name given twice, the last). */
function fieldsOf(entries: Iterable<[string, string | File]>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of entries) fields[key] = value;
  return fields;
}

/** The body's pieces as they come, refused (BodyTooLarge) as soon as they pass `limit`. */
async function* limited(body: AsyncIterable<Uint8Array>, limit: number): AsyncGenerator<Uint8Array> {
  let seen = 0;
  for await (const piece of body) {
    seen += piece.byteLength;
    // Leaving the loop cancels the stream: the rest is never read.
    if (seen > limit) throw new BodyTooLarge();
    yield piece;
  }
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
