/** Inputs of the reviewer assignment (/audituser/*, /auditAcceptUser/*). */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import { auditUserKind } from '@shared/domain/agencies';
import { pagingSchema } from './lists';
import { idField, idList } from './numbers';
import { blankToUndefined } from './text';

/** The kinds /audituser assigns; /auditAcceptUser is the `accept` kind. */
export const auditUserKinds = auditUserKind.values.filter((kind) => kind !== 'accept') as [
  'agentorg',
  'contract',
  'resultinfo',
  'resultinfo_offline',
];

const userIdList = (message: string) => idList(message, { max: 100, tooMany: '一次最多选择100人' });

const kindField = z.enum(auditUserKinds, '审核类型不正确');

export const auditUserListSchema = pagingSchema.extend({ kind: kindField });
export const auditUserSaveSchema = z.object({ kind: kindField, userIds: userIdList('请选择审核人员') });
export const auditUserDeleteSchema = z.object({
  id: z.preprocess(blankToUndefined, idField('请提供正确的编号')),
});
export const auditUserBatchDeleteSchema = z.object({ ids: userIdList('请选择要删除的记录') });

export const acceptUserListSchema = pagingSchema;
export const acceptUserSaveSchema = z.object({ userIds: userIdList('请选择审核人员') });
export const auditUserCandidatesSchema = z.object({
  kind: z.enum(
    auditUserKind.values as ['agentorg', 'contract', 'resultinfo', 'resultinfo_offline', 'accept'],
    '审核类型不正确',
  ),
});

export const auditUserMessages = {
  notReviewer: '所选人员不具备该类事项的审核角色',
  saved: '保存成功',
  deleted: '删除成功',
  notFound: '记录不存在',
} as const;
