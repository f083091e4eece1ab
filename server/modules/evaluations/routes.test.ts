/**
 * Evaluations through the HTTP app: the criteria and their versions, the authority's assessment (smd)
 * and the agency's rating of the owner (con) with their rules and messages, who sees what, the credit
 * score following an assessment, and the appeal through the review workflow (once, in time, by the
 * evaluated party; upheld, the evaluation counts no more), each written on the evaluated party's timeline.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  agentOrganizations,
  creditScoreChanges,
  evaluationAppeals,
  evaluationCriteria,
  evaluations,
  messages,
  projectAuthorizations,
  projectDemands,
  projects,
} from '@server/db/schema';
import { creditEventsOf } from '@server/modules/credit';
import { demoLoginNames, signedInTestApp } from '@server/modules/identity/test-support';
import { AGENCY_ORG_ID, OWNER_UNIT_ID } from '@server/seed/demo-context';
import { periodOf, recentPeriods } from '@shared/domain/evaluations';
import { beijingDate } from '@shared/domain/working-days';

const env = signedInTestApp({ projects: 300 });
const { as } = env;

interface Envelope {
  success: boolean;
  message: string;
  field?: string;
  data: Record<string, unknown> & { id: number; version: number; mayAppeal: boolean; appeal: unknown };
  rows: Record<string, unknown>[];
  total: number;
}
const json = async (response: Response) => (await response.json()) as Envelope;
const post = (who: string, path: string, body: unknown) =>
  as(who).fetch(`/smsend/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const evaluationCount = async () => (await env.ctx.db.select({ n: count() }).from(evaluations))[0]!.n;
const thisPeriod = () => periodOf(beijingDate(env.clock.now));
const scoreOf = async (organizationId: number) =>
  (
    await env.ctx.db
      .select({ score: agentOrganizations.creditScore })
      .from(agentOrganizations)
      .where(eq(agentOrganizations.organizationId, organizationId))
  )[0]!.score;

/** The opinions on a party's timeline (the agency's or the unit's 审核记录) with the given decision label. */
async function timelineOf(party: 'agency' | 'unit', id: number, label: string): Promise<string[]> {
  const response =
    party === 'agency'
      ? await as('authority01').fetch(`/smsend/agentorg/orgAuditInfo?organizationId=${id}`)
      : await post('authority01', 'construction/constructionAuditInfo', { constructionId: id });
  const records = ((await response.json()) as { object: { decisionLabel: string; opinion: string | null }[] })
    .object;
  return records.filter((record) => record.decisionLabel === label).map((record) => record.opinion ?? '');
}

/** A finished demand of owner01's unit commissioned to agency01, not yet rated by the agency. */
async function finishedDemand(): Promise<number> {
  const [row] = await env.ctx.db
    .select({ demandId: projectDemands.pkid })
    .from(projectDemands)
    .innerJoin(projects, eq(projects.pkid, projectDemands.projectId))
    .innerJoin(
      projectAuthorizations,
      and(eq(projectAuthorizations.demandId, projectDemands.pkid), eq(projectAuthorizations.state, 1)),
    )
    .where(
      and(
        eq(projects.constructionId, OWNER_UNIT_ID),
        eq(projectAuthorizations.organizationId, AGENCY_ORG_ID),
        sql`${projects.status} in (6, 7)`,
        sql`not exists (select 1 from evaluations e where e.kind = 'con' and e.demand_id = ${projectDemands.pkid})`,
      ),
    )
    .limit(1);
  if (!row) throw new Error('the demo has no finished demand of owner01 with agency01');
  return row.demandId;
}

describe('criteria', () => {
  it('start at the defaults as version 1; an administrator appends a version; old evaluations keep theirs', async () => {
    const first = await json(await as('agency01').fetch('/smsend/evaluate/criteria?kind=con'));
    expect(first.data).toMatchObject({
      kind: 'con',
      version: 1,
      labels: ['配合程度', '按时付款', '资料提供'],
    });
    expect((await post('authority01', 'evaluate/criteria/save', { kind: 'con', labels: ['x'] })).status).toBe(
      403,
    );
    for (const labels of [[], ['a', 'a'], ['一'.repeat(21)]]) {
      const refused = await post('admin', 'evaluate/criteria/save', { kind: 'con', labels });
      expect(refused.status).toBe(400);
    }
    const unchanged = await post('admin', 'evaluate/criteria/save', {
      kind: 'con',
      labels: first.data.labels,
    });
    expect((await json(unchanged)).message).toBe('评价指标没有变化');
    expect((await env.ctx.db.select({ n: count() }).from(evaluationCriteria))[0]!.n).toBe(0);
    const saved = await json(
      await post('admin', 'evaluate/criteria/save', {
        kind: 'con',
        labels: ['配合程度', '按时付款', '资料提供', '现场条件'],
      }),
    );
    expect(saved).toMatchObject({ success: true, message: '评价指标已保存为新版本' });
    expect(saved.data).toMatchObject({ version: 2, createdByName: expect.any(String) });
  });
});

