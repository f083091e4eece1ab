/** In-app messages (spec section 7, Messages; sections 3 and 9 for the drawer). */
import { z } from 'zod';
import { roles } from '@shared/domain/roles';
import {
  messageDeleteAllSchema,
  messageIdSchema,
  messageQuerySchema,
  messageSendSchema,
  messageUpdateAllSchema,
} from '@shared/validation/messages';
import { defineCalls } from './define';
import { dateTime, id } from './wire';

/** A message at the wire (spec section 3: messageId, messageContent, addTime, hasRead). */
export const messageRowSchema = z.object({
  messageId: id,
  messageContent: z.string(),
  addTime: dateTime,
  hasRead: z.boolean(),
  /** Where the reader can act on it, if anywhere (a console or hall path). */
  link: z.string().nullable(),
});
export type MessageRow = z.infer<typeof messageRowSchema>;

export const messageCalls = defineCalls('messages', {
  list: {
    summary: '分页查询我的消息',
    base: 'business',
    path: 'project/message/query',
    method: 'GET',
    input: messageQuerySchema,
    output: messageRowSchema,
    envelope: 'page',
    access: 'signed-in',
    paging: { page: 'pageIndex', size: 'pageSize' },
  },
  countUnread: {
    summary: '我的未读消息数',
    base: 'business',
    path: 'project/message/count',
    method: 'GET',
    output: z.number().int().nonnegative(),
    envelope: 'object',
    access: 'signed-in',
  },
  remove: {
    summary: '删除一条消息',
    base: 'business',
    path: 'project/message/delete',
    method: 'GET',
    changesState: true,
    input: messageIdSchema,
    envelope: 'result',
    access: 'signed-in',
  },
  removeMany: {
    summary: '批量删除消息',
    base: 'business',
    path: 'project/message/deleteAll',
    method: 'POST',
    input: messageDeleteAllSchema,
    output: z.number().int().nonnegative().describe('删除的条数'),
    envelope: 'result',
    access: 'signed-in',
  },
  markRead: {
    summary: '标记一条消息为已读',
    base: 'business',
    path: 'project/message/update',
    method: 'GET',
    changesState: true,
    input: messageIdSchema,
    envelope: 'result',
    access: 'signed-in',
  },
  markManyRead: {
    summary: '批量标记消息为已读',
    base: 'business',
    path: 'project/message/updateAll',
    method: 'POST',
    input: messageUpdateAllSchema,
    output: z.number().int().nonnegative().describe('标记的条数'),
    envelope: 'result',
    access: 'signed-in',
  },
  send: {
    summary: '发送消息给用户或角色（管理员）',
    base: 'business',
    path: 'project/message/send',
    method: 'POST',
    input: messageSendSchema,
    output: z.object({ recipients: z.number().int().nonnegative() }),
    envelope: 'result',
    access: [roles.admin.id],
  },
  stream: {
    summary: '未读消息数推送（服务器发送事件）',
    description: '事件 count：未读数，先发一次，之后每次变化时发送；事件 end：会话结束，服务器关闭连接。',
    base: 'business',
    path: 'project/message/stream',
    method: 'GET',
    envelope: 'raw',
    produces: 'text/event-stream',
    access: 'signed-in',
  },
});
