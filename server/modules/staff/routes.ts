/** An agency's staff (shared/contracts/staff.ts). */
import { implement, reply } from '@server/lib/contracts';
import { staffCalls } from '@shared/contracts/staff';
import { addStaff, decideStaff, getStaff, listStaff, staffTodo } from './service';

export const staffRoutes = implement(staffCalls, (ctx) => ({
  query: (input, { user }) => listStaff(ctx.db, user, input),
  add: async (input, { user }) => reply(await addStaff(ctx, user, input), '已提交审核'),
  queryOne: async ({ id }, { user }) => getStaff(ctx.db, user, id),
  approve: async (input, { user }) =>
    reply(await decideStaff(ctx, user, input), input.decision === 'approve' ? '审核通过' : '已退回'),
  toDoStaff: (input, { user }) => staffTodo(ctx.db, user, input),
}));
