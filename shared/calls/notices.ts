/**
 * Notices (通知公告) under the notices base, spec section 7 and issue 5. The list, the detail and the
 * file URLs are public: the public gets published notices only, maintainers (the roles of
 * noticemanger/messagemaintain) every state. The rest is maintenance.
 */
import { z } from 'zod';
import { pageRoles } from '@shared/domain/routes';
import { fileIdSchema, idSchema, noticeListSchema } from '@shared/validation/lists';
import { noticeInputSchema, noticeUpdateSchema } from '@shared/validation/notices';
import { fileField } from '@shared/validation/file-field';
import { defineCalls } from './define';
import { dateTime, id } from './wire';

/** Who maintains notices: the roles of the route table's noticemanger/messagemaintain. */
export const noticeManagerRoles = pageRoles('noticemanger', 'messagemaintain');

export const noticeRowSchema = z.object({
  pkid: id,
  noticeTitle: z.string(),
  noticeType: z.number().int(),
  noticeTime: dateTime,
  state: z.number().int(),
});
export type NoticeRow = z.infer<typeof noticeRowSchema>;

export const noticeAttachmentSchema = z.object({
  fileId: z.uuid(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
});
export type NoticeAttachment = z.infer<typeof noticeAttachmentSchema>;

export const noticeDetailSchema = noticeRowSchema.extend({
  noticeContent: z.string().describe('经过净化的富文本 HTML'),
  attachments: z.array(noticeAttachmentSchema),
});
export type NoticeDetail = z.infer<typeof noticeDetailSchema>;

const uploadedSchema = noticeAttachmentSchema.extend({ url: z.string().describe('文件或图片地址') });

export const noticeCalls = defineCalls('notices', {
  list: {
    summary: '分页查询通知公告',
    description: '公众只能看到已发布的公告；公告维护人员可按 state（逗号分隔）查看草稿和已撤回的公告。',
    base: 'notices',
    path: 'oanotices/getOaNotices',
    method: ['POST', 'GET'],
    changesState: false,
    input: noticeListSchema,
    output: noticeRowSchema,
    envelope: 'page',
    access: 'public',
    paging: { page: 'page', size: 'rows' },
  },
  get: {
    summary: '公告详情',
    base: 'notices',
    path: 'oanotices/get',
    method: ['POST', 'GET'],
    changesState: false,
    input: idSchema,
    output: noticeDetailSchema,
    envelope: 'object',
    access: 'public',
  },
  downloadFile: {
    summary: '下载公告附件',
    base: 'notices',
    path: 'oanotices/downloadMessageFile',
    method: 'GET',
    input: fileIdSchema,
    envelope: 'file',
    produces: 'application/octet-stream',
    access: 'public',
  },
  previewFile: {
    summary: '预览公告附件（PDF、图片、文本在浏览器中打开，其余下载）',
    base: 'notices',
    path: 'oanotices/previewMessageFile',
    method: 'GET',
    input: fileIdSchema,
    envelope: 'file',
    produces: 'application/octet-stream',
    access: 'public',
  },
  image: {
    summary: '公告正文中的图片',
    base: 'notices',
    path: 'oanotices/media/image',
    method: 'GET',
    input: fileIdSchema,
    envelope: 'file',
    produces: 'image/*',
    access: 'public',
  },
  add: {
    summary: '新增公告（state 0 保存草稿，1 发布）',
    base: 'notices',
    path: 'oanotices/add',
    method: 'POST',
    input: noticeInputSchema,
    output: noticeDetailSchema,
    envelope: 'result',
    access: noticeManagerRoles,
  },
  update: {
    summary: '修改公告',
    base: 'notices',
    path: 'oanotices/update',
    method: 'POST',
    input: noticeUpdateSchema,
    output: noticeDetailSchema,
    envelope: 'result',
    access: noticeManagerRoles,
  },
  publish: {
    summary: '发布公告',
    base: 'notices',
    path: 'oanotices/publish',
    method: 'POST',
    input: idSchema,
    envelope: 'result',
    access: noticeManagerRoles,
  },
  withdraw: {
    summary: '撤回公告',
    base: 'notices',
    path: 'oanotices/withdraw',
    method: 'POST',
    input: idSchema,
    envelope: 'result',
    access: noticeManagerRoles,
  },
  remove: {
    summary: '删除公告',
    base: 'notices',
    path: 'oanotices/delete',
    method: 'POST',
    input: idSchema,
    envelope: 'result',
    access: noticeManagerRoles,
  },
  removeAttachment: {
    summary: '删除公告附件',
    base: 'notices',
    path: 'oanotices/deleteOaNoticeAttachment',
    method: 'POST',
    input: fileIdSchema,
    envelope: 'result',
    access: noticeManagerRoles,
  },
  upload: {
    summary: '上传公告附件或正文图片',
    description: 'kind=attachment：附件（文档和图片格式）；kind=image：正文图片。单个文件不超过 50MB。',
    base: 'notices',
    path: 'oanotices/media/addMedia',
    method: 'POST',
    encoding: 'multipart',
    input: z.object({
      kind: z.enum(['attachment', 'image'], '上传类型不正确').default('attachment'),
      file: fileField,
    }),
    output: uploadedSchema,
    envelope: 'result',
    access: noticeManagerRoles,
  },
});
