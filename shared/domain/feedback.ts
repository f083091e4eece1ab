/**
 * Feedback (意见反馈, /feedback/feedbackList, issue 24): its states and categories, once for the
 * database's CHECK constraints, the server and both front ends.
 */

export const feedbackStates = {
  open: '待处理',
  replied: '已回复',
  closed: '已关闭',
} as const;
export type FeedbackState = keyof typeof feedbackStates;
export const feedbackStateValues = Object.keys(feedbackStates) as FeedbackState[];

export const feedbackCategories = {
  consult: '业务咨询',
  suggestion: '意见建议',
  complaint: '投诉举报',
  fault: '系统故障',
  other: '其他',
} as const;
export type FeedbackCategory = keyof typeof feedbackCategories;
export const feedbackCategoryValues = Object.keys(feedbackCategories) as FeedbackCategory[];

/** Extensions a feedback attachment may have: documents and images (spec section 5's types). */
export { documentExtensions as feedbackAttachmentExtensions } from '@shared/validation/upload';
