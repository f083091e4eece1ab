/** The service download list (/downLoad/servicelist in the hall, /downLoad/service to maintain it). */
import { z } from 'zod';
import {
  downloadAddSchema,
  downloadManagerRoles,
  downloadOrderSchema,
  downloadRenameSchema,
} from '@shared/validation/downloads';
import { downloadListSchema, idSchema } from '@shared/validation/lists';
import { defineCalls } from './define';
import { dateTime, id } from './wire';

export const downloadRowSchema = z.object({
  pkid: id,
  title: z.string(),
  description: z.string().nullable(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  updatedAt: dateTime,
});
export type DownloadRow = z.infer<typeof downloadRowSchema>;

export const downloadCalls = defineCalls('downloads', {
  list: {
    summary: '分页查询服务下载文件',
    base: 'business',
    path: 'download/query',
    method: 'GET',
    input: downloadListSchema,
    output: downloadRowSchema,
    envelope: 'page',
    access: 'public',
    paging: { page: 'page', size: 'rows' },
  },
  file: {
    summary: '下载文件',
    base: 'business',
    path: 'download/file/{id}',
    method: 'GET',
    input: idSchema,
    envelope: 'file',
    produces: 'application/octet-stream',
    access: 'public',
  },
  add: {
    summary: '上传下载文件（加在列表末尾）',
    base: 'business',
    path: 'download/add',
    method: 'POST',
    encoding: 'multipart',
    input: downloadAddSchema,
    output: z.object({
      pkid: id,
      fileId: z.uuid(),
      fileName: z.string(),
      contentType: z.string(),
      size: z.number().int().nonnegative(),
    }),
    envelope: 'result',
    access: downloadManagerRoles,
  },
  rename: {
    summary: '修改文件名称和说明',
    base: 'business',
    path: 'download/rename',
    method: 'POST',
    input: downloadRenameSchema,
    envelope: 'result',
    access: downloadManagerRoles,
  },
  reorder: {
    summary: '保存文件顺序',
    base: 'business',
    path: 'download/reorder',
    method: 'POST',
    input: downloadOrderSchema,
    envelope: 'result',
    access: downloadManagerRoles,
  },
  remove: {
    summary: '删除文件',
    base: 'business',
    path: 'download/delete',
    method: 'POST',
    input: idSchema,
    envelope: 'result',
    access: downloadManagerRoles,
  },
});
