/**
 * Reviewer assignment (/audituser/*, /auditAcceptUser/*; spec section 7 "Audit users"): the
 * administrator chooses who reviews agencies, contracts, results, offline results and acceptance and
 * certification. With nobody chosen, every holder of the reviewing role reviews; with some, a new
 * task goes to the chosen reviewer with the fewest open tasks (server/modules/review/pool.ts).
 */
import { z } from 'zod';
import { roles } from '@shared/domain/roles';
import {
  acceptUserListSchema,
  acceptUserSaveSchema,
  auditUserBatchDeleteSchema,
  auditUserCandidatesSchema,
  auditUserDeleteSchema,
  auditUserListSchema,
  auditUserSaveSchema,
} from '@shared/validation/audit-users';
import { defineCalls } from './define';
import { dateTime, id } from './wire';

const admin = [roles.admin.id] as const;

export const auditUserRowSchema = z.object({
  pkid: id,
  kind: z.string(),
  userId: id,
  username: z.string(),
  loginname: z.string(),
  depname: z.string().nullable(),
  openTasks: z.number().int().nonnegative().describe('当前由其办理的待审核事项数'),
  createdAt: dateTime,
});
export type AuditUserRow = z.infer<typeof auditUserRowSchema>;

const countOut = z.object({ count: z.number().int().nonnegative() });

export const auditUserCalls = defineCalls('auditUsers', {
  list: {
    summary: '分页查询某类事项的审核人员',
    base: 'business',
    path: 'audituser/list',
    method: 'POST',
    input: auditUserListSchema,
    output: auditUserRowSchema,
    envelope: 'page',
    access: admin,
    paging: { page: 'page', size: 'rows' },
  },
  candidates: {
    summary: '可选的审核人员（具备该类事项审核角色的在用账号）',
    base: 'business',
    path: 'audituser/candidates',
    method: ['POST', 'GET'],
    changesState: false,
    input: auditUserCandidatesSchema,
    output: z.array(z.object({ pkid: id, username: z.string(), loginname: z.string() })),
    envelope: 'object',
    access: admin,
  },
  batchSave: {
    summary: '批量添加审核人员（userIds 逗号分隔；已存在的忽略）',
    base: 'business',
    path: 'audituser/batchSave',
    method: 'POST',
    input: auditUserSaveSchema,
    output: countOut,
    envelope: 'result',
    access: admin,
  },
  remove: {
    summary: '删除一条审核人员记录',
    base: 'business',
    path: 'audituser/delete',
    method: 'POST',
    input: auditUserDeleteSchema,
    output: countOut,
    envelope: 'result',
    access: admin,
  },
  batchDelete: {
    summary: '批量删除审核人员记录（ids 逗号分隔）',
    base: 'business',
    path: 'audituser/batchDelete',
    method: 'POST',
    input: auditUserBatchDeleteSchema,
    output: countOut,
    envelope: 'result',
    access: admin,
  },
  acceptList: {
    summary: '分页查询验收与发证审核人员',
    base: 'business',
    path: 'auditAcceptUser/list',
    method: 'POST',
    input: acceptUserListSchema,
    output: auditUserRowSchema,
    envelope: 'page',
    access: admin,
    paging: { page: 'page', size: 'rows' },
  },
  acceptBatchSave: {
    summary: '批量添加验收与发证审核人员',
    base: 'business',
    path: 'auditAcceptUser/batchSave',
    method: 'POST',
    input: acceptUserSaveSchema,
    output: countOut,
    envelope: 'result',
    access: admin,
  },
  acceptRemove: {
    summary: '删除一条验收与发证审核人员记录',
    base: 'business',
    path: 'auditAcceptUser/delete',
    method: 'POST',
    input: auditUserDeleteSchema,
    output: countOut,
    envelope: 'result',
    access: admin,
  },
  acceptBatchDelete: {
    summary: '批量删除验收与发证审核人员记录',
    base: 'business',
    path: 'auditAcceptUser/batchDelete',
    method: 'POST',
    input: auditUserBatchDeleteSchema,
    output: countOut,
    envelope: 'result',
    access: admin,
  },
});
