/**
 * Answers a stored file over HTTP: its own content type, its length, and its (Chinese) name in
 * Content-Disposition both as an ASCII fallback and as RFC 5987 `filename*` (UTF-8, percent-encoded),
 * which every current browser prefers.
 */
import { Readable } from 'node:stream';
import { files } from '@server/db/schema';
import { MissingContentError, type FileStorage } from '@server/storage/storage';
import { AppError } from '@shared/errors/app-error';
import { withoutControlCharacters } from '@shared/validation/upload';

export const fileContentMissing = '文件内容已丢失，请联系管理员';

export interface FileToSend {
  fileName: string;
  contentType: string;
  size: number;
  storageKey: string;
}

/** The columns of `files` that make a FileToSend: `db.select(fileToSendColumns).from(…)`. */
export const fileToSendColumns = {
  fileName: files.originalName,
  contentType: files.contentType,
  size: files.size,
  storageKey: files.storageKey,
};

/**
 * `attachment` downloads; `inline` lets the browser show it (preview). The name goes out without
 * control, bidirectional and zero-width characters (uploads refuse them; files stored before keep
 * them): 'k\u202egpj.pdf' is sent as 'kgpj.pdf', never as a name that displays as 'kfdp.jpg'.
 */
export function contentDisposition(kind: 'attachment' | 'inline', storedName: string): string {
  const fileName = withoutControlCharacters(storedName) || 'download';
  const dot = fileName.lastIndexOf('.');
  const extension = dot > 0 ? fileName.slice(dot).replace(/[^A-Za-z0-9.]/g, '') : '';
  const stem = (dot > 0 ? fileName.slice(0, dot) : fileName).replace(/[^A-Za-z0-9._ -]/g, '').trim();
  // Old clients see the ASCII name; a name with no Latin letters or digits becomes download.<ext>.
  const fallback = `${/[A-Za-z0-9]/.test(stem) ? stem : 'download'}${extension}`;
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The 500 of stored content that is not there (logged by app.ts with the key in its cause). */
function missing(error: unknown): never {
  if (error instanceof MissingContentError)
    throw new AppError('internal', { message: fileContentMissing, cause: error });
  throw error;
}

/**
 * Checks that the content of every key is there before a streamed answer (a zip) starts: once its
 * headers are sent, a missing file could only cut the answer short.
 */
export async function assertStoredContent(storage: FileStorage, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    const stream = await storage.open(key).catch(missing);
    stream.destroy();
  }
}

/** Types a browser can show inline without risk; anything else is always downloaded. */
const previewable = /^(application\/pdf|image\/(png|jpeg|gif|webp)|text\/plain)(;|$)/i;

/**
 * The stored file as an HTTP answer. Its bytes are opened first: when they are missing, the answer is
 * a 500 that says so and is logged with the storage key (app.ts logs every 5xx), never a 200 with an
 * empty body.
 */
export async function fileResponse(
  storage: FileStorage,
  file: FileToSend,
  kind: 'attachment' | 'inline',
): Promise<Response> {
  const stream = await storage.open(file.storageKey).catch(missing);
  const disposition = kind === 'inline' && previewable.test(file.contentType) ? 'inline' : 'attachment';
  const contentType =
    /^text\//i.test(file.contentType) && !/charset=/i.test(file.contentType)
      ? `${file.contentType}; charset=utf-8`
      : file.contentType;
  const body = Readable.toWeb(stream) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      'Content-Type': contentType,
      'Content-Length': String(file.size),
      'Content-Disposition': contentDisposition(disposition, file.fileName),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'public, max-age=300',
    },
  });
}

/** `response` marked private: no shared cache keeps it (a file only its owner and reviewers may read). */
export function privately(response: Response): Response {
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}
