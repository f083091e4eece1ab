/**
 * Answers a stored file over HTTP: its own content type, its length, and its (Chinese) name in
 * Content-Disposition both as an ASCII fallback and as RFC 5987 `filename*` (UTF-8, percent-encoded),
 * which every current browser prefers.
 */
import { Readable } from 'node:stream';
import { files } from '@server/db/schema';
import type { FileStorage } from '@server/storage/storage';

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

/** `attachment` downloads; `inline` lets the browser show it (preview). */
export function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
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

/** Types a browser can show inline without risk; anything else is always downloaded. */
const previewable = /^(application\/pdf|image\/(png|jpeg|gif|webp)|text\/plain)(;|$)/i;

export function fileResponse(
  storage: FileStorage,
  file: FileToSend,
  kind: 'attachment' | 'inline',
): Response {
  const disposition = kind === 'inline' && previewable.test(file.contentType) ? 'inline' : 'attachment';
  const contentType =
    /^text\//i.test(file.contentType) && !/charset=/i.test(file.contentType)
      ? `${file.contentType}; charset=utf-8`
      : file.contentType;
  const body = Readable.toWeb(storage.stream(file.storageKey)) as ReadableStream<Uint8Array>;
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
