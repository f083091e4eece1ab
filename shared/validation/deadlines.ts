/** Service deadlines and the working-day calendar (/task/monitor/deadline/*, /task/monitor/calendar/*). */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import { calendarDayKinds, deadlineTaskTypes, type DeadlineTaskType } from '@shared/domain/deadlines';
import { wholeNumber } from './numbers';
import { blankToUndefined } from './text';

export const deadlineMessages = {
  taskType: '请选择正确的事项类型',
  workingDays: '办理时限应为 1 到 60 个工作日',
  day: '请输入正确的日期（YYYY-MM-DD）',
  kind: '请选择节假日或调休上班',
  name: '请输入名称（不超过 20 个字）',
  year: '年份应为 2000 到 2100 之间的整数',
} as const;

const taskTypeValues = deadlineTaskTypes.map((t) => t.value) as [DeadlineTaskType, ...DeadlineTaskType[]];

/** The kind of to-do a deadline is set for (the settings list answers it too). */
export const deadlineTaskTypeSchema = z.enum(taskTypeValues, deadlineMessages.taskType);

export const deadlineEditSchema = z.object({
  taskType: deadlineTaskTypeSchema,
  workingDays: wholeNumber(deadlineMessages.workingDays, { min: 1, max: 60 }),
});
export type DeadlineEditInput = z.infer<typeof deadlineEditSchema>;

/** A real calendar date: the pattern, and a round trip through Date (no 2026-02-30). */
export const calendarDate = z
  .string(deadlineMessages.day)
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, deadlineMessages.day)
  .refine((value) => {
    const parsed = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
  }, deadlineMessages.day);

export const calendarListSchema = z.object({
  year: z.preprocess(
    blankToUndefined,
    wholeNumber(deadlineMessages.year, { min: 2000, max: 2100 }).optional(),
  ),
});

export const calendarDaySchema = z.object({
  day: calendarDate,
  kind: z.enum(calendarDayKinds.map((k) => k.value) as ['holiday', 'workday'], deadlineMessages.kind),
  name: z.string(deadlineMessages.name).trim().min(1, deadlineMessages.name).max(20, deadlineMessages.name),
});

export const calendarDeleteSchema = z.object({ day: calendarDate });
