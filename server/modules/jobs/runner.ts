/**
 * The product's job runner (ADR 0007): recurring jobs on the scheduled_jobs table, safe with several
 * instances on one PostgreSQL server, and the same code on embedded PGlite.
 *
 * Every instance polls; a poll claims one due job at a time with `FOR UPDATE SKIP LOCKED` and a lease
 * (locked_until), runs it outside that transaction, then records the outcome and the next run. Two
 * instances polling together never claim the same job; an instance that dies mid-run leaves a claim
 * that lapses when its lease ends, and the job runs again at the next poll. Jobs are written to be
 * repeatable (running one twice does nothing the second time). Time is the context's clock
 * (`ctx.services.now`), so tests move it instead of waiting.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import { scheduledJobs } from '@server/db/schema';
import { nextRunAfter, parseSchedule } from '@shared/validation/jobs';

export interface JobDefinition {
  /** Unique and stable: the row's key. */
  name: string;
  /** What the job does, in Chinese, for the list. */
  title: string;
  /** The schedule a new row starts with; administrators may change it (/task/monitor/job/edit). */
  defaultSchedule: string;
  /** Does the work as of `now`; resolves to a short summary for the list (e.g. "3 条记录到期"). */
  run(ctx: AppContext, now: Date): Promise<string>;
}

export interface JobRunOutcome {
  name: string;
  status: 'succeeded' | 'failed';
  message: string;
}

export interface JobRunner {
  readonly definitions: readonly JobDefinition[];
  /** Inserts the rows of jobs not in the table yet (first start, or a job added by an upgrade). */
  ensureScheduled(): Promise<void>;
  /** Runs every job due now, one after another; what each poll does. */
  runDue(): Promise<JobRunOutcome[]>;
  /**
   * Makes a job due now and, on a started runner, polls at once (a logout's messages go out right
   * away rather than at the next poll). Never throws: the job still runs on its schedule.
   */
  runNow(name: string): Promise<void>;
  /** Polls every `pollMs` until stopped. */
  start(): Promise<void>;
  /** Stops polling and waits for a run in progress. */
  stop(): Promise<void>;
}

export interface JobRunnerOptions {
  pollMs: number;
  /** How long a claim holds: longer than any job takes. */
  leaseMs?: number;
}

const DEFAULT_LEASE_MS = 10 * 60_000;

function scheduleOf(text: string) {
  const schedule = parseSchedule(text);
  if (!schedule) throw new Error(`not a schedule: ${text}`);
  return schedule;
}

/** What the parts of one runner share: its context, its jobs, this instance's claims and wishes. */
interface RunnerState {
  ctx: AppContext;
  definitions: readonly JobDefinition[];
  byName: Map<string, JobDefinition>;
  /** Marks this instance's claims (locked_by). */
  instance: string;
  leaseMs: number;
  /** Jobs asked to run now while they were running here: run again right after. */
  wanted: Set<string>;
}

/** Inserts the rows of jobs not in the table yet; a new job is due at once. */
async function ensureScheduled({ ctx, definitions }: RunnerState): Promise<void> {
  const now = ctx.services.now();
  if (definitions.length === 0) return;
  await ctx.db
    .insert(scheduledJobs)
    .values(
      definitions.map((job) => ({
        name: job.name,
        schedule: job.defaultSchedule,
        // A new job runs at the first poll (e.g. entries that expired before the first start).
        nextRunAt: now,
      })),
    )
    .onConflictDoNothing();
}

/** Claims one due job of this runner for the lease (skipping rows another instance holds). */
async function claimDue(state: RunnerState, now: Date): Promise<{ name: string } | undefined> {
  const j = scheduledJobs;
  const due = state.ctx.db
    .select({ name: j.name })
    .from(j)
    .where(
      and(
        eq(j.enabled, true),
        inArray(j.name, [...state.byName.keys()]),
        lte(j.nextRunAt, now),
        or(isNull(j.lockedUntil), lte(j.lockedUntil, now)),
      ),
    )
    .orderBy(j.nextRunAt)
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await state.ctx.db
    .update(j)
    .set({ lockedBy: state.instance, lockedUntil: new Date(now.getTime() + state.leaseMs) })
    .where(inArray(j.name, due))
    .returning({ name: j.name });
  return claimed;
}

