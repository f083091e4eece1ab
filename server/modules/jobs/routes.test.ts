/** /task/monitor/job/list and edit: administrators only, bad input is a 400 that changes nothing. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { scheduledJobs } from '@server/db/schema';
import { demoLoginNames, signedInTestApp } from '@server/modules/identity/test-support';

const env = signedInTestApp();

const { as } = env;
const edit = (who: string, fields: Record<string, string>) =>
  as(who).fetch('/task/monitor/job/edit', { method: 'POST', body: new URLSearchParams(fields) });
const row = async () =>
  (await env.ctx.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, 'credit-expiry')))[0];

describe('the job list', () => {
  it.each(['anonymous', ...demoLoginNames])('%s may list and edit only as the administrator', async (who) => {
    const expected = who === 'anonymous' ? 401 : who === 'admin' ? 200 : 403;
    expect((await as(who).fetch('/task/monitor/job/list')).status).toBe(expected);
    const response = await edit(who, { jobName: 'credit-expiry', schedule: 'daily 00:05', enabled: 'true' });
    expect(response.status).toBe(expected);
  });

  it('lists each job with its schedule, runs and status', async () => {
    const body = (await (await as('admin').fetch('/task/monitor/job/list?jobName=credit-expiry')).json()) as {
      rows: Record<string, unknown>[];
      total: number;
    };
    expect(body.total).toBe(1);
    expect(body.rows[0]).toMatchObject({ jobName: 'credit-expiry', schedule: 'daily 00:05', enabled: true });
    expect(body.rows[0]?.title).toContain('信用记录到期');
  });

  it('runs a job at once when asked, and shows the outcome', async () => {
    await edit('admin', {
      jobName: 'credit-expiry',
      schedule: 'daily 00:05',
      enabled: 'true',
      runNow: 'true',
    });
    expect((await row())?.nextRunAt.getTime()).toBe(env.clock.now.getTime());
    const outcomes = await env.ctx.services.jobs.runDue();
    expect(outcomes.find((outcome) => outcome.name === 'credit-expiry')).toMatchObject({
      status: 'succeeded',
    });
    const body = (await (await as('admin').fetch('/task/monitor/job/list')).json()) as {
      rows: Record<string, unknown>[];
    };
    expect(body.rows.find((job) => job.jobName === 'credit-expiry')).toMatchObject({
      status: 'succeeded',
      runCount: 1,
      lastRunAt: env.clock.now.toISOString(),
    });
  });

  it('saves a new plan and a disabled job does not run', async () => {
    const response = await edit('admin', {
      jobName: 'credit-expiry',
      schedule: 'every 30',
      enabled: 'false',
    });
    expect(response.status).toBe(200);
    expect(await row()).toMatchObject({ schedule: 'every 30', enabled: false });
    env.clock.advance(31 * 60_000);
    const outcomes = await env.ctx.services.jobs.runDue();
    expect(outcomes.map((outcome) => outcome.name)).not.toContain('credit-expiry');
  });

  it.each([
    [{ jobName: 'credit-expiry', schedule: '0 5 * * *', enabled: 'true' }, 400, '执行计划格式'],
    [{ jobName: 'credit-expiry', schedule: 'every 0', enabled: 'true' }, 400, '执行计划格式'],
    [{ jobName: 'credit-expiry', schedule: 'daily 00:05', enabled: 'maybe' }, 400, '请选择是或否'],
    [{ jobName: 'no-such-job', schedule: 'daily 00:05', enabled: 'true' }, 404, '没有这个定时任务'],
  ])('refuses %o and changes nothing', async (fields, status, message) => {
    const before = await row();
    const response = await edit('admin', fields);
    expect(response.status).toBe(status);
    expect(((await response.json()) as { message: string }).message).toContain(message);
    expect(await row()).toEqual(before);
  });
});
