/**
 * Service deadlines (/task/time): working days per task type and the holiday calendar, edited by
 * administrators next to the job monitor (/task/monitor/job/*).
 */
import { z } from 'zod';
import { roles } from '@shared/domain/roles';
import {
  calendarDaySchema,
  calendarDeleteSchema,
  calendarListSchema,
  deadlineEditSchema,
  deadlineTaskTypeSchema,
} from '@shared/validation/deadlines';
import { defineCalls } from './define';
import { dateTime } from './wire';

export const deadlineSettingSchema = z.object({
  taskType: deadlineTaskTypeSchema,
  label: z.string(),
  workingDays: z.number().int(),
  defaultDays: z.number().int(),
  updatedAt: dateTime.nullable(),
});
export type DeadlineSetting = z.infer<typeof deadlineSettingSchema>;

export const calendarDayRowSchema = z.object({
  day: z.string(),
  kind: z.enum(['holiday', 'workday']),
  name: z.string(),
});
export type CalendarDayRow = z.infer<typeof calendarDayRowSchema>;

export const deadlineCalls = defineCalls('deadlines', {
  list: {
    summary: '办理时限设置（各类待办的工作日数）',
    base: 'task',
    path: 'monitor/deadline/list',
    method: 'GET',
    input: z.object({}),
    output: z.array(deadlineSettingSchema),
    envelope: 'result',
    access: [roles.admin.id],
  },
  edit: {
    summary: '修改某类待办的办理时限（工作日）',
    base: 'task',
    path: 'monitor/deadline/edit',
    method: 'POST',
    input: deadlineEditSchema,
    output: deadlineSettingSchema,
    envelope: 'result',
    access: [roles.admin.id],
  },
  calendar: {
    summary: '节假日与调休上班日历',
    base: 'task',
    path: 'monitor/calendar/list',
    method: 'GET',
    input: calendarListSchema,
    output: z.array(calendarDayRowSchema),
    envelope: 'result',
    access: [roles.admin.id],
  },
  saveDay: {
    summary: '新增或修改日历中的一天（节假日或调休上班）',
    base: 'task',
    path: 'monitor/calendar/save',
    method: 'POST',
    input: calendarDaySchema,
    output: calendarDayRowSchema,
    envelope: 'result',
    access: [roles.admin.id],
  },
  deleteDay: {
    summary: '删除日历中的一天（恢复为按周末计算）',
    base: 'task',
    path: 'monitor/calendar/delete',
    method: 'POST',
    input: calendarDeleteSchema,
    output: z.null(),
    envelope: 'result',
    access: [roles.admin.id],
  },
});
