/**
 * The job runner's schedules and the calls that list and edit them (/task/monitor/job/*). A schedule is
 * `daily HH:MM` (Beijing time, UTC+8 all year) or `every N` (minutes, 1–1440): simple enough to read in
 * the list, and all the product's jobs need.
 */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import { blankToUndefined } from './text';

export const jobMessages = {
  schedule: '执行计划格式应为“daily HH:MM”或“every 分钟数”，例如 daily 00:05 或 every 30',
  jobName: '请提供正确的任务名称',
} as const;

export type Schedule = { kind: 'daily'; hour: number; minute: number } | { kind: 'every'; minutes: number };

const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** The schedule a text names, or null when it is not one. */
export function parseSchedule(text: string): Schedule | null {
  const daily = /^daily ([01]\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  if (daily) return { kind: 'daily', hour: Number(daily[1]), minute: Number(daily[2]) };
  const every = /^every ([1-9]\d{0,3})$/.exec(text.trim());
  if (every && Number(every[1]) <= 1440) return { kind: 'every', minutes: Number(every[1]) };
  return null;
}

/** The first run strictly after `after`. */
export function nextRunAfter(schedule: Schedule, after: Date): Date {
  if (schedule.kind === 'every') return new Date(after.getTime() + schedule.minutes * MINUTE_MS);
  const local = after.getTime() + BEIJING_OFFSET_MS;
  const dayStart = Math.floor(local / DAY_MS) * DAY_MS;
  let candidate = dayStart + (schedule.hour * 60 + schedule.minute) * MINUTE_MS;
  if (candidate <= local) candidate += DAY_MS;
  return new Date(candidate - BEIJING_OFFSET_MS);
}

/** Today's date in Beijing (`YYYY-MM-DD`) at an instant: credit periods are calendar days there. */
export function beijingDate(at: Date): string {
  return new Date(at.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
}

const jobName = z.string(jobMessages.jobName).trim().min(1, jobMessages.jobName).max(60, jobMessages.jobName);

export const jobListSchema = z.object({
  jobName: z.preprocess(blankToUndefined, jobName.optional()),
});

const flag = z.preprocess(
  (value) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value),
  z.boolean('请选择是或否'),
);

export const jobEditSchema = z.object({
  jobName,
  schedule: z
    .string(jobMessages.schedule)
    .trim()
    .max(20, jobMessages.schedule)
    .refine((text) => parseSchedule(text) !== null, jobMessages.schedule),
  enabled: flag,
  /** Run at the next poll instead of at the next scheduled time. */
  runNow: z.preprocess(blankToUndefined, flag.optional()),
});
export type JobEditInput = z.infer<typeof jobEditSchema>;
