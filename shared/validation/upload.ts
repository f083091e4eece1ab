/**
 * Upload rules of spec section 5, once, for the browser (before sending) and the server (before
 * storing): the extensions a caller allows, no special characters in the name, word and pdf names
 * not all digits, at most 52428800 bytes. Messages are the spec's. No zod here: the console's upload
 * controls check files with these rules on pages that load no schema (./file-field.ts has the field).
 */

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
// Control characters, and the invisible ones that change how a name reads (issue 21): bidirectional
// marks, embeddings, overrides and isolates ('k\u202egpj.pdf' shows as 'kfdp.jpg'), zero-width
// spaces and joiners, the word joiner and the byte-order mark.
const CONTROL_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- exactly what this refuses
  /[\u0000-\u001f\u007f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/;

/**
 * `name` without those characters. Uploads refuse them, but a file stored before that rule keeps its
 * name: where a name is served (Content-Disposition, server/lib/file-response.ts) it goes out as a
 * person reads it.
 */
export function withoutControlCharacters(name: string): string {
  return name.replace(new RegExp(CONTROL_CHARACTERS.source, 'g'), '');
}

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
  dwg: 'image/vnd.dwg',
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

/** Whether a name holds a character the upload rules refuse ('您上传的文件中包含特殊字符！'). */
export function hasSpecialCharacters(name: string): boolean {
  return SPECIAL_CHARACTERS.test(name) || CONTROL_CHARACTERS.test(name);
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
  if (hasSpecialCharacters(name)) return { message: uploadMessages.specialCharacters, tooLarge: false };
  if (['doc', 'docx', 'pdf'].includes(extension) && /^\d+$/.test(stem.trim()))
    return { message: uploadMessages.allDigits, tooLarge: false };
  if (file.size > MAX_UPLOAD_BYTES) return { message: uploadMessages.tooLarge, tooLarge: true };
  if (file.size <= 0) return { message: uploadMessages.emptyFile, tooLarge: false };
  return null;
}

/** The message for a file whose content is not what its extension says (a renamed executable, say). */
export const contentMismatchMessage = '文件内容与扩展名不符，请上传真实的文件';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** The leading bytes each accepted extension's files start with. */
const SIGNATURES: Readonly<Record<string, (bytes: Uint8Array) => boolean>> = {
  pdf: (b) => startsWith(b, [0x25, 0x50, 0x44, 0x46, 0x2d]), // %PDF-
  png: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpg: (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  jpeg: (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  gif: (b) => startsWith(b, [0x47, 0x49, 0x46, 0x38]), // GIF8
  bmp: (b) => startsWith(b, [0x42, 0x4d]), // BM
  webp: (b) => startsWith(b, [0x52, 0x49, 0x46, 0x46]) && startsWith(b, [0x57, 0x45, 0x42, 0x50], 8),
  zip: (b) => startsWith(b, ZIP),
  docx: (b) => startsWith(b, ZIP),
  xlsx: (b) => startsWith(b, ZIP),
  doc: (b) => startsWith(b, OLE),
  xls: (b) => startsWith(b, OLE),
  ppt: (b) => startsWith(b, OLE),
  // AutoCAD drawings start with their version: AC1012 … AC1032.
  dwg: (b) => startsWith(b, [0x41, 0x43, 0x31, 0x30]), // AC10
};

/**
 * Whether a file's first bytes are those of its extension's format (the server checks this before it
 * stores an upload that must be a real document: a renamed file is refused). Extensions without a
 * known signature pass.
 */
export function contentMatchesExtension(name: string, head: Uint8Array): boolean {
  const check = SIGNATURES[splitFileName(name).extension];
  return check ? check(head) : true;
}
