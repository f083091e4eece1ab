/**
 * The job runner on a real database: due jobs run once, a claimed job is not run by a second
 * instance, a lapsed lease lets another instance take over, a failure is recorded, and time moves
 * through the context's clock (never by sleeping).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scheduledJobs } from '@server/db/schema';
import { createTestContext, type TestContext } from '@server/test/test-context';
import { createJobRunner, type JobDefinition } from './runner';

let ctx: TestContext;
const clock = { now: new Date('2026-03-02T09:00:00Z') };
const advance = (ms: number) => (clock.now = new Date(clock.now.getTime() + ms));
const MINUTE = 60_000;

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => clock.now });
}, 60_000);
afterAll(() => ctx.dispose());
beforeEach(async () => {
  await ctx.db.delete(scheduledJobs).where(eq(scheduledJobs.name, 'test-job'));
});

function job(run: JobDefinition['run'] = async () => 'done'): JobDefinition {
  return { name: 'test-job', title: '测试任务', defaultSchedule: 'every 10', run };
}
const rowOf = async () =>
  (await ctx.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, 'test-job')))[0];

describe('the job runner', () => {
  it('runs a new job at once, then on its schedule of the injected clock', async () => {
    let runs = 0;
    const runner = createJobRunner(ctx, [job(async () => `run ${++runs}`)], { pollMs: 1000 });
    await runner.ensureScheduled();
    expect(await runner.runDue()).toEqual([{ name: 'test-job', status: 'succeeded', message: 'run 1' }]);
    expect(await runner.runDue()).toEqual([]);
    const row = await rowOf();
    expect(row?.nextRunAt.toISOString()).toBe(new Date(clock.now.getTime() + 10 * MINUTE).toISOString());
    expect(row).toMatchObject({ lastStatus: 'succeeded', lastMessage: 'run 1', runCount: 1, lockedBy: null });
    advance(9 * MINUTE);
    expect(await runner.runDue()).toEqual([]);
    advance(MINUTE);
    expect((await runner.runDue()).map((o) => o.message)).toEqual(['run 2']);
  });

  it('lets one instance run a job: a second one finds it claimed until the lease lapses', async () => {
    let release: () => void = () => {};
    const blocker = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    const first = createJobRunner(
      ctx,
      [
        job(async () => {
          runs++;
          await blocker;
          return 'slow';
        }),
      ],
      { pollMs: 1000, leaseMs: 5 * MINUTE },
    );
    const second = createJobRunner(ctx, [job(async () => `second ${++runs}`)], { pollMs: 1000 });
    await first.ensureScheduled();
    const running = first.runDue();
    // Wait until the first instance has claimed it (the claim is one statement; poll the row).
    await expect.poll(async () => (await rowOf())?.lockedBy, { timeout: 15_000, interval: 5 }).toBeTruthy();
    expect(await second.runDue()).toEqual([]);
    release();
    expect((await running).map((o) => o.message)).toEqual(['slow']);
    expect(runs).toBe(1);
  });

  it('runs a due job once when several instances poll at the same moment', async () => {
    let runs = 0;
    const instances = [1, 2, 3].map(() =>
      createJobRunner(ctx, [job(async () => `run ${++runs}`)], { pollMs: 1000 }),
    );
    await instances[0]!.ensureScheduled();
    // On PostgreSQL the claims race on separate connections (SKIP LOCKED); on PGlite they queue.
    const outcomes = (await Promise.all(instances.map((runner) => runner.runDue()))).flat();
    expect(outcomes).toHaveLength(1);
    expect(runs).toBe(1);
  });

  it('takes over a job whose instance died once the lease lapsed', async () => {
    const runner = createJobRunner(ctx, [job(async () => 'taken over')], {
      pollMs: 1000,
      leaseMs: 5 * MINUTE,
    });
    await runner.ensureScheduled();
    // A claim left by a dead instance.
    await ctx.db
      .update(scheduledJobs)
      .set({ lockedBy: 'dead', lockedUntil: new Date(clock.now.getTime() + 5 * MINUTE) })
      .where(eq(scheduledJobs.name, 'test-job'));
    expect(await runner.runDue()).toEqual([]);
    advance(5 * MINUTE);
    expect((await runner.runDue()).map((o) => o.message)).toEqual(['taken over']);
  });

  it('records a failure and schedules the next run', async () => {
    const runner = createJobRunner(
      ctx,
      [
        job(async () => {
          throw new Error('数据库不可用');
        }),
      ],
      { pollMs: 1000 },
    );
    await runner.ensureScheduled();
    expect(await runner.runDue()).toEqual([{ name: 'test-job', status: 'failed', message: '数据库不可用' }]);
    expect(await rowOf()).toMatchObject({ lastStatus: 'failed', runCount: 1, lockedBy: null });
    expect((await rowOf())?.nextRunAt.getTime()).toBe(clock.now.getTime() + 10 * MINUTE);
  });

  it('skips a disabled job', async () => {
    const runner = createJobRunner(ctx, [job()], { pollMs: 1000 });
    await runner.ensureScheduled();
    await ctx.db.update(scheduledJobs).set({ enabled: false }).where(eq(scheduledJobs.name, 'test-job'));
    expect(await runner.runDue()).toEqual([]);
  });

  it('polls after start and stops cleanly', async () => {
    let runs = 0;
    const runner = createJobRunner(ctx, [job(async () => `poll ${++runs}`)], { pollMs: 20 });
    await runner.start();
    await expect.poll(() => runs, { timeout: 15_000, interval: 5 }).toBe(1);
    await runner.stop();
    expect(runs).toBe(1);
    expect((await rowOf())?.lockedBy).toBeNull();
  });

  it('runs a job at once when asked (runNow), on a started runner without waiting for the poll', async () => {
    let runs = 0;
    const runner = createJobRunner(ctx, [job(async () => `now ${++runs}`)], { pollMs: 60 * MINUTE });
    await runner.start();
    try {
      // Waits, not timings: a loaded machine may take seconds; the poll interval (an hour) never comes.
      await expect.poll(() => runs, { timeout: 15_000, interval: 5 }).toBe(1); // the first run of a new job
      await runner.runNow('test-job');
      await expect.poll(() => runs, { timeout: 15_000, interval: 5 }).toBe(2);
      // The run's outcome (the next time) is written after the job's function returns.
      await expect
        .poll(async () => (await rowOf())?.nextRunAt.getTime(), { timeout: 15_000, interval: 5 })
        .toBe(clock.now.getTime() + 10 * MINUTE);
    } finally {
      await runner.stop();
    }
  });
});
