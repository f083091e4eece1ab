/**
 * The credit score (issue 24): the rule's arithmetic, every demo agency's stored score the one its
 * events give, a credit entry moving the score with its cause and back when it ends, and the nightly
 * check putting right a score changed behind the product's back (and changing nothing otherwise).
 */
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentOrganizations, creditScoreChanges } from '@server/db/schema';
import { signedInTestApp } from '@server/modules/identity/test-support';
import { AGENCY_ORG_ID } from '@server/seed/demo-context';
import {
  CREDIT_ENTRY_POINTS,
  creditGradeOf,
  creditGrades,
  DEFAULT_CREDIT_GRADE_RULE,
  creditScoreOf,
  ratingPoints,
  type CreditEvent,
  type CreditEventKind,
} from '@shared/domain/credit-score';
import { beijingDate } from '@shared/validation/jobs';
import { isAgencySelectable } from './flags';
import { checkCreditScores, creditEventsOf } from './score';
import { cleanAgency } from './test-support';

describe('the rule', () => {
  it('counts a rating around the middle score, bounds the score and grades it', () => {
    expect([
      ratingPoints([{ score: 5 }, { score: 5 }, { score: 5 }]),
      ratingPoints([{ score: 5 }, { score: 4 }, { score: 3 }]),
      ratingPoints([{ score: 3 }, { score: 3 }, { score: 3 }]),
      ratingPoints([{ score: 1 }, { score: 1 }, { score: 1 }]),
      // Any number of criteria: the mean counts (4.33 → +3, 3.25 → +1).
      ratingPoints([{ score: 5 }, { score: 4 }, { score: 4 }]),
      ratingPoints([{ score: 4 }, { score: 3 }, { score: 3 }, { score: 3 }]),
    ]).toEqual([4, 2, 0, -4, 3, 1]);
    const of = (kind: CreditEventKind, points: number, times = 1) =>
      Array.from({ length: times }, () => ({ kind, points }));
    expect(creditScoreOf([])).toBe(80);
    // Ratings and acceptance count within −20 and +10 each, however many there are.
    expect(creditScoreOf(of('rating', 4, 30))).toBe(90);
    expect(creditScoreOf([...of('rating', 4, 30), ...of('acceptanceAdopted', 2, 200)])).toBe(100);
    expect(creditScoreOf([...of('acceptanceRejected', -3, 10), ...of('acceptanceAdopted', 2, 3)])).toBe(60);
    // Credit entries count whole; the score stays within 0 and 100.
    expect(creditScoreOf([...of('creditEntry', 10), ...of('rating', 4, 3)])).toBe(100);
    expect(creditScoreOf([...of('creditEntry', -60), ...of('creditEntry', -30)])).toBe(0);
    expect(creditScoreOf([...of('creditEntry', -30), ...of('rating', -4, 2)])).toBe(42);
    const grade = (score: number) => creditGradeOf(score, DEFAULT_CREDIT_GRADE_RULE);
    expect([90, 89, 75, 74, 60, 59, 0].map(grade)).toEqual(['A', 'B', 'B', 'C', 'C', 'D', 'D']);
    const stricter = { floors: { A: 95, B: 80, C: 70 } };
    expect([95, 94, 80, 79, 70, 69].map((score) => creditGradeOf(score, stricter))).toEqual([
      'A',
      'B',
      'B',
      'C',
      'C',
      'D',
    ]);
  });
});

const env = signedInTestApp();
const today = () => beijingDate(env.clock.now);

async function stored(organizationId: number) {
  const [row] = await env.ctx.db
    .select({ score: agentOrganizations.creditScore, grade: agentOrganizations.creditGrade })
    .from(agentOrganizations)
    .where(eq(agentOrganizations.organizationId, organizationId));
  return row!;
}

async function latestChange(organizationId: number) {
  const [row] = await env.ctx.db
    .select()
    .from(creditScoreChanges)
    .where(eq(creditScoreChanges.organizationId, organizationId))
    .orderBy(desc(creditScoreChanges.pkid))
    .limit(1);
  return row;
}

