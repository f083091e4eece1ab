/**
 * The work home (工作台, /workbench/home): the landing page of every role after sign-in. One call
 * answers all of it: the user's own to-dos of every kind in one list (soonest deadline first, each with
 * the page where it is done), their own items by status, and their newest messages. Each domain
 * contributes its part (server/work-sources.ts); the workbench module imports none of them.
 */
import { z } from 'zod';
import { defineCalls } from './define';
import { dateTime, id } from './wire';

export const workTodoSchema = z.object({
  key: z.string().describe('待办的唯一标识（类别：编号）'),
  kind: z.string().describe('待办类别，如“合同备案审核”“答复委托”'),
  title: z.string().describe('待办事项'),
  href: z.string().describe('办理页面'),
  dueAt: dateTime.nullable().describe('办理期限（此时刻起超期）；无期限为空'),
  overdue: z.boolean(),
  since: dateTime.nullable().describe('事项开始（提交、委托、邀请）的时间'),
  holderName: z.string().nullable().optional().describe('审核任务的领取人（未领取为空）'),
  messageId: id
    .optional()
    .describe('待阅消息的编号：打开待办时以 project/message/update 标为已读，待办随之消失'),
});
export type WorkTodo = z.infer<typeof workTodoSchema>;

export const workCountSchema = z.object({
  group: z.string().describe('分组，如“我的项目”“审核队列”'),
  label: z.string(),
  count: z.number().int(),
  href: z.string().nullable(),
  /** The part of `count` past its deadline (queues only). */
  overdue: z.number().int().optional(),
  /** The part of `count` the user holds (queues only). */
  mine: z.number().int().optional(),
});
export type WorkCount = z.infer<typeof workCountSchema>;

export const workMessageSchema = z.object({
  messageId: id,
  content: z.string(),
  link: z.string().nullable(),
  addTime: dateTime,
  hasRead: z.boolean(),
});
export type WorkMessage = z.infer<typeof workMessageSchema>;

export const workHomeSchema = z.object({
  todos: z.array(workTodoSchema).describe('本人待办（期限最近的在前，最多 20 条）'),
  todoTotal: z.number().int().describe('本人待办总数'),
  overdueTotal: z.number().int().describe('已超期的待办数'),
  counts: z.array(workCountSchema),
  messages: z.array(workMessageSchema).describe('最新消息（最多 5 条）'),
  unread: z.number().int(),
});
export type WorkHome = z.infer<typeof workHomeSchema>;

export const workbenchCalls = defineCalls('workbench', {
  home: {
    summary: '工作台：本人全部待办（按办理期限）、本人事项按状态的统计和最新消息',
    base: 'business',
    path: 'workbench/home',
    method: 'GET',
    input: z.object({}),
    output: workHomeSchema,
    envelope: 'result',
    access: 'signed-in',
  },
});
