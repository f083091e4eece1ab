/**
 * Inputs of the reviewers' queues (server/modules/review): the fields every to-do list takes beside
 * its own filters (a keyword matching the subject's number or name, only the tasks the user holds,
 * the order), and claiming a task from the pool (领取).
 */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import { reviewKindTypes } from '@shared/domain/review-kinds';
import type { AuditSubject } from '@shared/domain/statuses';
import { idField } from './numbers';
import { blankToUndefined } from './text';

export const reviewQueueMessages = {
  keyword: '搜索内容不能超过 50 个字',
  mine: '“我的待办”筛选不正确',
  orderBy: '排序方式不正确',
  subjectType: '请选择正确的审核事项类型',
  subjectId: '请提供正确的审核事项编号',
  claimed: '领取成功',
  notReviewer: '只有该类事项的审核人员可以领取',
  notPending: '该事项已不在待审核状态，请刷新后查看',
  ownApplication: '不能领取本人提交的事项',
  heldBy: (name: string) => `该事项已由${name}领取`,
} as const;

/** The orders of a queue: oldest submission first (the default), or soonest deadline first. */
export const reviewQueueSorts = { submitted: '按提交时间', deadline: '按办理期限' } as const;
export type ReviewQueueSort = keyof typeof reviewQueueSorts;

/** The queue fields a to-do list's input schema adds to its own (`schema.extend(reviewQueueFields)`). */
export const reviewQueueFields = {
  keyword: z.preprocess(blankToUndefined, z.string().trim().max(50, reviewQueueMessages.keyword).optional()),
  mine: z.preprocess(blankToUndefined, z.enum(['0', '1'], reviewQueueMessages.mine).optional()),
  orderBy: z.preprocess(
    blankToUndefined,
    z
      .enum(
        Object.keys(reviewQueueSorts) as [ReviewQueueSort, ...ReviewQueueSort[]],
        reviewQueueMessages.orderBy,
      )
      .optional(),
  ),
};

export const reviewClaimSchema = z.object({
  subjectType: z.enum(reviewKindTypes as [AuditSubject, ...AuditSubject[]], reviewQueueMessages.subjectType),
  subjectId: z.preprocess(blankToUndefined, idField(reviewQueueMessages.subjectId)),
});
export type ReviewClaimInput = z.infer<typeof reviewClaimSchema>;
