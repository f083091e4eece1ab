/** Listing and editing the scheduled jobs (/task/monitor/job/list and edit). */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import { scheduledJobs } from '@server/db/schema';
import { AppError } from '@shared/errors/app-error';
import type { JobRow } from '@shared/calls/jobs';
import { containsPattern } from '@server/db/contains-pattern';
import { nextRunAfter, parseSchedule, type JobEditInput } from '@shared/validation/jobs';

type JobRecord = typeof scheduledJobs.$inferSelect;

function toRow(ctx: AppContext, row: JobRecord): JobRow {
  const job = ctx.services.jobs.definitions.find((d) => d.name === row.name);
  const now = ctx.services.now();
  const running = row.lockedUntil !== null && row.lockedUntil > now;
  return {
    jobName: row.name,
    title: job?.title ?? row.name,
    schedule: row.schedule,
    enabled: row.enabled,
    status: running ? 'running' : ((row.lastStatus as 'succeeded' | 'failed' | null) ?? 'never'),
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    lastMessage: row.lastMessage,
    lastDurationMs: row.lastDurationMs,
    nextRunAt: row.nextRunAt.toISOString(),
    runCount: row.runCount,
  };
}

export async function listJobs(
  ctx: AppContext,
  input: { page: number; rows: number; jobName?: string | undefined },
): Promise<{ rows: JobRow[]; total: number }> {
  const names = ctx.services.jobs.definitions.map((d) => d.name);
  if (names.length === 0) return { rows: [], total: 0 };
  // The rows exist once the runner started; a context that never started it (tests) adds them here.
  await ctx.services.jobs.ensureScheduled();
  const filter: SQL[] = [inArray(scheduledJobs.name, names)];
  if (input.jobName) filter.push(sql`${scheduledJobs.name} ilike ${containsPattern(input.jobName)}`);
  const where = and(...filter);
  const [count] = await ctx.db
    .select({ total: sql<number>`count(*)::int` })
    .from(scheduledJobs)
    .where(where);
  const rows = await ctx.db
    .select()
    .from(scheduledJobs)
    .where(where)
    .orderBy(asc(scheduledJobs.name))
    .limit(input.rows)
    .offset((input.page - 1) * input.rows);
  return { rows: rows.map((row) => toRow(ctx, row)), total: count?.total ?? 0 };
}

export async function editJob(ctx: AppContext, input: JobEditInput): Promise<JobRow> {
  const schedule = parseSchedule(input.schedule);
  if (!schedule || !ctx.services.jobs.definitions.some((d) => d.name === input.jobName))
    throw new AppError('not_found', { message: '没有这个定时任务', field: 'jobName' });
  await ctx.services.jobs.ensureScheduled();
  const now = ctx.services.now();
  const [row] = await ctx.db
    .update(scheduledJobs)
    .set({
      schedule: input.schedule,
      enabled: input.enabled,
      // A new plan (or 立即执行) takes effect at once; the next poll picks a run due now.
      nextRunAt: input.runNow ? now : nextRunAfter(schedule, now),
      updatedAt: now,
    })
    .where(eq(scheduledJobs.name, input.jobName))
    .returning();
  if (!row) throw new AppError('not_found', { message: '没有这个定时任务', field: 'jobName' });
  return toRow(ctx, row);
}
