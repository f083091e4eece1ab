import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from './columns';

/**
 * The job runner's schedule (server/modules/jobs, ADR 0007): one row per recurring job. Every
 * instance polls this table and claims a due row with `FOR UPDATE SKIP LOCKED` and a lease
 * (locked_until), so several instances never run one job twice at once, and a crashed instance's
 * claim lapses when its lease ends.
 */
export const scheduledJobs = pgTable(
  'scheduled_jobs',
  {
    name: text('name').primaryKey(),
    /** `daily HH:MM` (Beijing time) or `every N` minutes: shared/validation/jobs.ts parses it. */
    schedule: text('schedule').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    nextRunAt: timestamptz('next_run_at').notNull(),
    lastRunAt: timestamptz('last_run_at'),
    /** `succeeded` or `failed` after the last run; null before the first. */
    lastStatus: text('last_status'),
    lastMessage: text('last_message'),
    lastDurationMs: integer('last_duration_ms'),
    runCount: integer('run_count').notNull().default(0),
    lockedBy: text('locked_by'),
    lockedUntil: timestamptz('locked_until'),
    ...timestamps(),
  },
  (t) => [
    check('scheduled_jobs_last_status_check', sql`${t.lastStatus} in ('succeeded', 'failed')`),
    index('scheduled_jobs_next_run_at_idx').on(t.nextRunAt),
  ],
);
