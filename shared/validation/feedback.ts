/** Feedback (意见反馈): what a sender writes, the list's filters, the administrator's reply. */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import { feedbackCategoryValues, feedbackStateValues } from '@shared/domain/feedback';
import { CAPTCHA_LENGTH, identityMessages } from './identity';
import { pagingSchema } from './lists';
import { idField } from './numbers';
import { blankToUndefined } from './text';
import { fileField } from './file-field';

export const feedbackMessages = {
  category: '请选择反馈类别',
  title: '请填写标题（不超过 50 个字）',
  content: '请填写反馈内容（不超过 2000 个字）',
  contact: '请填写正确的手机号或邮箱，以便接收回复',
  captcha: '请输入验证码',
  state: '反馈状态不正确',
  id: '请提供正确的反馈编号',
  reply: '请填写回复内容（不超过 2000 个字）',
  lookupCode: '请输入正确的查询码',
  notFound: '没有找到该反馈',
  lookupNotFound: '查询码不正确，没有找到对应的反馈',
  closed: '该反馈已关闭，不能再回复',
  closedAlready: '该反馈已关闭',
  submitted: '反馈已提交',
  replied: '已回复',
  closedDone: '已关闭',
  rateLimited: '提交过于频繁，请稍后再试',
} as const;

/** A mainland mobile number: an anonymous sender's reply is announced to it by SMS. */
export const FEEDBACK_PHONE = /^1[3-9]\d{9}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const text = (message: string, max: number) => z.string(message).trim().min(1, message).max(max, message);

/**
 * A new feedback. `contact` and `captcha` are what an anonymous visitor must add; the server asks
 * for them only when nobody is signed in (a signed-in sender is answered by an in-site message).
 */
export const feedbackSubmitSchema = z.object({
  category: z.enum(feedbackCategoryValues, feedbackMessages.category),
  title: text(feedbackMessages.title, 50),
  content: text(feedbackMessages.content, 2000),
  contact: z.preprocess(
    blankToUndefined,
    z
      .string(feedbackMessages.contact)
      .trim()
      .max(100, feedbackMessages.contact)
      .refine((value) => FEEDBACK_PHONE.test(value) || EMAIL.test(value), feedbackMessages.contact)
      .optional(),
  ),
  captcha: z.preprocess(
    blankToUndefined,
    z
      .string(feedbackMessages.captcha)
      .trim()
      .length(CAPTCHA_LENGTH, identityMessages.captchaLength)
      .optional(),
  ),
  file: z.preprocess(blankToUndefined, fileField.optional()),
});
export type FeedbackSubmitInput = z.infer<typeof feedbackSubmitSchema>;

/** The browser form's fields (the file is picked separately). */
export const feedbackFormSchema = feedbackSubmitSchema.omit({ file: true });
export type FeedbackForm = z.infer<typeof feedbackFormSchema>;

export const feedbackListSchema = pagingSchema.extend({
  state: z.preprocess(blankToUndefined, z.enum(feedbackStateValues, feedbackMessages.state).optional()),
  category: z.preprocess(
    blankToUndefined,
    z.enum(feedbackCategoryValues, feedbackMessages.category).optional(),
  ),
});
export type FeedbackListParams = z.infer<typeof feedbackListSchema>;

export const feedbackIdSchema = z.object({ pkid: idField(feedbackMessages.id) });

export const feedbackReplySchema = z.object({
  pkid: idField(feedbackMessages.id),
  reply: text(feedbackMessages.reply, 2000),
});
export type FeedbackReplyInput = z.infer<typeof feedbackReplySchema>;

/** The lookup code an anonymous sender was shown: 12 letters and digits. */
export const feedbackLookupSchema = z.object({
  code: z
    .string(feedbackMessages.lookupCode)
    .trim()
    .regex(/^[A-Za-z0-9]{12}$/, feedbackMessages.lookupCode),
});
