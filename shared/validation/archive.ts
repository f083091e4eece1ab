/**
 * Inputs of the archive (spec section 7 "Archive"; docs/archive.md): the chunk parameters of
 * simple-uploader.js (chunkNumber, chunkSize, currentChunkSize, totalSize, identifier, filename,
 * relativePath, totalChunks) plus the spec's dirid, userid, describe and uploadType; the merge; the
 * list and the record calls. The file rules (formats, special characters, all-digit names, 50 MB)
 * are those of ./upload.ts; the chunk arithmetic is here, once, for the server and the console.
 */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import { blankToUndefined } from './text';
import { wholeNumber } from './numbers';
import { documentExtensions, uploadMessages } from './upload';
import { fileField } from './file-field';

/** What the archive accepts unless a folder kind says otherwise: the spec's types and drawings. */
export const archiveExtensions = [...documentExtensions, 'dwg'] as const;

/** The smallest and largest chunk the server takes (the console's size comes from configuration). */
export const MIN_CHUNK_BYTES = 64 * 1024;
export const MAX_CHUNK_BYTES = 10 * 1024 * 1024;

/** Longest description kept with a file. */
export const ARCHIVE_DESCRIBE_MAX = 500;

export const archiveMessages = {
  uploaded: '上传成功',
  updated: '修改成功',
  badDirid: '目录编号不正确',
  unknownFolder: '未知的归档目录',
  readForbidden: '您没有查看该目录文件的权限',
  writeForbidden: '您没有向该目录上传文件的权限',
  badIdentifier: '文件标识不正确',
  badFileName: '文件名不正确',
  badRelativePath: '文件的相对路径不正确',
  badChunkNumber: '分片序号不正确',
  badChunkSize: '分片大小不正确',
  badChunkCount: '分片总数与文件大小不符',
  badTotalSize: '文件大小不正确',
  chunkSizeMismatch: '分片大小与其序号不符，请重新上传',
  chunkBodyMismatch: '分片内容的大小与声明不符，请重新上传',
  sessionMismatch: '该文件已以不同的参数开始上传，请删除后重新上传',
  otherUser: '上传用户与当前登录用户不一致',
  noUpload: '未找到该文件的上传记录，请重新上传',
  incomplete: (have: number, total: number) =>
    `文件分片尚未全部上传（已上传 ${have}/${total}），请继续上传后再合并`,
  nameMismatch: '合并的文件名与上传时不一致',
  typeMismatch: '文件类型与文件名不符',
  mergedSizeMismatch: '合并后的文件大小与声明不符，请重新上传',
  badUploadType: '上传类型不正确（0 文件，1 文件夹）',
  describeTooLong: `文件描述不能超过${ARCHIVE_DESCRIBE_MAX}个字`,
  badId: '请提供正确的文件编号',
  notFound: '文件不存在或已删除',
} as const;

const m = archiveMessages;

/**
 * A folder: `<kind>:<id>`, the kind lowercase letters and dashes, the id letters, digits and dashes
 * (`case:12`, `result:345`). What each kind means is the server's folder registry.
 */
export const DIRID_PATTERN = /^([a-z][a-z-]{0,39}):([0-9A-Za-z-]{1,64})$/;
export const diridField = z.string(m.badDirid).trim().regex(DIRID_PATTERN, m.badDirid);

/** simple-uploader.js's default identifier is `<size>-<name without other characters>`. */
const identifierField = z
  .string(m.badIdentifier)
  .trim()
  .regex(/^[0-9A-Za-z_-]{1,200}$/, m.badIdentifier);

const fileNameField = z.string(m.badFileName).trim().min(1, uploadMessages.empty).max(200, m.badFileName);

const describeField = z.preprocess(
  blankToUndefined,
  z.string().trim().max(ARCHIVE_DESCRIBE_MAX, m.describeTooLong).optional(),
);

