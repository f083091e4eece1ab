/**
 * The oversight hub (中枢清单, issue 25) through the real app on the demo city: the open list is every
 * pending review item (the review workflow's own rows), soonest deadline first, each with its step,
 * holder, project and district and a link to a built console page; its filters (district, step, holder,
 * overdue) narrow it as the same query of review_items does. The sent-back list is every rejected item
 * with its last rejection's reason and how many times it was rejected. The authority and the
 * administrator see the city; the district sub-office only its district; other roles are refused.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRecords, departments, projects, reviewItems, users } from '@server/db/schema';
import { callApi } from '@shared/api/call';
import { oversightCalls, type OversightOpenRow, type OversightReturnedRow } from '@shared/calls/oversight';
import { builtRouteFor } from '@shared/domain/console-pages';
import { auditDecision, auditStatus } from '@shared/domain/statuses';
import { createBrowser, createIdentityTestContext, signInAs, type Browser } from '../identity/test-support';

let env: Awaited<ReturnType<typeof createIdentityTestContext>>;
const browsers: Record<string, Browser> = {};

beforeAll(async () => {
  env = await createIdentityTestContext({ projects: 120 });
  for (const name of ['admin', 'authority01', 'district01', 'owner01', 'auditor01']) {
    browsers[name] = createBrowser(env.app);
    await signInAs(browsers[name], name);
  }
}, 240_000);
afterAll(() => env.ctx.dispose());

const client = (name: string) => browsers[name]!.client;

async function allOpen(name: string, filters: Record<string, string> = {}): Promise<OversightOpenRow[]> {
  const rows: OversightOpenRow[] = [];
  for (let page = 1; ; page++) {
    const answer = await callApi(client(name), oversightCalls.openTasks, { ...filters, page, rows: 100 });
    rows.push(...answer.rows);
    if (rows.length >= answer.total || answer.rows.length === 0) return rows;
  }
}

async function allReturned(name: string, filters: Record<string, string> = {}) {
  const rows: OversightReturnedRow[] = [];
  for (let page = 1; ; page++) {
    const answer = await callApi(client(name), oversightCalls.returnedTasks, { ...filters, page, rows: 100 });
    rows.push(...answer.rows);
    if (rows.length >= answer.total || answer.rows.length === 0) return rows;
  }
}

const pendingIds = async () =>
  (
    await env.ctx.db
      .select({ pkid: reviewItems.pkid })
      .from(reviewItems)
      .where(eq(reviewItems.status, auditStatus.code.pending))
  ).map((row) => row.pkid);

describe('the open tasks (governorOmphalosList)', () => {
  it('are exactly the pending review items, soonest deadline first, each opening a console page', async () => {
    const rows = await allOpen('authority01');
    const expected = await pendingIds();
    expect(expected.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.pkid).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    const due = rows.map((row) => row.dueAt ?? '9999');
    expect(due).toEqual([...due].sort());
    const now = env.clock.now.getTime();
    for (const row of rows) {
      if (row.href) expect(builtRouteFor(row.href), row.href).toBeDefined();
      expect(row.overdue).toBe(row.dueAt !== null && new Date(row.dueAt).getTime() <= now);
    }
    expect(rows.some((row) => row.projectName !== null && row.districtName !== null)).toBe(true);
    expect(rows.some((row) => row.stepName === '合同备案审核')).toBe(true);
    // The administrator sees the same city.
    expect((await allOpen('admin')).length).toBe(rows.length);
  });

  it('filter by step, district, holder and overdue as the same query of review_items does', async () => {
    const byStep = await allOpen('authority01', { subjectType: 'contract' });
    const [contracts] = await env.ctx.db
      .select({ n: count() })
      .from(reviewItems)
      .where(and(eq(reviewItems.status, 1), eq(reviewItems.subjectType, 'contract')));
    expect(byStep.length).toBe(contracts!.n);
    expect(byStep.every((row) => row.subjectType === 'contract' && row.projectId !== null)).toBe(true);

    const all = await allOpen('authority01');
    const districtCode = all.find((row) => row.districtCode)!.districtCode!;
    const inDistrict = await allOpen('authority01', { districtCode });
    expect(inDistrict.length).toBe(all.filter((row) => row.districtCode === districtCode).length);
    expect(inDistrict.length).toBeGreaterThan(0);

    const overdue = await allOpen('authority01', { overdue: '1' });
    expect(overdue.length).toBe(all.filter((row) => row.overdue).length);
    expect(overdue.every((row) => row.overdue)).toBe(true);

    // Give one task a holder: the holder filter and the holders list find it; `pool` leaves it out.
    const task = all[0]!;
    await env.ctx.db.update(reviewItems).set({ assigneeId: 6 }).where(eq(reviewItems.pkid, task.pkid));
    const holders = await callApi(client('authority01'), oversightCalls.holders, {});
    expect(holders.find((h) => h.pkid === 6)?.tasks).toBeGreaterThan(0);
    const held = await allOpen('authority01', { holder: '6' });
    expect(held.map((row) => row.pkid)).toContain(task.pkid);
    expect(held.every((row) => row.holderName === holders.find((h) => h.pkid === 6)!.username)).toBe(true);
    const pool = await allOpen('authority01', { holder: 'pool' });
    expect(pool.map((row) => row.pkid)).not.toContain(task.pkid);
    expect(pool.length + held.length).toBeLessThanOrEqual(all.length);
  });

  it("limit the district sub-office to its district's projects", async () => {
    const [department] = await env.ctx.db
      .select({ code: departments.districtCode })
      .from(departments)
      .innerJoin(users, eq(users.depid, departments.pkid))
      .where(eq(users.loginname, 'district01'));
    const all = await allOpen('authority01');
    const mine = await allOpen('district01');
    expect(mine.map((row) => row.pkid).sort()).toEqual(
      all
        .filter((row) => row.districtCode === department?.code)
        .map((row) => row.pkid)
        .sort(),
    );
    // Another district's filter gives it nothing more.
    const other = all.find((row) => row.districtCode && row.districtCode !== department?.code);
    if (other) expect(await allOpen('district01', { districtCode: other.districtCode! })).toEqual([]);
  });

  it('refuse other roles and bad filters', async () => {
    for (const name of ['owner01', 'auditor01']) {
      const response = await browsers[name]!.fetch('/smsend/omphalos/openTasks');
      expect(response.status, name).toBe(403);
      expect((await browsers[name]!.fetch('/smsend/omphalos/returnedTasks')).status, name).toBe(403);
    }
    const bad = await browsers.authority01!.fetch('/smsend/omphalos/openTasks?subjectType=nothing');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe('办理环节不正确');
    const badHolder = await browsers.authority01!.fetch('/smsend/omphalos/openTasks?holder=someone');
    expect(badHolder.status).toBe(400);
  });
});

describe('the sent-back tasks (governorOmphalosListRF)', () => {
  it('are the rejected review items, with the last reason and how often each was rejected', async () => {
    const rows = await allReturned('authority01');
    const rejected = await env.ctx.db
      .select({ pkid: reviewItems.pkid })
      .from(reviewItems)
      .where(eq(reviewItems.status, auditStatus.code.rejected));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.pkid).sort((a, b) => a - b)).toEqual(
      rejected.map((row) => row.pkid).sort((a, b) => a - b),
    );
    const [sample] = rows;
    const records = await env.ctx.db
      .select({ opinion: auditRecords.opinion, at: auditRecords.auditedAt })
      .from(auditRecords)
      .where(
        and(
          eq(auditRecords.subjectType, sample!.subjectType),
          eq(auditRecords.subjectId, sample!.subjectId),
          eq(auditRecords.decision, auditDecision.code.rejected),
        ),
      )
      .orderBy(sql`${auditRecords.auditedAt} desc`);
    expect(sample!.times).toBe(Math.max(records.length, 1));
    if (records[0]) expect(sample!.reason).toBe(records[0].opinion);
    for (const row of rows) if (row.href) expect(builtRouteFor(row.href), row.href).toBeDefined();
  });

  it('count a second rejection of the same subject', async () => {
    const returned = await allReturned('authority01');
    const row = returned.find((r) => r.projectId !== null);
    expect(row).toBeDefined();
    await env.ctx.db.insert(auditRecords).values({
      subjectType: row!.subjectType,
      subjectId: row!.subjectId,
      decision: auditDecision.code.rejected,
      opinion: '测试：合同金额与需求不符',
      auditorName: '测试',
      auditedAt: new Date(env.clock.now.getTime() + 1000),
    });
    const again = (await allReturned('authority01', { subjectType: row!.subjectType })).find(
      (r) => r.pkid === row!.pkid,
    );
    expect(again?.times).toBe(row!.times + 1);
    expect(again?.reason).toBe('测试：合同金额与需求不符');
    // Its project's district (the district filter works on it).
    const [project] = await env.ctx.db
      .select({ code: projects.districtCode })
      .from(projects)
      .where(eq(projects.pkid, again!.projectId!));
    expect(again?.districtCode).toBe(project?.code);
  });
});