describe('credit scores', () => {
  it('are their events’ sum for every demo agency, spread over the four grades', async () => {
    const events = await creditEventsOf(env.ctx.db, 'all', today());
    const agencies = await env.ctx.db
      .select({
        id: agentOrganizations.organizationId,
        score: agentOrganizations.creditScore,
        grade: agentOrganizations.creditGrade,
      })
      .from(agentOrganizations);
    for (const agency of agencies) {
      const expected = creditScoreOf(events.get(agency.id) ?? []);
      expect({ id: agency.id, score: agency.score, grade: agency.grade }).toEqual({
        id: agency.id,
        score: expected,
        grade: creditGradeOf(expected, DEFAULT_CREDIT_GRADE_RULE),
      });
    }
    expect(new Set(agencies.map((agency) => agency.grade))).toEqual(new Set(creditGrades));
    // Nothing new since: the nightly check finds nothing to change.
    expect(await checkCreditScores(env.ctx, env.clock.now)).toBe('0 家机构的信用分已更新');
  });

  it('move with a credit entry, with its cause, and back when it ends', async () => {
    const id = await cleanAgency(env.ctx.db);
    const before = await stored(id);
    const body = new FormData();
    body.set('organizationId', String(id));
    body.set('reason', '未按合同约定时间提交成果');
    body.set('startDate', today());
    const added = await env
      .as('authority01')
      .fetch('/smsend/agentorg/updateLoseAog', { method: 'POST', body });
    expect(added.status, await added.clone().text()).toBe(200);
    const lowered = Math.max(0, before.score + CREDIT_ENTRY_POINTS.lostCredit);
    expect(await stored(id)).toEqual({
      score: lowered,
      grade: creditGradeOf(lowered, DEFAULT_CREDIT_GRADE_RULE),
    });
    expect(await latestChange(id)).toMatchObject({
      fromScore: before.score,
      toScore: lowered,
      cause: '新增失信记录',
    });
    const events = (await creditEventsOf(env.ctx.db, { organizationId: id }, today())).get(id)!;
    expect(events.at(-1)).toMatchObject({
      kind: 'creditEntry',
      subject: '失信：未按合同约定时间提交成果',
      points: CREDIT_ENTRY_POINTS.lostCredit,
    });

    const pkid = ((await added.json()) as { data: { pkid: number } }).data.pkid;
    const ended = await env.as('authority01').fetch('/smsend/agentorg/endCredit', {
      method: 'POST',
      body: new URLSearchParams({ pkid: String(pkid), endReason: '已整改' }),
    });
    expect(ended.status, await ended.clone().text()).toBe(200);
    expect(await stored(id)).toEqual(before);
    expect(await latestChange(id)).toMatchObject({ toScore: before.score, cause: '撤销失信记录' });
  });

  it('changed behind the product’s back are put right by the nightly check', async () => {
    const right = await stored(AGENCY_ORG_ID);
    expect(await isAgencySelectable(env.ctx.db, AGENCY_ORG_ID)).toBe(true);
    await env.ctx.db
      .update(agentOrganizations)
      .set({ creditScore: 12, creditGrade: 'D' })
      .where(eq(agentOrganizations.organizationId, AGENCY_ORG_ID));
    // Graded D, the agency is out of new demands like a flagged one.
    expect(await isAgencySelectable(env.ctx.db, AGENCY_ORG_ID)).toBe(false);
    expect(await checkCreditScores(env.ctx, env.clock.now)).toBe('1 家机构的信用分已更新');
    expect(await stored(AGENCY_ORG_ID)).toEqual(right);
    expect(await isAgencySelectable(env.ctx.db, AGENCY_ORG_ID)).toBe(true);
    expect(await latestChange(AGENCY_ORG_ID)).toMatchObject({ fromScore: 12, cause: '每日核对' });
    expect(await checkCreditScores(env.ctx, env.clock.now)).toBe('0 家机构的信用分已更新');
    // A grade out of line with its score is put right too.
    await env.ctx.db
      .update(agentOrganizations)
      .set({ creditGrade: right.grade === 'D' ? 'A' : 'D' })
      .where(eq(agentOrganizations.organizationId, AGENCY_ORG_ID));
    expect(await checkCreditScores(env.ctx, env.clock.now)).toBe('1 家机构的信用分已更新');
    expect(await stored(AGENCY_ORG_ID)).toEqual(right);
  });
});

describe('the calls', () => {
  interface Answer<T> {
    success: boolean;
    message: string;
    data: T;
    rows: T[];
    total: number;
  }
  const get = async <T>(who: string, path: string) => {
    const response = await env.as(who).fetch(`/smsend/jn_credit/${path}`);
    return { status: response.status, body: (await response.json()) as Answer<T> };
  };

  it('show an agency its own score with every event and change, and refuse it another’s', async () => {
    const own = await get<{ organizationId: number; score: number; events: CreditEvent[] }>(
      'agency01',
      'score',
    );
    expect(own.status).toBe(200);
    expect(own.body.data.organizationId).toBe(AGENCY_ORG_ID);
    expect(own.body.data.score).toBe(creditScoreOf(own.body.data.events));
    const other = await get('agency01', `score?organizationId=${AGENCY_ORG_ID + 1}`);
    expect(other).toMatchObject({ status: 403, body: { message: '只能查看本机构的信用评价' } });
    const named = await get('authority01', `score?organizationId=${AGENCY_ORG_ID}`);
    expect(named.body.data).toEqual(own.body.data);
    expect(await get('authority01', 'score')).toMatchObject({ status: 400, body: { message: '请选择机构' } });
    expect(await get('authority01', 'score?organizationId=999999')).toMatchObject({ status: 404 });
    expect((await env.as('anonymous').fetch('/smsend/jn_credit/score')).status).toBe(401);
  });

  it('state the grade rule in force, the default one unless configured', async () => {
    const rule = await get('owner01', 'gradeRule');
    expect(rule).toMatchObject({ status: 200, body: { data: DEFAULT_CREDIT_GRADE_RULE } });
    expect((await env.as('anonymous').fetch('/smsend/jn_credit/gradeRule')).status).toBe(401);
  });

  it('list the agencies of a grade, lowest score first, and refuse an unknown grade', async () => {
    const list = await get<{ score: number; grade: string }>('owner01', 'scoreList?grade=D&rows=50');
    expect(list.status).toBe(200);
    expect(list.body.total).toBeGreaterThan(0);
    expect(list.body.rows.every((row) => row.grade === 'D')).toBe(true);
    const scores = list.body.rows.map((row) => row.score);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    expect(await get('owner01', 'scoreList?grade=E')).toMatchObject({
      status: 400,
      body: { message: '信用等级只能是 A、B、C、D' },
    });
  });
});
