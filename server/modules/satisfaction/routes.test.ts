/**
 * /constructionSatisfy/*: the owner of a finished project rates the agency once per demand; the rules
 * (owner only, results accepted, one rating: 409), validation that changes nothing, who sees what, and
 * the agency's record (count and averages) following the new rating.
 */
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@server/app';
import {
  agentOrganizations,
  constructionSatisfaction,
  constructionUnits,
  messages,
  projectAuthorizations,
  projectDemands,
  projectLogs,
  projects,
  users,
} from '@server/db/schema';
import {
  createBrowser,
  signInAs,
  signInDemoBrowsers,
  type Browser,
} from '@server/modules/identity/test-support';
import { createTestContext, type TestContext } from '@server/test/test-context';
import { creditEventsOf } from '@server/modules/credit';
import { creditScoreOf } from '@shared/domain/credit-score';
import { beijingDate } from '@shared/validation/jobs';

let ctx: TestContext;
let browsers: Record<string, Browser> = {};
const as = (name: string) => browsers[name] as Browser;
const save = (who: string, fields: Record<string, string>) =>
  as(who).fetch('/smsend/constructionSatisfy/save', { method: 'POST', body: new URLSearchParams(fields) });
const json = async <T>(response: Response) => (await response.json()) as T;
const creditScoreOfAgency = async (organizationId: number) =>
  (
    await ctx.db
      .select({ score: agentOrganizations.creditScore })
      .from(agentOrganizations)
      .where(eq(agentOrganizations.organizationId, organizationId))
  )[0]!.score;

beforeAll(async () => {
  ctx = await createTestContext(
    { TRUST_PROXY: 'true', CAPTCHA_TEST_CODE: 'Ab3d' },
    {},
    { demoProjects: 300 },
  );
  const app = createApp(ctx);
  browsers = await signInDemoBrowsers(app);
  // A second owner (its unit still under review): another owner's demands are not its own.
  browsers.owner02 = createBrowser(app);
  await signInAs(browsers.owner02, 'owner02');
}, 180_000);
afterAll(() => ctx.dispose());

async function ownerId(loginname: string) {
  const [user] = await ctx.db.select({ pkid: users.pkid }).from(users).where(eq(users.loginname, loginname));
  return user!.pkid;
}

/** A demand of owner01's with an accepted agency, in the given project statuses, not rated yet. */
async function demandOf(statuses: number[], rated = false, agencyWithAccount = false) {
  const owner = await ownerId('owner01');
  const ratedIds = ctx.db.select({ id: constructionSatisfaction.demandId }).from(constructionSatisfaction);
  const [row] = await ctx.db
    .select({
      demandId: projectDemands.pkid,
      projectId: projects.pkid,
      organizationId: projectAuthorizations.organizationId,
    })
    .from(projectDemands)
    .innerJoin(projects, eq(projects.pkid, projectDemands.projectId))
    .innerJoin(constructionUnits, eq(constructionUnits.constructionId, projects.constructionId))
    .innerJoin(
      projectAuthorizations,
      and(eq(projectAuthorizations.demandId, projectDemands.pkid), eq(projectAuthorizations.state, 1)),
    )
    .where(
      and(
        eq(constructionUnits.userId, owner),
        agencyWithAccount
          ? sql`exists (select 1 from agent_organizations o where o.organization_id = ${projectAuthorizations.organizationId} and o.user_id is not null)`
          : undefined,
        inArray(projects.status, statuses),
        rated ? inArray(projectDemands.pkid, ratedIds) : notInArray(projectDemands.pkid, ratedIds),
      ),
    )
    .limit(1);
  if (!row) throw new Error(`owner01 has no ${rated ? 'rated' : 'unrated'} demand in status ${statuses}`);
  return row;
}

const scores = { quality: '5', timeliness: '4', service: '3', comment: '成果规范，按期交付。' };

