/** The job runner's schedule (/task/monitor/job/*): administrators list the jobs and edit their plan. */
import { z } from 'zod';
import { roles } from '@shared/domain/roles';
import { jobEditSchema, jobListSchema } from '@shared/validation/jobs';
import { pagingSchema } from '@shared/validation/lists';
import { defineCalls } from './define';
import { dateTime } from './wire';

export const jobRowSchema = z.object({
  jobName: z.string(),
  title: z.string(),
  schedule: z.string(),
  enabled: z.boolean(),
  /** running: claimed by an instance now; otherwise the outcome of the last run, or `never`. */
  status: z.enum(['running', 'succeeded', 'failed', 'never']),
  lastRunAt: dateTime.nullable(),
  lastMessage: z.string().nullable(),
  lastDurationMs: z.number().int().nullable(),
  nextRunAt: dateTime,
  runCount: z.number().int().nonnegative(),
});
export type JobRow = z.infer<typeof jobRowSchema>;

export const jobCalls = defineCalls('jobs', {
  list: {
    summary: '定时任务列表（执行计划、上次执行、下次执行、状态）',
    base: 'task',
    path: 'monitor/job/list',
    method: 'GET',
    input: pagingSchema.extend(jobListSchema.shape),
    output: jobRowSchema,
    envelope: 'page',
    access: [roles.admin.id],
    paging: { page: 'page', size: 'rows' },
  },
  edit: {
    summary: '修改定时任务（执行计划、启用、立即执行）',
    base: 'task',
    path: 'monitor/job/edit',
    method: 'POST',
    input: jobEditSchema,
    output: jobRowSchema,
    envelope: 'result',
    access: [roles.admin.id],
  },
});