/** Runs the claimed job as of `now`; a failure is its outcome, never thrown. */
async function runClaimed(state: RunnerState, name: string, now: Date): Promise<JobRunOutcome> {
  const job = state.byName.get(name);
  state.wanted.delete(name);
  try {
    if (!job) throw new Error(`no job named ${name}`);
    return { name, status: 'succeeded', message: await job.run(state.ctx, now) };
  } catch (error) {
    state.ctx.logger.error({ err: error, job: name }, 'job failed');
    return { name, status: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}

/** Records the outcome and the next run, and releases the claim. */
async function recordRun(state: RunnerState, outcome: JobRunOutcome, now: Date, durationMs: number) {
  const { ctx } = state;
  const { name } = outcome;
  const j = scheduledJobs;
  const [row] = await ctx.db.select({ schedule: j.schedule }).from(j).where(eq(j.name, name));
  // The next run counts from the clock when the job ends (a slow run does not run twice in a row).
  const finished = ctx.services.now();
  const schedule = row?.schedule ?? state.byName.get(name)?.defaultSchedule ?? 'every 60';
  await ctx.db
    .update(j)
    .set({
      lastRunAt: now,
      lastStatus: outcome.status,
      lastMessage: outcome.message.slice(0, 500),
      lastDurationMs: durationMs,
      runCount: sql`${j.runCount} + 1`,
      nextRunAt: state.wanted.has(name) ? finished : nextRunAfter(scheduleOf(schedule), finished),
      lockedBy: null,
      lockedUntil: null,
      updatedAt: finished,
    })
    .where(and(eq(j.name, name), eq(j.lockedBy, state.instance)));
  ctx.logger.info({ job: name, status: outcome.status, message: outcome.message }, 'job ran');
}

/** Runs every job due now, one after another: what each poll does. */
async function runDue(state: RunnerState): Promise<JobRunOutcome[]> {
  const outcomes: JobRunOutcome[] = [];
  // Each claimed job gets a new `now`; a job cannot be claimed twice in one poll (its next run moved).
  for (let guard = 0; guard < state.byName.size * 2; guard++) {
    const now = state.ctx.services.now();
    const claimed = await claimDue(state, now);
    if (!claimed) break;
    const started = performance.now();
    const outcome = await runClaimed(state, claimed.name, now);
    await recordRun(state, outcome, now, Math.round(performance.now() - started));
    outcomes.push(outcome);
  }
  return outcomes;
}

/** Makes the job due now; false (and a warning) when the table could not be written. */
async function makeDue({ ctx }: RunnerState, name: string): Promise<boolean> {
  try {
    await ctx.db
      .update(scheduledJobs)
      .set({ nextRunAt: ctx.services.now() })
      .where(and(eq(scheduledJobs.name, name), eq(scheduledJobs.enabled, true)));
    return true;
  } catch (error) {
    ctx.logger.warn({ err: error, job: name }, 'could not make a job due now; it runs on its schedule');
    return false;
  }
}

/** A runner of `definitions` on the context's database and clock; it polls once started. */
export function createJobRunner(
  ctx: AppContext,
  definitions: readonly JobDefinition[],
  options: JobRunnerOptions,
): JobRunner {
  const state: RunnerState = {
    ctx,
    definitions,
    byName: new Map(definitions.map((job) => [job.name, job])),
    instance: randomUUID(),
    leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
    wanted: new Set(),
  };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;
  /** Poll again when the current poll ends (runNow during a poll). */
  let pollAgain = false;

  function poll() {
    if (stopped) return;
    if (running) {
      pollAgain = true;
      return;
    }
    pollAgain = false;
    running = runDue(state)
      .catch((error: unknown) => ctx.logger.error({ err: error }, 'job poll failed'))
      .finally(() => {
        running = undefined;
        if (pollAgain) poll();
      });
  }

  return {
    definitions,
    ensureScheduled: () => ensureScheduled(state),
    runDue: () => runDue(state),
    async runNow(name) {
      if (!state.byName.has(name)) return;
      state.wanted.add(name);
      if (await makeDue(state, name)) poll();
    },
    async start() {
      await this.ensureScheduled();
      stopped = false;
      timer = setInterval(poll, options.pollMs);
      timer.unref();
      poll();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
