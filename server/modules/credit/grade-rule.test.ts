/**
 * A configured grade rule (CREDIT_GRADE_FLOORS=95,85,80, CREDIT_UNSELECTABLE_GRADES=C,D,
 * CREDIT_DIRECT_CHOICE_GRADES=B) on the demo agencies graded by the default rule: the nightly check
 * regrades every agency whose grade differs under it (cause 每日核对, once), and selection follows the
 * new grades. An agency at the base score 80 (B, selectable and in draws by default) is C and out of
 * new demands; one at 90 with a red-list entry (A by default) is B: chosen directly only.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentOrganizations, creditEntries, creditScoreChanges } from '@server/db/schema';
import { createHallReads } from '@server/hall-reads';
import { createTestContext, type TestContext } from '@server/test/test-context';
import { creditGradeOf, DEFAULT_CREDIT_GRADE_RULE } from '@shared/domain/credit-score';
import { beijingDate } from '@shared/validation/jobs';
import { agencySelectableCondition, isAgencySelectable } from './flags';
import { creditGradeRule, installCreditGradeRule } from './grade-rule';
import { checkCreditScores } from './score';
import { cleanAgency } from './test-support';

const clock = { now: new Date('2026-06-01T02:00:00Z') };
const rule = {
  floors: { A: 95, B: 85, C: 80 },
  unselectable: ['C', 'D'],
  directChoiceOnly: ['B'],
} as const;
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext(
    { CREDIT_GRADE_FLOORS: '95,85,80', CREDIT_UNSELECTABLE_GRADES: 'C,D', CREDIT_DIRECT_CHOICE_GRADES: 'B' },
    { now: () => clock.now },
    { demoProjects: 0 },
  );
}, 120_000);
afterAll(() => ctx.dispose());

const agencies = () =>
  ctx.db
    .select({
      id: agentOrganizations.organizationId,
      score: agentOrganizations.creditScore,
      grade: agentOrganizations.creditGrade,
    })
    .from(agentOrganizations);

const stored = async (id: number) => (await agencies()).find((agency) => agency.id === id)!;

/** May the agency take part in a draw or a price comparison? */
const inDraws = async (id: number) =>
  (
    await ctx.db
      .select({ id: agentOrganizations.organizationId })
      .from(agentOrganizations)
      .where(and(eq(agentOrganizations.organizationId, id), agencySelectableCondition({ competitive: true })))
  ).length > 0;

const nightlyChanges = async () =>
  (
    await ctx.db
      .select({ n: count() })
      .from(creditScoreChanges)
      .where(eq(creditScoreChanges.cause, '每日核对'))
  )[0]!.n;

describe('a configured grade rule', () => {
  it('is the rule the server grades by and the hall states', () => {
    expect(creditGradeRule()).toEqual(rule);
    expect(createHallReads(ctx).creditGradeRule()).toEqual(rule);
  });

  let plain: number;
  let red: number;

  it('regrades, at the nightly check, every agency graded otherwise, once; selection follows', async () => {
    // Before the configuration changed: the default rule, one agency with a red-list entry (+10).
    installCreditGradeRule(DEFAULT_CREDIT_GRADE_RULE);
    plain = await cleanAgency(ctx.db);
    const [other] = await ctx.db
      .select({ id: agentOrganizations.organizationId })
      .from(agentOrganizations)
      .where(and(eq(agentOrganizations.auditStatus, 2), eq(agentOrganizations.creditScore, 80)))
      .orderBy(agentOrganizations.organizationId)
      .offset(5)
      .limit(1);
    red = other!.id;
    await ctx.db.insert(creditEntries).values({
      kind: 'red',
      organizationId: red,
      reason: '年度诚信示范单位',
      startDate: beijingDate(clock.now),
    });
    await checkCreditScores(ctx, clock.now);
    expect(await stored(plain)).toMatchObject({ score: 80, grade: 'B' });
    expect(await stored(red)).toMatchObject({ score: 90, grade: 'A' });
    expect([await isAgencySelectable(ctx.db, plain), await inDraws(plain)]).toEqual([true, true]);

    // The configured rule (what a restart with CREDIT_GRADE_FLOORS … does through withServices).
    installCreditGradeRule(ctx.config.creditGradeRule);
    const differing = (await agencies()).filter(
      (agency) => creditGradeOf(agency.score, rule) !== agency.grade,
    );
    const before = await nightlyChanges();
    expect(await checkCreditScores(ctx, clock.now)).toBe(`${differing.length} 家机构的信用分已更新`);
    expect(await nightlyChanges()).toBe(before + differing.length);
    for (const agency of await agencies())
      expect(agency.grade, `${agency.id}`).toBe(creditGradeOf(agency.score, rule));
    expect(await checkCreditScores(ctx, clock.now)).toBe('0 家机构的信用分已更新');

    // 80 is C now: out of new demands. 90 is B: chosen directly only.
    expect(await stored(plain)).toMatchObject({ score: 80, grade: 'C' });
    expect([await isAgencySelectable(ctx.db, plain), await inDraws(plain)]).toEqual([false, false]);
    expect(await stored(red)).toMatchObject({ score: 90, grade: 'B' });
    expect([await isAgencySelectable(ctx.db, red), await inDraws(red)]).toEqual([true, false]);
  });
});
