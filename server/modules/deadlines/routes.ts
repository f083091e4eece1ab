/** Service deadlines and the working-day calendar (shared/calls/deadlines.ts). */
import { implement, reply } from '@server/lib/calls';
import { deadlineCalls } from '@shared/calls/deadlines';
import {
  deleteCalendarDay,
  editDeadlineSetting,
  listCalendar,
  listDeadlineSettings,
  saveCalendarDay,
} from './service';

const wire = <T extends { updatedAt: Date | null }>(row: T) => ({
  ...row,
  updatedAt: row.updatedAt?.toISOString() ?? null,
});

export const deadlineRoutes = implement(deadlineCalls, (ctx) => ({
  list: async () => (await listDeadlineSettings(ctx.db)).map(wire),
  edit: async (input, { user }) => reply(wire(await editDeadlineSetting(ctx, user.pkid, input)), '保存成功'),
  calendar: async (input) =>
    (await listCalendar(ctx.db, input)) as { day: string; kind: 'holiday' | 'workday'; name: string }[],
  saveDay: async (input) => reply(await saveCalendarDay(ctx, input), '保存成功'),
  deleteDay: async (input) => reply(await deleteCalendarDay(ctx, input), '删除成功'),
}));
