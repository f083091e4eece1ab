/** The job runner's schedule (shared/calls/jobs.ts). */
import { implement, reply } from '@server/lib/calls';
import { jobCalls } from '@shared/calls/jobs';
import { editJob, listJobs } from './service';

export const jobRoutes = implement(jobCalls, (ctx) => ({
  list: (input) => listJobs(ctx, input),
  edit: async (input) => reply(await editJob(ctx, input), input.runNow ? '已安排立即执行' : '保存成功'),
}));
