/**
 * Feedback (意见反馈, /feedback/feedbackList, issue 24). Anyone sends feedback: a signed-in user as
 * themself, an anonymous visitor of the hall with the captcha and a contact (they get a lookup code,
 * shown once, to read the reply). A signed-in user lists their own; the administrator lists all,
 * replies (the sender gets an in-site message) and closes.
 */
import { z } from 'zod';
import { roles } from '@shared/domain/roles';
import { feedbackCategoryValues, feedbackStateValues } from '@shared/domain/feedback';
import {
  feedbackIdSchema,
  feedbackListSchema,
  feedbackLookupSchema,
  feedbackReplySchema,
  feedbackSubmitSchema,
} from '@shared/validation/feedback';
import { defineCalls } from './define';
import { dateTime, id } from './wire';

const admins = [roles.admin.id] as const;

export const feedbackRowSchema = z.object({
  pkid: id,
  category: z.enum(feedbackCategoryValues),
  title: z.string(),
  state: z.enum(feedbackStateValues),
  /** Who sent it: the user's name, or 匿名访客 for the hall's anonymous visitor. */
  senderName: z.string(),
  anonymous: z.boolean(),
  createdAt: dateTime,
  repliedAt: dateTime.nullable(),
});
export type FeedbackRow = z.infer<typeof feedbackRowSchema>;

export const feedbackDetailSchema = feedbackRowSchema.extend({
  content: z.string(),
  /** The anonymous sender's phone or email: shown to the administrator only. */
  contact: z.string().nullable(),
  reply: z.string().nullable(),
  closedAt: dateTime.nullable(),
  attachment: z
    .object({ fileId: z.uuid(), fileName: z.string(), size: z.number().int().nonnegative() })
    .nullable(),
});
export type FeedbackDetail = z.infer<typeof feedbackDetailSchema>;

export const feedbackSubmittedSchema = z.object({
  pkid: id,
  /** Only for an anonymous sender, and only in this answer: the code to read the reply with. */
  lookupCode: z.string().nullable(),
});

export const feedbackCalls = defineCalls('feedback', {
  submit: {
    summary: '提交意见反馈',
    description:
      '已登录用户直接提交；匿名访客须带图形验证码（captcha）和联系方式（contact，手机号或邮箱），' +
      '成功后返回只显示一次的查询码（lookupCode）。附件 file 可选（文档或图片，不超过 50MB）。',
    base: 'business',
    path: 'feedback/add',
    method: 'POST',
    encoding: 'multipart',
    input: feedbackSubmitSchema,
    output: feedbackSubmittedSchema,
    envelope: 'result',
    access: 'public',
  },
  list: {
    summary: '分页查询意见反馈',
    description: '管理员看到全部反馈，其他用户只看到自己提交的；可按 state、category 筛选。',
    base: 'business',
    path: 'feedback/query',
    method: ['POST', 'GET'],
    changesState: false,
    input: feedbackListSchema,
    output: feedbackRowSchema,
    envelope: 'page',
    access: 'signed-in',
    paging: { page: 'page', size: 'rows' },
  },
  detail: {
    summary: '意见反馈详情',
    base: 'business',
    path: 'feedback/get',
    method: 'GET',
    input: feedbackIdSchema,
    output: feedbackDetailSchema,
    envelope: 'object',
    access: 'signed-in',
  },
  attachment: {
    summary: '下载意见反馈的附件',
    base: 'business',
    path: 'feedback/attachment',
    method: 'GET',
    input: feedbackIdSchema,
    envelope: 'file',
    produces: 'application/octet-stream',
    access: 'signed-in',
  },
  lookup: {
    summary: '凭查询码查看匿名反馈及回复',
    base: 'business',
    path: 'feedback/lookup',
    method: 'POST',
    changesState: false,
    input: feedbackLookupSchema,
    output: feedbackDetailSchema,
    envelope: 'object',
    access: 'public',
  },
  reply: {
    summary: '回复意见反馈（发件人收到站内消息）',
    base: 'business',
    path: 'feedback/reply',
    method: 'POST',
    input: feedbackReplySchema,
    output: feedbackDetailSchema,
    envelope: 'result',
    access: admins,
  },
  close: {
    summary: '关闭意见反馈',
    base: 'business',
    path: 'feedback/close',
    method: 'POST',
    input: feedbackIdSchema,
    output: feedbackDetailSchema,
    envelope: 'result',
    access: admins,
  },
});
