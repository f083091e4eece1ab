/**
 * Upload rules of spec section 5, once, for the browser (before sending) and the server (before
 * storing): the extensions a caller allows, no special characters in the name, word and pdf names
 * not all digits, at most 52428800 bytes. Messages are the spec's.
 */
import { z } from 'zod';

/** Spec section 9: the largest file accepted, 50 MB. */
export const MAX_UPLOAD_BYTES = 52_428_800;

export const imageExtensions = ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp'] as const;

/** The types spec section 5 accepts: ppt, zip, docx, doc, xlsx, xls, pdf and images. */
export const documentExtensions = [
  'ppt',
  'zip',
  'docx',
  'doc',
  'xlsx',
  'xls',
  'pdf',
  ...imageExtensions,
] as const;

/** Images a rich text may show inline (no svg: it can carry script). */
export const inlineImageExtensions = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const;

export const uploadMessages = {
  extensionNotAllowed: (allowed: readonly string[]) => `当前支持的文件格式为：${allowed.join(',')}`,
  specialCharacters: '您上传的文件中包含特殊字符！',
  allDigits: 'word和pdf文件名不能全为数字',
  tooLarge: '上传的文件不能超过50MB',
  empty: '请选择要上传的文件',
  emptyFile: '不能上传空文件',
} as const;

// Path separators, shell and URL metacharacters and control characters: names end up in
// Content-Disposition headers, file systems and links.
const SPECIAL_CHARACTERS = /[\\/:*?"<>|#%&{}$!'@+=`^~;,[\]]/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

const MIME_TYPES: Readonly<Record<string, string>> = {
  ppt: 'application/vnd.ms-powerpoint',
  zip: 'application/zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
};

/** `报告.PDF` → `{ stem: '报告', extension: 'pdf' }` (extension lowercased; '' when there is none). */
export function splitFileName(name: string): { stem: string; extension: string } {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return { stem: name, extension: '' };
  return { stem: name.slice(0, dot), extension: name.slice(dot + 1).toLowerCase() };
}

/** The content type we store and serve for an accepted extension. */
export function contentTypeFor(name: string): string {
  return MIME_TYPES[splitFileName(name).extension] ?? 'application/octet-stream';
}

export interface UploadCandidate {
  name: string;
  size: number;
}

export interface UploadProblem {
  message: string;
  /** 413 for a file over the limit, 400 otherwise. */
  tooLarge: boolean;
}

/**
 * The first rule a file breaks, or null when it may be uploaded. `allowed` are lowercase extensions
 * without the dot (e.g. `documentExtensions`).
 */
export function checkUpload(file: UploadCandidate, allowed: readonly string[]): UploadProblem | null {
  const name = file.name.trim();
  if (!name) return { message: uploadMessages.empty, tooLarge: false };
  const { stem, extension } = splitFileName(name);
  if (!allowed.includes(extension))
    return { message: uploadMessages.extensionNotAllowed(allowed), tooLarge: false };
  if (SPECIAL_CHARACTERS.test(name) || CONTROL_CHARACTERS.test(name))
    return { message: uploadMessages.specialCharacters, tooLarge: false };
  if (['doc', 'docx', 'pdf'].includes(extension) && /^\d+$/.test(stem.trim()))
    return { message: uploadMessages.allDigits, tooLarge: false };
  if (file.size > MAX_UPLOAD_BYTES) return { message: uploadMessages.tooLarge, tooLarge: true };
  if (file.size <= 0) return { message: uploadMessages.emptyFile, tooLarge: false };
  return null;
}

/**
 * A multipart file field of a contract's input. Only presence is checked here; the extension and
 * size rules (checkUpload) depend on what the file is for and run where it is stored.
 */
export const fileField = z.file({ error: uploadMessages.empty });