describe('rating an agency', () => {
  it('lets the owner rate a finished demand once: the record, the log, the message and the summary', async () => {
    const demand = await demandOf([6, 7], false, true);
    const summary = () =>
      as('anonymous')
        .fetch(`/smsend/constructionSatisfy/summary?organizationId=${demand.organizationId}`)
        .then((r) => json<{ data: { count: number; average: number | null } }>(r));
    const before = (await summary()).data;
    const response = await save('owner01', { projectDemandId: String(demand.demandId), ...scores });
    expect(response.status).toBe(200);
    const body = await json<{ message: string; data: { quality: number; organizationId: number } }>(response);
    expect(body.message).toBe('评价成功');
    expect(body.data).toMatchObject({
      quality: 5,
      timeliness: 4,
      service: 3,
      organizationId: demand.organizationId,
    });
    const after = (await summary()).data;
    expect(after.count).toBe(before.count + 1);
    expect(after.average).not.toBeNull();
    const logs = await ctx.db
      .select()
      .from(projectLogs)
      .where(
        and(
          eq(projectLogs.projectId, demand.projectId),
          sql`${projectLogs.content} like '建设单位评价测绘单位%'`,
        ),
      );
    expect(logs).toHaveLength(1);
    const told = await ctx.db
      .select()
      .from(messages)
      .where(
        sql`${messages.messageContent} like '建设单位对项目%' and ${messages.link} = ${`/intermediary/orgdetail?id=${demand.organizationId}`}`,
      );
    expect(told.length).toBeGreaterThan(0);
    // The rating is an event of the agency's credit score (5, 4 and 3: two points), recounted at once.
    const events =
      (await creditEventsOf(ctx.db, { organizationId: demand.organizationId }, beijingDate(new Date()))).get(
        demand.organizationId,
      ) ?? [];
    expect(events.filter((event) => event.kind === 'rating').length).toBeGreaterThan(0);
    expect(events.at(-1)).toMatchObject({ kind: 'rating', points: 2 });
    expect(await creditScoreOfAgency(demand.organizationId)).toBe(creditScoreOf(events));

    const again = await save('owner01', { projectDemandId: String(demand.demandId), ...scores });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('该需求已评价，每个需求只能评价一次');
    expect((await summary()).data.count).toBe(after.count);

    const byDemand = await json<{ data: { tableId: number } | null }>(
      await as('owner01').fetch(
        `/smsend/constructionSatisfy/queryConstructionSatisfyByProjectDemandId?projectDemandId=${demand.demandId}`,
      ),
    );
    expect(byDemand.data?.tableId).toBeGreaterThan(0);
  });

  it('refuses a demand whose results are not accepted yet (409), and changes nothing', async () => {
    const demand = await demandOf([2, 3, 4, 5]);
    const count = (await ctx.db.select().from(constructionSatisfaction)).length;
    const response = await save('owner01', { projectDemandId: String(demand.demandId), ...scores });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain('项目成果验收后才能评价测绘单位');
    expect((await ctx.db.select().from(constructionSatisfaction)).length).toBe(count);
  });

  it("answers 404 for another owner's demand, 403 for other roles", async () => {
    const demand = await demandOf([6, 7]);
    const other = await save('owner02', { projectDemandId: String(demand.demandId), ...scores });
    expect(other.status).toBe(404);
    expect(await other.text()).toContain('没有找到该需求');
    for (const who of ['agency01', 'authority01', 'admin']) {
      const refused = await save(who, { projectDemandId: String(demand.demandId), ...scores });
      expect(refused.status, who).toBe(who === 'admin' ? 404 : 403);
    }
    expect((await save('anonymous', { projectDemandId: String(demand.demandId), ...scores })).status).toBe(
      401,
    );
  });

  it('validates the scores with the Chinese messages and changes nothing', async () => {
    const demand = await demandOf([6, 7]);
    const count = (await ctx.db.select().from(constructionSatisfaction)).length;
    for (const [field, value, message] of [
      ['quality', '6', '请为成果质量打分（1 到 5 分）'],
      ['timeliness', '0', '请为及时性打分（1 到 5 分）'],
      ['service', 'x', '请为服务态度打分（1 到 5 分）'],
      ['comment', '好'.repeat(501), '评价内容不能超过 500 个字'],
    ] as const) {
      const response = await save('owner01', {
        projectDemandId: String(demand.demandId),
        ...scores,
        [field]: value,
      });
      expect(response.status, field).toBe(400);
      expect(await response.text()).toContain(message);
    }
    expect((await ctx.db.select().from(constructionSatisfaction)).length).toBe(count);
  });
});

describe('reading ratings', () => {
  it('shows the owner its own ratings, the agency those about it, the authority all', async () => {
    type Page = { rows: { organizationId: number; constructionName: string }[]; total: number };
    const list = (who: string) =>
      as(who).fetch('/smsend/constructionSatisfy/query', {
        method: 'POST',
        body: new URLSearchParams({ rows: '100' }),
      });
    const all = await json<Page>(await list('authority01'));
    const owner = await json<Page>(await list('owner01'));
    const agency = await json<Page>(await list('agency01'));
    expect(all.total).toBe((await ctx.db.select().from(constructionSatisfaction)).length);
    expect(owner.total).toBeGreaterThan(0);
    expect(owner.total).toBeLessThan(all.total);
    expect(new Set(owner.rows.map((r) => r.constructionName)).size).toBe(1);
    expect(agency.total).toBeGreaterThan(0);
    expect(new Set(agency.rows.map((r) => r.organizationId)).size).toBe(1);
    expect(await json<Page>(await list('share01'))).toMatchObject({ rows: [], total: 0 });
  });
});
