/**
 * The notice form (noticemanger/messagemaintain) and the /oa add and update calls: the console
 * validates with it before sending, the server again before storing. Rich text is sanitized on the
 * server (server/lib/html-sanitizer.ts); here only its size is bounded.
 */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import { noticeState, noticeType } from '@shared/domain/statuses';
import { idField } from './numbers';
import { blankToUndefined } from './text';

/** Spec section 9: font sizes the editor offers, in px. */
export const NOTICE_FONT_SIZES = [16, 18, 20, 22, 24, 26, 28, 30] as const;
export const NOTICE_MIN_FONT_PX = 16;
export const NOTICE_MAX_FONT_PX = 30;

/** Spec section 9: the editor's font families, as CSS family names (the value) with their labels. */
export const NOTICE_FONTS = [
  { value: 'SimSun', label: '宋体' },
  { value: 'SimHei', label: '黑体' },
  { value: 'Microsoft YaHei', label: '微软雅黑' },
  { value: 'KaiTi', label: '楷体' },
  { value: 'FangSong', label: '仿宋' },
  { value: 'Arial', label: 'Arial' },
  { value: 'Times New Roman', label: 'Times New Roman' },
  { value: 'sans-serif', label: 'sans-serif' },
] as const;

/** Update logs (noticeType 3): the header dialog shows this many rows (spec section 9). */
export const UPDATE_LOG_ROWS = 10;

export const NOTICE_TITLE_MAX = 100;
/** Stored HTML, after sanitizing; a long notice with tables stays far below this. */
export const NOTICE_CONTENT_MAX = 200_000;

export const noticeMessages = {
  titleRequired: '请输入公告标题',
  titleTooLong: `公告标题不能超过${NOTICE_TITLE_MAX}个字`,
  typeInvalid: '请选择公告类型',
  stateInvalid: '公告状态不正确',
  contentRequired: '请输入公告内容',
  contentTooLong: '公告内容过长，请精简后再提交',
  attachmentsInvalid: '附件编号不正确',
  saved: '保存成功',
  published: '发布成功',
  withdrawn: '撤回成功',
  deleted: '删除成功',
  confirmPublish: '确定要发布该公告吗？发布后大厅立即可见。',
  confirmWithdraw: '确定要撤回该公告吗？撤回后大厅不再显示。',
  confirmDelete: '此操作将永久删除该公告，是否继续？',
  confirmDeleteAttachment: '确定要删除该附件吗？',
} as const;

const uuidList = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)
      : value,
  z.array(z.uuid(noticeMessages.attachmentsInvalid)).max(50, noticeMessages.attachmentsInvalid),
);

/** add / update body (form-encoded): attachment ids as one comma list (`attachmentIds`). */
export const noticeInputSchema = z.object({
  noticeTitle: z
    .string(noticeMessages.titleRequired)
    .trim()
    .min(1, noticeMessages.titleRequired)
    .max(NOTICE_TITLE_MAX, noticeMessages.titleTooLong),
  noticeType: z.coerce
    .number(noticeMessages.typeInvalid)
    .refine((value) => noticeType.has(value), noticeMessages.typeInvalid),
  noticeContent: z
    .string(noticeMessages.contentRequired)
    .max(NOTICE_CONTENT_MAX, noticeMessages.contentTooLong)
    .refine(
      (html) => html.replace(/<[^>]*>|&nbsp;|\s/g, '') !== '' || /<img\s/i.test(html),
      noticeMessages.contentRequired,
    ),
  /** 0 save as draft, 1 publish, 2 withdraw. */
  state: z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .refine((value) => noticeState.has(value), noticeMessages.stateInvalid)
      .default(0),
  ),
  attachmentIds: z.preprocess(blankToUndefined, uuidList.optional()),
});
export type NoticeInput = z.infer<typeof noticeInputSchema>;

export const noticeUpdateSchema = noticeInputSchema.extend({
  pkid: idField('请提供正确的编号'),
});
export type NoticeUpdate = z.infer<typeof noticeUpdateSchema>;
