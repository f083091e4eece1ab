/**
 * /constructionSatisfy/*: the owner of a finished project rates the agency once per demand; the rules
 * (owner only, results accepted, one rating: 409), validation that changes nothing, who sees what, the
 * agency's record (count and averages) following the new rating, and the smo criteria: versioned like
 * smd's and con's (a stale form gets 409, an old rating keeps its labels).
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
const post = (who: string, path: string, body: unknown) =>
  as(who).fetch(`/smsend/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const save = (who: string, body: Record<string, unknown>) => post(who, 'constructionSatisfy/save', body);
const ratingCount = async () => (await ctx.db.select().from(constructionSatisfaction)).length;
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

/** Version 1 of the smo criteria (成果质量, 及时性, 服务态度), scored 5, 4 and 3. */
const scores = { criteriaVersion: 1, scores: [5, 4, 3], comment: '成果规范，按期交付。' };

describe('rating an agency', () => {
  it('lets the owner rate a finished demand once: the record, the log, the message and the summary', async () => {
    const demand = await demandOf([6, 7], false, true);
    const summary = () =>
      as('anonymous')
        .fetch(`/smsend/constructionSatisfy/summary?organizationId=${demand.organizationId}`)
        .then((r) => json<{ data: { count: number; average: number | null } }>(r));
    const before = (await summary()).data;
    const response = await save('owner01', { projectDemandId: demand.demandId, ...scores });
    expect(response.status).toBe(200);
    const body = await json<{ message: string; data: Record<string, unknown> }>(response);
    expect(body.message).toBe('评价成功');
    expect(body.data).toMatchObject({
      criteriaVersion: 1,
      scores: [
        { label: '成果质量', score: 5 },
        { label: '及时性', score: 4 },
        { label: '服务态度', score: 3 },
      ],
      average: 4,
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
    expect(logs.map((log) => log.content)).toEqual([
      '建设单位评价测绘单位：成果质量 5 分、及时性 4 分、服务态度 3 分',
    ]);
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
    expect(events.at(-1)?.subject).toMatch(/：成果质量 5、及时性 4、服务态度 3 分$/);
    expect(await creditScoreOfAgency(demand.organizationId)).toBe(creditScoreOf(events));

    const again = await save('owner01', { projectDemandId: demand.demandId, ...scores });
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
    const response = await save('owner01', { projectDemandId: demand.demandId, ...scores });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain('项目成果验收后才能评价测绘单位');
    expect((await ctx.db.select().from(constructionSatisfaction)).length).toBe(count);
  });

  it("answers 404 for another owner's demand, 403 for other roles", async () => {
    const demand = await demandOf([6, 7]);
    const other = await save('owner02', { projectDemandId: demand.demandId, ...scores });
    expect(other.status).toBe(404);
    expect(await other.text()).toContain('没有找到该需求');
    for (const who of ['agency01', 'authority01', 'admin']) {
      const refused = await save(who, { projectDemandId: demand.demandId, ...scores });
      expect(refused.status, who).toBe(who === 'admin' ? 404 : 403);
    }
    expect((await save('anonymous', { projectDemandId: demand.demandId, ...scores })).status).toBe(401);
  });

  it('validates the scores with the Chinese messages and changes nothing', async () => {
    const demand = await demandOf([6, 7]);
    const count = await ratingCount();
    for (const [what, body, message] of [
      ['a score above 5', { scores: [6, 4, 3] }, '请为每项指标打分（1 到 5 分）'],
      ['a score below 1', { scores: [5, 0, 3] }, '请为每项指标打分（1 到 5 分）'],
      ['a score not a number', { scores: [5, 'x', 3] }, '请为每项指标打分（1 到 5 分）'],
      ['no scores', { scores: [] }, '请为每项指标打分（1 到 5 分）'],
      ['fewer scores than criteria', { scores: [5, 4] }, '评分项与当前评价指标不一致，请刷新后重新评价'],
      ['more scores than criteria', { scores: [5, 4, 3, 2] }, '评分项与当前评价指标不一致，请刷新后重新评价'],
      ['no criteria version', { criteriaVersion: undefined }, '评价指标已更新，请刷新后重新评价'],
      ['a long comment', { comment: '好'.repeat(501) }, '评价内容不能超过 500 个字'],
    ] as const) {
      const response = await save('owner01', { projectDemandId: demand.demandId, ...scores, ...body });
      expect(response.status, what).toBe(400);
      expect(await response.text(), what).toContain(message);
    }
    expect(await ratingCount()).toBe(count);
  });
});

describe('the smo criteria', () => {
  it('are versioned: an edit appends a version, a stale form gets 409, an old rating keeps its labels', async () => {
    const criteria = async () =>
      json<{ data: { version: number; labels: string[] } }>(
        await as('owner01').fetch('/smsend/evaluate/criteria?kind=smo'),
      );
    expect((await criteria()).data).toMatchObject({ version: 1, labels: ['成果质量', '及时性', '服务态度'] });
    // A rating given on version 1.
    const old = await demandOf([6, 7]);
    const first = await json<{ data: { tableId: number } }>(
      await save('owner01', { projectDemandId: old.demandId, ...scores }),
    );

    // Only the administrator edits them.
    const labels = ['成果质量', '及时性', '服务态度', '资料归档'];
    expect((await post('authority01', 'evaluate/criteria/save', { kind: 'smo', labels })).status).toBe(403);
    const edited = await post('admin', 'evaluate/criteria/save', { kind: 'smo', labels });
    expect(edited.status).toBe(200);
    expect((await criteria()).data).toMatchObject({ version: 2, labels });

    // The form still showing version 1: 409, and nothing saved.
    const demand = await demandOf([6, 7]);
    const count = await ratingCount();
    const stale = await save('owner01', { projectDemandId: demand.demandId, ...scores });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain('评价指标已更新，请刷新后重新评价');
    // Version 2 with the three scores of version 1: 400, and nothing saved.
    const short = await save('owner01', { projectDemandId: demand.demandId, ...scores, criteriaVersion: 2 });
    expect(short.status).toBe(400);
    expect(await ratingCount()).toBe(count);

    const saved = await save('owner01', {
      projectDemandId: demand.demandId,
      criteriaVersion: 2,
      scores: [5, 5, 4, 2],
    });
    expect(saved.status).toBe(200);
    expect((await json<{ data: unknown }>(saved)).data).toMatchObject({
      criteriaVersion: 2,
      scores: labels.map((label, i) => ({ label, score: [5, 5, 4, 2][i] })),
      average: 4,
    });

    // The old rating reads as it was given, here and as an evaluation (its detail, for an appeal).
    const again = await json<{ data: { criteriaVersion: number; scores: { label: string }[] } }>(
      await as('owner01').fetch(`/smsend/constructionSatisfy/queryOne?tableId=${first.data.tableId}`),
    );
    expect(again.data.criteriaVersion).toBe(1);
    expect(again.data.scores.map((item) => item.label)).toEqual(['成果质量', '及时性', '服务态度']);
    const detail = await json<{ data: { criteriaVersion: number; scores: { label: string }[] } }>(
      await as('owner01').fetch(`/smsend/evaluate/detail?kind=smo&id=${first.data.tableId}`),
    );
    expect(detail.data).toMatchObject({ criteriaVersion: 1, scores: again.data.scores });

    // The record shows each label's average, the new one scored once.
    const summary = await json<{ data: { criteria: { label: string; count: number }[] } }>(
      await as('anonymous').fetch(
        `/smsend/constructionSatisfy/summary?organizationId=${demand.organizationId}`,
      ),
    );
    expect(summary.data.criteria.find((item) => item.label === '资料归档')).toMatchObject({
      average: 2,
      count: 1,
    });
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