const count = (message: string, max = 1_000_000) => wholeNumber(message, { min: 1, max });

/** The fields simple-uploader.js sends with every test GET and chunk POST, plus the spec's. */
export const chunkParamsSchema = z.object({
  chunkNumber: count(m.badChunkNumber),
  chunkSize: wholeNumber(m.badChunkSize, { min: MIN_CHUNK_BYTES, max: MAX_CHUNK_BYTES }),
  currentChunkSize: wholeNumber(m.badChunkSize, { min: 1, max: 2 * MAX_CHUNK_BYTES }),
  // Over 50 MB is the upload rules' 413 ('上传的文件不能超过50MB'), not a malformed field.
  totalSize: wholeNumber(m.badTotalSize),
  identifier: identifierField,
  filename: fileNameField,
  relativePath: z.preprocess(blankToUndefined, z.string().max(1000, m.badRelativePath).optional()),
  totalChunks: count(m.badChunkCount),
  dirid: diridField,
  /** The spec's field; when sent it must be the signed-in user (the server never trusts it otherwise). */
  userid: z.preprocess(blankToUndefined, wholeNumber(m.otherUser).optional()),
  describe: describeField,
  uploadType: z.preprocess(
    (value) => blankToUndefined(value) ?? '0',
    z.enum(['0', '1'], m.badUploadType).transform(Number),
  ),
});
export type ChunkParams = z.infer<typeof chunkParamsSchema>;

export const chunkUploadSchema = chunkParamsSchema.extend({ file: fileField });

export const archiveMergeSchema = z.object({
  identifier: identifierField,
  filename: fileNameField,
  /** The file's type as the uploader saw it (its extension); when sent it must be the name's. */
  type: z.preprocess(blankToUndefined, z.string().max(100, m.typeMismatch).optional()),
  dirid: diridField,
});

export const archiveListSchema = z.object({ dirid: diridField });

export const archiveIdSchema = z.object({ id: wholeNumber(m.badId) });

export const archiveUpdateSchema = z.object({
  id: wholeNumber(m.badId),
  describe: z.preprocess(
    (value) => value ?? '',
    z.string().trim().max(ARCHIVE_DESCRIBE_MAX, m.describeTooLong),
  ),
});

/**
 * The chunk count simple-uploader.js computes for a file: the last chunk takes the rest (up to twice
 * the chunk size) unless `forceChunkSize`, when every chunk but the last is exactly the size.
 */
export function chunkCounts(totalSize: number, chunkSize: number): readonly number[] {
  const floor = Math.max(Math.floor(totalSize / chunkSize), 1);
  const ceil = Math.max(Math.ceil(totalSize / chunkSize), 1);
  return floor === ceil ? [floor] : [floor, ceil];
}

/** The byte count of chunk `chunkNumber` (1-based) of an upload cut into `totalChunks`. */
export function expectedChunkSize(
  chunkNumber: number,
  chunkSize: number,
  totalSize: number,
  totalChunks: number,
): number {
  const start = (chunkNumber - 1) * chunkSize;
  const end = chunkNumber === totalChunks ? totalSize : chunkNumber * chunkSize;
  return end - start;
}

/**
 * The first thing wrong with a chunk's arithmetic, or null: the count must be one simple-uploader.js
 * computes, the number within it, the declared size the one its number implies.
 */
export function chunkProblem(params: {
  chunkNumber: number;
  chunkSize: number;
  currentChunkSize: number;
  totalSize: number;
  totalChunks: number;
}): string | null {
  if (!chunkCounts(params.totalSize, params.chunkSize).includes(params.totalChunks)) return m.badChunkCount;
  if (params.chunkNumber > params.totalChunks) return m.badChunkNumber;
  const expected = expectedChunkSize(
    params.chunkNumber,
    params.chunkSize,
    params.totalSize,
    params.totalChunks,
  );
  return params.currentChunkSize === expected ? null : m.chunkSizeMismatch;
}