describe('smd: the authority assesses an agency once a quarter', () => {
  it('refuses bad input without writing, saves, refuses a second one, and moves the credit score', async () => {
    const criteria = await json(await as('authority01').fetch('/smsend/evaluate/criteria?kind=smd'));
    const labels = criteria.data.labels as string[];
    const period = thisPeriod();
    const before = await evaluationCount();
    const scoreBefore = await scoreOf(AGENCY_ORG_ID);
    const body = { organizationId: AGENCY_ORG_ID, period, criteriaVersion: criteria.data.version };
    const bad = [
      { ...body, scores: labels.map(() => 6) },
      { ...body, scores: [5] },
      { ...body, period: '2026Q5', scores: labels.map(() => 5) },
      { ...body, period: `${Number(period.slice(0, 4)) + 1}Q1`, scores: labels.map(() => 5) },
      { ...body, comment: '长'.repeat(501), scores: labels.map(() => 5) },
    ];
    for (const input of bad) expect((await post('authority01', 'evaluate/smd/save', input)).status).toBe(400);
    const stale = await post('authority01', 'evaluate/smd/save', {
      ...body,
      criteriaVersion: 9,
      scores: labels.map(() => 5),
    });
    expect(stale.status).toBe(409);
    expect((await json(stale)).message).toBe('评价指标已更新，请刷新后重新评价');
    expect(
      (await post('agency01', 'evaluate/smd/save', { ...body, scores: labels.map(() => 5) })).status,
    ).toBe(403);
    expect(await evaluationCount()).toBe(before);

    const saved = await json(
      await post('authority01', 'evaluate/smd/save', { ...body, scores: labels.map(() => 1) }),
    );
    expect(saved.data).toMatchObject({ kind: 'smd', period, average: 1, organizationId: AGENCY_ORG_ID });
    const again = await post('authority01', 'evaluate/smd/save', { ...body, scores: labels.map(() => 5) });
    expect(again.status).toBe(409);
    expect((await json(again)).message).toBe('该测绘单位本考核期已考核，每个考核期只能考核一次');

    // (1 − 3) × 3 = −6 in the assessment group, traceable to its event.
    const events = (
      await creditEventsOf(env.ctx.db, { organizationId: AGENCY_ORG_ID }, beijingDate(env.clock.now))
    ).get(AGENCY_ORG_ID)!;
    expect(events.filter((event) => event.kind === 'assessment')).toContainEqual(
      expect.objectContaining({ points: -6 }),
    );
    expect(await scoreOf(AGENCY_ORG_ID)).toBeLessThan(scoreBefore);
    const [change] = await env.ctx.db
      .select({ cause: creditScoreChanges.cause })
      .from(creditScoreChanges)
      .where(eq(creditScoreChanges.organizationId, AGENCY_ORG_ID))
      .orderBy(sql`${creditScoreChanges.pkid} desc`)
      .limit(1);
    expect(change!.cause).toMatch(/^主管部门考核（\d{4}年第[1-4]季度）$/);
    const [told] = await env.ctx.db
      .select({ content: messages.messageContent })
      .from(messages)
      .where(sql`${messages.link} = ${`/evaluatemanger/smdEvaluteList?id=${saved.data.id}`}`);
    expect(told?.content).toContain('考核结果');
    // On the agency's timeline, with what was assessed.
    expect(await timelineOf('agency', AGENCY_ORG_ID, '评价')).toContainEqual(
      expect.stringMatching(/^主管部门考核测绘单位（\d{4}年第[1-4]季度）：平均 1 分$/),
    );

    // Every signed-in user sees the assessments; the candidates list is the authority's.
    for (const who of demoLoginNames) {
      const list = await json(await post(who, 'evaluate/list', { kind: 'smd' }));
      expect(list.rows.map((row) => row.id)).toContain(saved.data.id);
    }
    const candidates = await json(
      await as('authority01').fetch(`/smsend/evaluate/smd/candidates?period=${period}&rows=100`),
    );
    expect(candidates.rows.find((row) => row.organizationId === AGENCY_ORG_ID)).toMatchObject({
      evaluationId: saved.data.id,
    });
    expect((await as('agency01').fetch(`/smsend/evaluate/smd/candidates?period=${period}`)).status).toBe(403);
    expect(recentPeriods(beijingDate(env.clock.now))[0]).toBe(period);
  });
});

