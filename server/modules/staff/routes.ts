/** An agency's staff and the changes of approved people (shared/calls/staff.ts). */
import { implement, reply } from '@server/lib/calls';
import { fileResponse, privately } from '@server/lib/file-response';
import { staffCalls, staffChangeCalls, staffFileCalls } from '@shared/calls/staff';
import { createStaffAccount, disableStaffAccount, ownStaffRecord, resetStaffPassword } from './accounts';
import { staffAttachmentFile } from './attachments';
import { staffByProject } from './project-staff';
import {
  decideStaffChange,
  deleteStaff,
  getStaffChange,
  listStaffChanges,
  staffChangeTodo,
  updateStaff,
} from './change-service';
import {
  addStaff,
  decideStaff,
  getStaff,
  listStaff,
  pickableStaff,
  staffTimeline,
  staffTodo,
} from './service';

export const staffRoutes = implement(staffCalls, (ctx) => ({
  query: (input, { user }) => listStaff(ctx.db, user, input),
  add: async (input, { user }) => reply(await addStaff(ctx, user, input), '已提交审核'),
  queryOne: async ({ id }, { user }) => getStaff(ctx.db, user, id),
  approve: async (input, { user }) =>
    reply(await decideStaff(ctx, user, input), input.decision === 'approve' ? '审核通过' : '已退回'),
  update: async (input, { user }) => {
    const saved = await updateStaff(ctx, user, input);
    return reply(saved, saved.changeId === null ? '已提交审核' : '变更已提交审核，通过后生效');
  },
  delete: async ({ id }, { user }) => reply(await deleteStaff(ctx, user, id), '已删除'),
  queryStaff: (input, { user }) => pickableStaff(ctx.db, user, input),
  queryStaffByProjectId: (input, { user }) => staffByProject(ctx.db, user, input),
  auditInfo: ({ id }, { user }) => staffTimeline(ctx.db, user, id),
  toDoStaff: (input, { user }) => staffTodo(ctx.db, user, input),
}));

export const staffChangeRoutes = implement(staffChangeCalls, (ctx) => ({
  query: (input, { user }) => listStaffChanges(ctx.db, user, input),
  queryOne: async ({ id }, { user }) => getStaffChange(ctx.db, user, id),
  approve: async (input, { user }) =>
    reply(
      await decideStaffChange(ctx, user, input),
      input.decision === 'approve' ? '审核通过，变更已生效' : '已退回，人员信息保持不变',
    ),
  toDo: (input, { user }) => staffChangeTodo(ctx.db, user, input),
}));

export const staffFileRoutes = implement(staffFileCalls, (ctx) => ({
  downloadFile: async ({ id }, { user }) =>
    privately(await fileResponse(ctx.storage, await staffAttachmentFile(ctx.db, user, id), 'attachment')),
  previewFile: async ({ id }, { user }) =>
    privately(await fileResponse(ctx.storage, await staffAttachmentFile(ctx.db, user, id), 'inline')),
  createAccount: async (input, { user }) => {
    const account = await createStaffAccount(ctx, user, input);
    return reply(
      account,
      account.initialPassword === null ? '账号已开通' : '账号已开通，初始密码只显示这一次，请转告本人',
    );
  },
  disableAccount: async ({ id }, { user }) => reply(await disableStaffAccount(ctx, user, id), '账号已停用'),
  resetAccountPassword: async ({ id }, { user }) =>
    reply(await resetStaffPassword(ctx, user, id), '密码已重置，新密码只显示这一次，请转告本人'),
  querySelf: (_input, { user }) => ownStaffRecord(ctx.db, user),
}));
