/**
 * In-app messages and audit-opinion templates (spec sections 5, 7, 8, 9): the requests of
 * `/smsend/project/message/*` and `/smsend/auditManageInfo/*`, and every text the drawer and the
 * templates page show. The spec's own texts are kept to the character; each lives once here.
 */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import { idList, wholeNumber } from './numbers';

export const messageTexts = {
  selectToMark: '请选择要批量标记的行~',
  selectToDelete: '请选择要批量删除的行~',
  markSuccess: '标记成功~',
  markFailure: '标记失败，请稍后重试~',
  readSuccess: '消息已标为已读！',
  readFailure: '消息已标为已读失败！',
  deleteSuccess: '消息删除成功！',
  deleteFailure: '消息删除失败！',
  deleteConfirm: '此操作将永久删除该消息, 是否继续?',
  idInvalid: '消息编号不正确',
  notFound: '消息不存在或已被删除',
  pageIndexInvalid: '页码必须是正整数',
  pageSizeInvalid: '每页条数应在1到100之间',
  hasReadInvalid: '阅读状态只能是 true 或 false',
  contentRequired: '请输入消息内容',
  contentTooLong: '消息内容不能超过500字',
  recipientRequired: '请选择接收人或接收角色（二选一）',
  roleUnknown: '接收角色不存在',
  userUnknown: '接收人不存在',
  sent: (count: number) => `消息已发送给${count}位用户`,
} as const;

export const auditOpinionTexts = {
  contentRequired: '请输入审核意见',
  contentTooLong: '审核意见不能超过500字',
  selectToDelete: '请选择要批量删除的审核意见~',
  deleteConfirm: '此操作将永久删除该审核意见，是否继续？',
  batchDeleteConfirm: (count: number) => `此操作将永久删除选中的${count}条审核意见，是否继续？`,
  idInvalid: '审核意见编号不正确',
  notFound: '审核意见不存在或已被删除',
  duplicate: '该审核意见已存在',
  addSuccess: '添加成功',
  deleteSuccess: '删除成功',
} as const;

/** Spec section 9: the drawer shows 10 messages a page. */
export const MESSAGE_PAGE_SIZE = 10;
export const MESSAGE_CONTENT_MAX = 500;
export const AUDIT_OPINION_MAX = 500;

const m = messageTexts;

const positiveInt = (message: string) => wholeNumber(message);

const pageIndex = wholeNumber(m.pageIndexInvalid).default(1);
const pageSize = wholeNumber(m.pageSizeInvalid, { max: 100 }).default(MESSAGE_PAGE_SIZE);

/** `GET project/message/query?pageIndex&pageSize&hasRead`: pages start at 1; no hasRead = all. */
export const messageQuerySchema = z.object({
  pageIndex,
  pageSize,
  hasRead: z
    .enum(['true', 'false', '1', '0', ''], { error: m.hasReadInvalid })
    .optional()
    .transform((value) =>
      value === undefined || value === '' ? undefined : value === 'true' || value === '1',
    ),
});
export type MessageQuery = z.infer<typeof messageQuerySchema>;

/** `?id=` of delete and update. */
export const messageIdSchema = z.object({ id: positiveInt(m.idInvalid) });

/** A comma list of ids ('3,5,8'); empty means nothing was selected (`emptyMessage`). */
export function idListSchema(emptyMessage: string, invalidMessage: string) {
  return idList(invalidMessage, { emptyMessage });
}

/** `POST project/message/deleteAll` (form ids). */
export const messageDeleteAllSchema = z.object({ ids: idListSchema(m.selectToDelete, m.idInvalid) });
/** `POST project/message/updateAll` (form ids). */
export const messageUpdateAllSchema = z.object({ ids: idListSchema(m.selectToMark, m.idInvalid) });

const messageContent = z
  .string({ error: m.contentRequired })
  .trim()
  .min(1, m.contentRequired)
  .max(MESSAGE_CONTENT_MAX, m.contentTooLong);

/**
 * `POST project/message/send` (administrators): a message to one user (`userId`) or to everyone
 * holding a role (`roleId`), exactly one of the two.
 */
export const messageSendSchema = z
  .object({
    content: messageContent,
    userId: z.union([z.literal(''), positiveInt(m.userUnknown)]).optional(),
    roleId: z.string().trim().optional(),
  })
  .transform((value, context) => {
    const userId = value.userId === '' ? undefined : value.userId;
    const roleId = value.roleId ? value.roleId : undefined;
    if ((userId === undefined) === (roleId === undefined)) {
      context.addIssue({ code: 'custom', message: m.recipientRequired, path: ['userId'] });
      return z.NEVER;
    }
    return userId !== undefined
      ? { content: value.content, toUserId: userId }
      : { content: value.content, toRoleId: roleId as string };
  });
export type MessageSend = z.infer<typeof messageSendSchema>;

const a = auditOpinionTexts;

/** `GET auditManageInfo/getListByPage?content&pageIdx&pageSize` (content: contains, case-insensitive). */
export const auditOpinionListSchema = z.object({
  content: z.string().trim().max(AUDIT_OPINION_MAX).optional(),
  pageIdx: pageIndex,
  pageSize,
});
export type AuditOpinionList = z.infer<typeof auditOpinionListSchema>;

/** `POST auditManageInfo/add` (form or JSON: content). */
export const auditOpinionAddSchema = z.object({
  content: z
    .string({ error: a.contentRequired })
    .trim()
    .min(1, a.contentRequired)
    .max(AUDIT_OPINION_MAX, a.contentTooLong),
});
export type AuditOpinionAdd = z.infer<typeof auditOpinionAddSchema>;

export const auditOpinionIdSchema = z.object({ id: positiveInt(a.idInvalid) });

/** `POST auditManageInfo/batchDelete` (form ids, comma list). */
export const auditOpinionBatchDeleteSchema = z.object({ ids: idListSchema(a.selectToDelete, a.idInvalid) });