describe('con: the agency rates the owner of a finished demand', () => {
  it('only its agency, once, after acceptance; the parties and the supervisors see it', async () => {
    const demandId = await finishedDemand();
    const criteria = await json(await as('agency01').fetch('/smsend/evaluate/criteria?kind=con'));
    const scores = (criteria.data.labels as string[]).map(() => 2);
    const body = { projectDemandId: demandId, criteriaVersion: criteria.data.version, scores };
    expect((await post('owner01', 'evaluate/con/save', body)).status).toBe(403);
    const [unfinished] = await env.ctx.db
      .select({ demandId: projectDemands.pkid })
      .from(projectDemands)
      .innerJoin(projects, eq(projects.pkid, projectDemands.projectId))
      .innerJoin(projectAuthorizations, eq(projectAuthorizations.demandId, projectDemands.pkid))
      .where(
        and(
          eq(projectAuthorizations.organizationId, AGENCY_ORG_ID),
          eq(projectAuthorizations.state, 1),
          sql`${projects.status} in (3, 4, 5)`,
        ),
      )
      .limit(1);
    const early = await post('agency01', 'evaluate/con/save', {
      ...body,
      projectDemandId: unfinished!.demandId,
    });
    expect((await json(early)).message).toBe('项目成果验收后才能评价建设单位');

    const saved = await json(await post('agency01', 'evaluate/con/save', body));
    expect(saved.data).toMatchObject({ kind: 'con', constructionId: OWNER_UNIT_ID, average: 2 });
    // A rating between the parties is not on the owner's timeline (only the authority's acts are).
    expect(await timelineOf('unit', OWNER_UNIT_ID, '评价')).toEqual([]);
    expect((await json(await post('agency01', 'evaluate/con/save', body))).message).toBe(
      '该需求已评价建设单位，每个需求只能评价一次',
    );
    const evaluable = await json(await as('agency01').fetch('/smsend/evaluate/con/evaluable?rows=100'));
    expect(evaluable.rows.find((row) => row.projectDemandId === demandId)).toMatchObject({
      evaluationId: saved.data.id,
    });

    for (const who of ['owner01', 'agency01', 'authority01', 'auditor01', 'district01', 'admin']) {
      const detail = await as(who).fetch(`/smsend/evaluate/detail?kind=con&id=${saved.data.id}`);
      expect(detail.status, who).toBe(200);
    }
    for (const who of ['staff01', 'share01']) {
      expect((await as(who).fetch(`/smsend/evaluate/detail?kind=con&id=${saved.data.id}`)).status, who).toBe(
        404,
      );
      const list = await json(await post(who, 'evaluate/list', { kind: 'con' }));
      expect(list.total, who).toBe(0);
    }
  });
});

