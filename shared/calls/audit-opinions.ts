/** Audit-opinion templates (/auditManageInfo): reviewers pick from them; administrators keep them. */
import { z } from 'zod';
import { pageRoles } from '@shared/domain/routes';
import {
  auditOpinionAddSchema,
  auditOpinionBatchDeleteSchema,
  auditOpinionIdSchema,
  auditOpinionListSchema,
} from '@shared/validation/messages';
import { defineCalls } from './define';
import { dateTime, id } from './wire';

/** Who keeps the templates: the roles of noticemanger/approvalOpinions. */
export const auditOpinionManagerRoles = pageRoles('noticemanger', 'approvalOpinions');

export const auditOpinionRowSchema = z.object({
  pkid: id,
  content: z.string(),
  createTime: dateTime,
  createUserName: z.string().nullable(),
});
export type AuditOpinionRow = z.infer<typeof auditOpinionRowSchema>;

export const auditOpinionCalls = defineCalls('auditOpinions', {
  list: {
    summary: '分页查询审核意见模板',
    base: 'business',
    path: 'auditManageInfo/getListByPage',
    method: 'GET',
    input: auditOpinionListSchema,
    output: auditOpinionRowSchema,
    envelope: 'page',
    access: 'signed-in',
    paging: { page: 'pageIdx', size: 'pageSize' },
  },
  add: {
    summary: '新增审核意见模板',
    base: 'business',
    path: 'auditManageInfo/add',
    method: 'POST',
    input: auditOpinionAddSchema,
    output: auditOpinionRowSchema,
    envelope: 'result',
    access: auditOpinionManagerRoles,
  },
  remove: {
    summary: '删除一条审核意见模板',
    base: 'business',
    path: 'auditManageInfo/delete/{id}',
    method: 'DELETE',
    input: auditOpinionIdSchema,
    envelope: 'result',
    access: auditOpinionManagerRoles,
  },
  removeMany: {
    summary: '批量删除审核意见模板',
    base: 'business',
    path: 'auditManageInfo/batchDelete',
    method: ['POST', 'DELETE'],
    input: auditOpinionBatchDeleteSchema,
    output: z.number().int().nonnegative().describe('删除的条数'),
    envelope: 'result',
    access: auditOpinionManagerRoles,
  },
});
