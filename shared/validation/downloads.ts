/**
 * Maintaining the service download list (/downLoad/service): the fields of add and rename, the order
 * of reorder, and their messages. The console validates with them before sending, the server again.
 */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import { pageRoles } from '@shared/domain/routes';
import { idField } from './numbers';
import { fileField } from './file-field';
import { blankToUndefined } from './text';

/** Who may maintain the list: the roles of the route table's downLoad/service. */
export const downloadManagerRoles = pageRoles('downLoad', 'service');

export const downloadMessages = {
  titleRequired: '请输入文件名称',
  titleTooLong: '文件名称不能超过100个字',
  descriptionTooLong: '说明不能超过200个字',
  orderInvalid: '排序数据不正确，请刷新后重试',
  notFound: '该文件不存在或已下架',
} as const;

export const downloadFieldsSchema = z.object({
  title: z
    .string(downloadMessages.titleRequired)
    .trim()
    .min(1, downloadMessages.titleRequired)
    .max(100, downloadMessages.titleTooLong),
  description: z.preprocess(
    blankToUndefined,
    z.string().trim().max(200, downloadMessages.descriptionTooLong).optional(),
  ),
});

/** `POST download/add` (multipart): the file and its title. */
export const downloadAddSchema = downloadFieldsSchema.extend({ file: fileField });

export const downloadRenameSchema = downloadFieldsSchema.extend({
  pkid: idField(downloadMessages.notFound),
});

export const downloadOrderSchema = z.object({
  ids: z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',').filter((part) => part.trim() !== '') : value),
    z
      .array(idField(downloadMessages.orderInvalid), downloadMessages.orderInvalid)
      .min(1, downloadMessages.orderInvalid),
  ),
});