describe('appeals', () => {
  it('the owner appeals a con rating once and in time; the authority dismisses it through the review workflow', async () => {
    const [rating] = await env.ctx.db
      .select({ id: evaluations.pkid })
      .from(evaluations)
      .where(and(eq(evaluations.kind, 'con'), eq(evaluations.constructionId, OWNER_UNIT_ID)))
      // The one the test above gave (the demo's own may be appealed already).
      .orderBy(sql`${evaluations.pkid} desc`)
      .limit(1);
    const id = rating!.id;
    // Too late first: 10 working days after the rating the appeal is refused, naming the last day.
    const [{ createdAt }] = (await env.ctx.db
      .select({ createdAt: evaluations.createdAt })
      .from(evaluations)
      .where(eq(evaluations.pkid, id))) as [{ createdAt: Date }];
    const setCreated = (at: Date) =>
      env.ctx.db.update(evaluations).set({ createdAt: at }).where(eq(evaluations.pkid, id));
    await setCreated(new Date(env.clock.now.getTime() - 30 * 86_400_000));
    const late = await post('owner01', 'evaluate/appeal', { kind: 'con', id, reason: '不服' });
    expect(late.status).toBe(409);
    expect((await json(late)).message).toMatch(/^申诉期限已过（应在 \d{4}-\d{2}-\d{2} 前提出）$/);
    const none = await env.ctx.db
      .select({ n: count() })
      .from(evaluationAppeals)
      .where(and(eq(evaluationAppeals.kind, 'con'), eq(evaluationAppeals.evaluationId, id)));
    expect(none[0]!.n).toBe(0);
    await setCreated(createdAt);

    const seen = await json(await as('owner01').fetch(`/smsend/evaluate/detail?kind=con&id=${id}`));
    expect(seen.data.mayAppeal).toBe(true);
    expect((await post('agency01', 'evaluate/appeal', { kind: 'con', id, reason: '不服' })).status).toBe(403);
    expect((await post('owner01', 'evaluate/appeal', { kind: 'con', id, reason: ' ' })).status).toBe(400);
    const appealed = await json(
      await post('owner01', 'evaluate/appeal', { kind: 'con', id, reason: '资料已按时提供' }),
    );
    expect(appealed).toMatchObject({ success: true, message: '申诉已提交，请等待主管部门处理' });
    expect(appealed.data).toMatchObject({ appealState: 'pending', mayAppeal: false });
    const second = await post('owner01', 'evaluate/appeal', { kind: 'con', id, reason: '再次申诉' });
    expect((await json(second)).message).toBe('该评价已申诉过，每个评价只能申诉一次');

    // The authority's decision panel offers the decision; the owner cannot decide its own appeal.
    const forAuthority = await json(
      await as('authority01').fetch(`/smsend/evaluate/detail?kind=con&id=${id}`),
    );
    expect((forAuthority.data.review as { allowed: string[] }).allowed).toContain('reject');
    expect(
      (await post('owner01', 'evaluate/appeal/decide', { kind: 'con', id, decision: 'reject' })).status,
    ).toBe(403);
    const rejectWithout = await post('authority01', 'evaluate/appeal/decide', {
      kind: 'con',
      id,
      decision: 'reject',
    });
    expect(rejectWithout.status).toBe(400);
    const decided = await json(
      await post('authority01', 'evaluate/appeal/decide', {
        kind: 'con',
        id,
        decision: 'reject',
        opinion: '评价有据，维持',
        version: (forAuthority.data.review as { version: number }).version,
      }),
    );
    expect(decided.data).toMatchObject({ appealState: 'dismissed' });
    expect((decided.data.records as { decisionLabel: string }[]).length).toBeGreaterThanOrEqual(2);
  });

  it('an upheld appeal withdraws an assessment from the credit score', async () => {
    const [assessment] = await env.ctx.db
      .select({ id: evaluations.pkid })
      .from(evaluations)
      .where(
        and(
          eq(evaluations.kind, 'smd'),
          eq(evaluations.organizationId, AGENCY_ORG_ID),
          eq(evaluations.period, thisPeriod()),
        ),
      )
      .limit(1);
    const id = assessment!.id;
    const scoreBefore = await scoreOf(AGENCY_ORG_ID);
    expect((await post('owner01', 'evaluate/appeal', { kind: 'smd', id, reason: '不服' })).status).toBe(403);
    await post('agency01', 'evaluate/appeal', { kind: 'smd', id, reason: '抽查样本不具代表性' });
    const review = (await json(await as('authority01').fetch(`/smsend/evaluate/detail?kind=smd&id=${id}`)))
      .data.review as { version: number };
    const upheld = await json(
      await post('authority01', 'evaluate/appeal/decide', {
        kind: 'smd',
        id,
        decision: 'approve',
        version: review.version,
        opinion: '抽查样本确有偏差',
      }),
    );
    expect(upheld.data).toMatchObject({ appealState: 'upheld' });
    expect(await timelineOf('agency', AGENCY_ORG_ID, '评价撤销')).toContainEqual(
      expect.stringMatching(/^主管部门考核测绘单位（\d{4}年第[1-4]季度）经申诉撤销：抽查样本确有偏差$/),
    );
    const events = (
      await creditEventsOf(env.ctx.db, { organizationId: AGENCY_ORG_ID }, beijingDate(env.clock.now))
    ).get(AGENCY_ORG_ID)!;
    expect(events.some((event) => event.kind === 'assessment' && event.points === -6)).toBe(false);
    expect(await scoreOf(AGENCY_ORG_ID)).toBeGreaterThan(scoreBefore);
  });
});
