/**
 * The archive (spec section 7 "Archive", base /archive; docs/archive.md): files kept in folders
 * (`dirid`), uploaded in chunks with the protocol of simple-uploader.js. Who may read or write a folder
 * is the folder kind's business (the server's folder registry), so every call is open to signed-in
 * users and the service refuses the others.
 */
import { z } from 'zod';
import {
  archiveIdSchema,
  archiveListSchema,
  archiveMergeSchema,
  archiveUpdateSchema,
  chunkParamsSchema,
  chunkUploadSchema,
} from '@shared/validation/archive';
import { defineCalls } from './define';
import { dateTime, id } from './wire';

/** A stored archive file: what merge answers, the list shows and findbyid returns. */
export const archiveFileSchema = z.object({
  id: id.describe('档案文件编号'),
  dirid: z.string().describe('所在目录（种类：编号）'),
  fileId: z.uuid().describe('文件表中的编号（内容）'),
  name: z.string(),
  relativePath: z.string().describe('上传文件夹时为文件夹内的相对路径，否则为文件名'),
  uploadType: z.number().int().describe('0 文件，1 文件夹'),
  describe: z.string().nullable(),
  size: z.number().int().nonnegative(),
  sha256: z.string().describe('内容的 SHA-256（十六进制）'),
  contentType: z.string(),
  createdByName: z.string().nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type ArchiveFile = z.infer<typeof archiveFileSchema>;

/** The chunks of an upload the server holds (test GET 200 and every chunk POST answer it). */
export const chunkStateSchema = z.object({
  uploaded: z.array(z.number().int().positive()).describe('已保存的分片序号'),
  complete: z.boolean().describe('分片是否已全部上传（可以合并）'),
});
export type ChunkState = z.infer<typeof chunkStateSchema>;

export const archiveListOutSchema = z.object({
  files: z.array(archiveFileSchema),
  canWrite: z.boolean().describe('当前用户可否向该目录上传'),
  formats: z.array(z.string()).describe('该目录接受的文件格式（扩展名）'),
});

export const uploadSettingsSchema = z.object({
  chunkSize: z.number().int().positive().describe('分片大小（字节，来自配置 ARCHIVE_CHUNK_MB）'),
  maxSize: z.number().int().positive(),
  simultaneousUploads: z.number().int().positive(),
});

const PROTOCOL =
  '与 simple-uploader.js 的协议一致：chunkNumber、chunkSize、currentChunkSize、totalSize、identifier、filename、relativePath、totalChunks，另加 dirid、userid、describe、uploadType。';

export const archiveCalls = defineCalls('archive', {
  findList: {
    summary: '目录中的档案文件列表',
    base: 'archive',
    path: 'findList.json',
    method: 'GET',
    input: archiveListSchema,
    output: archiveListOutSchema,
    envelope: 'result',
    access: 'signed-in',
  },
  settings: {
    summary: '分片上传的配置（分片大小、单个文件上限、同时上传数）',
    base: 'archive',
    path: 'uploadSettings.json',
    method: 'GET',
    output: uploadSettingsSchema,
    envelope: 'result',
    access: 'signed-in',
  },
  testChunk: {
    summary: '检查分片是否已上传：已上传 200（应答已保存的分片序号），未上传 204',
    description: PROTOCOL,
    base: 'archive',
    path: 'upload',
    method: 'GET',
    input: chunkParamsSchema,
    envelope: 'raw',
    produces: 'application/json',
    access: 'signed-in',
  },
  uploadChunk: {
    summary: '上传一个分片（multipart，文件字段 file）',
    description: `${PROTOCOL} 应答已保存的分片序号。`,
    base: 'archive',
    path: 'upload',
    method: 'POST',
    encoding: 'multipart',
    input: chunkUploadSchema,
    output: chunkStateSchema,
    envelope: 'result',
    access: 'signed-in',
  },
  merge: {
    summary: '合并已上传的分片，保存文件（应答档案记录：编号、文件编号、名称、大小、SHA-256）',
    base: 'archive',
    path: 'merge',
    method: 'GET',
    changesState: true,
    input: archiveMergeSchema,
    output: archiveFileSchema,
    envelope: 'result',
    access: 'signed-in',
  },
  preview: {
    summary: '预览档案文件（PDF、图片在浏览器中打开，其他下载）',
    base: 'archive',
    path: 'preview/{id}',
    method: 'GET',
    input: archiveIdSchema,
    envelope: 'file',
    access: 'signed-in',
  },
  download: {
    summary: '下载档案文件',
    base: 'archive',
    path: 'download/{id}',
    method: 'GET',
    input: archiveIdSchema,
    envelope: 'file',
    access: 'signed-in',
  },
  update: {
    summary: '修改档案文件的描述',
    base: 'archive',
    path: 'updatebyid/{id}.json',
    method: 'POST',
    input: archiveUpdateSchema,
    output: archiveFileSchema,
    envelope: 'result',
    access: 'signed-in',
  },
  findById: {
    summary: '档案文件详情',
    base: 'archive',
    path: 'findbyid/{id}',
    method: 'GET',
    input: archiveIdSchema,
    output: archiveFileSchema,
    envelope: 'result',
    access: 'signed-in',
  },
});
