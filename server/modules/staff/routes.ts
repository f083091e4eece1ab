/** An agency's staff and the changes of approved people (shared/contracts/staff.ts). */
import { implement, reply } from '@server/lib/contracts';
import { staffCalls, staffChangeCalls } from '@shared/contracts/staff';
import {
  decideStaffChange,
  deleteStaff,
  getStaffChange,
  listStaffChanges,
  staffChangeTodo,
  updateStaff,
} from './change-service';
import { addStaff, decideStaff, getStaff, listStaff, staffTodo } from './service';

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
