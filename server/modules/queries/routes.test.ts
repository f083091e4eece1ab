/**
 * The statistics queries through the HTTP app on the demo city: every district figure equals a direct
 * count of the seeded rows and the length of the list it drills down to; the results statistics equal
 * direct counts by each grouping; the project search filters; a district sub-office sees its own
 * district only (the server narrows, and another district's code is refused); unknown filter values
 * answer 400 in Chinese; the exports open as xlsx with the rows the page shows.
 */
import ExcelJS from 'exceljs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  certificates,
  contracts,
  departments,
  projectDemands,
  projectResults,
  projects,
} from '@server/db/schema';
import { signedInTestApp } from '@server/modules/identity/test-support';
import type { AchievementStatistics, DistrictCounty, ProjectQueryRow } from '@shared/calls/queries';
import { departmentIds } from '@server/seed/reference';

const env = signedInTestApp({
  accounts: ['admin', 'authority01', 'auditor01', 'district01', 'owner01'],
  projects: 120,
});
const { as } = env;

const get = (who: string, path: string, query: Record<string, string> = {}) =>
  as(who).fetch(`/smsend/${path}?${new URLSearchParams(query).toString()}`);
async function object<T>(who: string, path: string, query: Record<string, string> = {}): Promise<T> {
  const response = await get(who, path, query);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { object: T }).object;
}
async function page(who: string, query: Record<string, string>) {
  const response = await get(who, 'query/projects', { rows: '100', ...query });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { rows: ProjectQueryRow[]; total: number };
}
async function refusal(who: string, path: string, query: Record<string, string>) {
  const response = await get(who, path, query);
  return { status: response.status, message: ((await response.json()) as { message: string }).message };
}
async function workbook(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('spreadsheetml');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await response.arrayBuffer());
  const sheet = book.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

let seat: string;

beforeAll(async () => {
  const [department] = await env.ctx.db
    .select({ code: departments.districtCode })
    .from(departments)
    .where(eq(departments.pkid, departmentIds.district));
  seat = department!.code!;
});

describe('districtCounty', () => {
  it('equals direct counts of the seeded data, district by district, and sums to the city', async () => {
    const db = env.ctx.db;
    const figures = await object<DistrictCounty>('authority01', 'query/districtCounty');
    expect(figures.ownDistrictOnly).toBe(false);
    expect(figures.rows.length).toBeGreaterThan(3);
    expect(figures.total.projects).toBe(await db.$count(projects));
    expect(figures.total.demands).toBe(await db.$count(projectDemands));
    expect(figures.total.contracts).toBe(await db.$count(contracts));
    expect(figures.rows.filter((row) => row.projects > 0).length).toBeGreaterThan(3);
    expect(figures.total.contracts).toBeGreaterThan(0);
    for (const row of figures.rows) {
      expect(row.projects).toBe(await db.$count(projects, eq(projects.districtCode, row.districtCode)));
      for (const { key, count } of row.projectsByStatus)
        expect(count).toBe(
          await db.$count(
            projects,
            and(eq(projects.districtCode, row.districtCode), eq(projects.status, key)),
          ),
        );
      const [amount] = await db
        .select({ sum: sql<string>`coalesce(sum(${contracts.amount}), 0)::numeric(16, 2)::text` })
        .from(contracts)
        .innerJoin(projects, eq(projects.pkid, contracts.projectId))
        .where(and(eq(projects.districtCode, row.districtCode), sql`${contracts.status} <> 9`));
      expect(row.contractAmount).toBe(amount!.sum);
    }
  });

  it('each number is the length of the list it drills down to', async () => {
    const figures = await object<DistrictCounty>('authority01', 'query/districtCounty');
    const busiest = [...figures.rows].sort((a, b) => b.projects - a.projects)[0]!;
    expect((await page('authority01', { districtCode: busiest.districtCode })).total).toBe(busiest.projects);
    for (const { key, count } of busiest.projectsByStatus)
      expect(
        (await page('authority01', { districtCode: busiest.districtCode, status: String(key) })).total,
      ).toBe(count);
    for (const { key, count } of busiest.projectsByStage)
      expect(
        (await page('authority01', { districtCode: busiest.districtCode, stageId: String(key) })).total,
      ).toBe(count);
    const overdue = await page('authority01', { districtCode: busiest.districtCode, overdue: '1' });
    expect(overdue.total).toBe(busiest.overdue);
    expect(overdue.rows.every((row) => row.overdue)).toBe(true);
    expect(figures.total.overdue).toBeGreaterThan(0);
  });

  it('a district sub-office sees its own district only', async () => {
    const own = await object<DistrictCounty>('district01', 'query/districtCounty');
    expect(own.ownDistrictOnly).toBe(true);
    expect(own.rows.map((row) => row.districtCode)).toEqual([seat]);
    expect(own.total.projects).toBe(await env.ctx.db.$count(projects, eq(projects.districtCode, seat)));
    expect(own.total.projects).toBeGreaterThan(0);
  });

  it('refuses the other roles and a wrong period', async () => {
    expect((await get('owner01', 'query/districtCounty')).status).toBe(403);
    expect(await refusal('authority01', 'query/districtCounty', { start: '2026-13-01' })).toEqual({
      status: 400,
      message: '开始日期不正确（YYYY-MM-DD）',
    });
    expect(
      await refusal('authority01', 'query/districtCounty', { start: '2026-05-02', end: '2026-05-01' }),
    ).toEqual({ status: 400, message: '结束日期不能早于开始日期' });
  });

  it('exports the same numbers as xlsx, one row per district and the totals', async () => {
    const figures = await object<DistrictCounty>('authority01', 'query/districtCounty');
    const rows = await workbook(await get('authority01', 'query/districtCounty/exportExcel'));
    expect(rows[0]!.slice(0, 2)).toEqual(['区县', '项目数']);
    expect(rows).toHaveLength(figures.rows.length + 2);
    expect(rows.slice(1, -1).map((row) => [row[0], row[1]])).toEqual(
      figures.rows.map((row) => [row.districtName, row.projects]),
    );
    expect(rows.at(-1)!.slice(0, 2)).toEqual(['合计', figures.total.projects]);
  });
});

describe('achievementQuery', () => {
  it('counts the submitted, adopted and rejected items and the certificates by item, district and month', async () => {
    const db = env.ctx.db;
    const submitted = await db.$count(projectResults, sql`${projectResults.status} <> 0`);
    const adopted = await db.$count(projectResults, eq(projectResults.status, 2));
    const rejected = await db.$count(projectResults, eq(projectResults.status, 3));
    const valid = await db.$count(certificates, eq(certificates.state, 1));
    expect(submitted).toBeGreaterThan(0);
    for (const groupBy of ['item', 'agency', 'district', 'month']) {
      const stats = await object<AchievementStatistics>('auditor01', 'query/achievement', { groupBy });
      expect(stats.total.submitted, groupBy).toBe(submitted);
      expect(stats.total.adopted, groupBy).toBe(adopted);
      expect(stats.total.rejected, groupBy).toBe(rejected);
      if (groupBy !== 'item') expect(stats.total.certificates, groupBy).toBe(valid);
      expect(stats.rows.length, groupBy).toBeGreaterThan(0);
    }
    const byDistrict = await object<AchievementStatistics>('auditor01', 'query/achievement', {
      groupBy: 'district',
    });
    for (const row of byDistrict.rows.filter((r) => r.submitted > 0).slice(0, 3)) {
      const [direct] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(projectResults)
        .innerJoin(projects, eq(projects.pkid, projectResults.projectId))
        .where(and(eq(projects.districtCode, row.key), sql`${projectResults.status} <> 0`));
      expect(row.submitted).toBe(direct!.n);
    }
  });

  it('limits a district sub-office to its district and refuses another one', async () => {
    const own = await object<AchievementStatistics>('district01', 'query/achievement', {
      groupBy: 'district',
    });
    expect(own.rows.map((row) => row.key)).toEqual([seat]);
    const other = (await object<DistrictCounty>('authority01', 'query/districtCounty')).rows.find(
      (row) => row.districtCode !== seat,
    )!;
    expect(await refusal('district01', 'query/achievement', { districtCode: other.districtCode })).toEqual({
      status: 403,
      message: '区县分局只能查询本区县的数据',
    });
  });

  it('refuses an unknown grouping and exports xlsx', async () => {
    expect(await refusal('authority01', 'query/achievement', { groupBy: 'colour' })).toEqual({
      status: 400,
      message: '统计维度不正确，应为测绘事项、测绘机构、区县或月份',
    });
    const stats = await object<AchievementStatistics>('authority01', 'query/achievement', {
      groupBy: 'item',
    });
    const rows = await workbook(
      await get('authority01', 'query/achievement/exportExcel', { groupBy: 'item' }),
    );
    expect(rows[0]).toEqual(['测绘事项', '提交事项', '待审核', '已采纳', '已退回', '验收证书']);
    expect(rows.slice(1, -1).map((row) => row[0])).toEqual(stats.rows.map((row) => row.label));
    expect(rows.at(-1)!.slice(0, 2)).toEqual(['合计', stats.total.submitted]);
  });
});

describe('projectQuery', () => {
  it('filters by name, code, owner, agency, contract state and date, and pages', async () => {
    const all = await page('authority01', {});
    expect(all.total).toBe(await env.ctx.db.$count(projects));
    const first = all.rows[0]!;
    const byName = await page('authority01', { projectName: first.projectName });
    expect(byName.rows.map((row) => row.pkid)).toContain(first.pkid);
    expect((await page('authority01', { projectNo: first.projectNo })).rows.map((row) => row.pkid)).toEqual([
      first.pkid,
    ]);
    const byOwner = await page('authority01', { ownerName: first.ownerName });
    expect(byOwner.rows.every((row) => row.ownerName.includes(first.ownerName))).toBe(true);
    const withAgency = all.rows.find((row) => row.agencyNames.length > 0)!;
    const byAgency = await page('authority01', { agencyName: withAgency.agencyNames[0]! });
    expect(byAgency.rows.every((row) => row.agencyNames.includes(withAgency.agencyNames[0]!))).toBe(true);
    const filed = await page('authority01', { contractStatus: '3' });
    const filedDirect = await env.ctx.db
      .selectDistinct({ id: contracts.projectId })
      .from(contracts)
      .where(eq(contracts.status, 3));
    expect(filed.total).toBe(filedDirect.length);
    const day = first.createdAt.slice(0, 10);
    const sameDay = await page('authority01', { start: '2000-01-01', end: '2000-01-02' });
    expect(sameDay.total).toBe(0);
    expect((await page('authority01', { start: day })).total).toBeGreaterThan(0);
    const second = await get('authority01', 'query/projects', { rows: '10', page: '2' });
    expect(((await second.json()) as { rows: unknown[] }).rows).toHaveLength(10);
  });

  it('shows a district sub-office its own district and refuses unknown values', async () => {
    const own = await page('district01', {});
    expect(own.total).toBe(await env.ctx.db.$count(projects, eq(projects.districtCode, seat)));
    expect(own.rows.every((row) => row.districtCode === seat)).toBe(true);
    const cases: [Record<string, string>, number, string][] = [
      [{ status: '8' }, 400, '项目状态不正确'],
      [{ stageId: '99' }, 400, '审批阶段不正确'],
      [{ itemId: '999999' }, 400, '没有这个测绘事项'],
      [{ districtCode: '1234567' }, 400, '没有这个区县'],
      [{ districtCode: 'abc' }, 400, '区县代码不正确'],
      [{ contractStatus: '7' }, 400, '合同状态不正确'],
      [{ overdue: 'yes' }, 400, '逾期条件不正确'],
    ];
    for (const [query, status, message] of cases)
      expect(await refusal('authority01', 'query/projects', query), JSON.stringify(query)).toEqual({
        status,
        message,
      });
    const other = (await page('authority01', {})).rows.find((row) => row.districtCode !== seat)!;
    expect((await refusal('district01', 'query/projects', { districtCode: other.districtCode })).status).toBe(
      403,
    );
  });

  it('exports the filtered set as xlsx', async () => {
    const figures = await object<DistrictCounty>('authority01', 'query/districtCounty');
    const district = figures.rows.find((row) => row.projects > 0 && row.projects <= 100)!;
    const listed = await page('authority01', { districtCode: district.districtCode });
    const rows = await workbook(
      await get('authority01', 'query/projects/exportExcel', { districtCode: district.districtCode }),
    );
    expect(rows[0]!.slice(0, 4)).toEqual(['项目名称', '项目编号', '项目代码', '区县']);
    expect(rows).toHaveLength(listed.total + 1);
    expect(new Set(rows.slice(1).map((row) => row[1]))).toEqual(
      new Set(listed.rows.map((row) => row.projectNo)),
    );
    expect(rows.slice(1).every((row) => row[3] === district.districtName)).toBe(true);
    const ids = listed.rows.map((row) => row.pkid);
    expect(await env.ctx.db.$count(projects, inArray(projects.pkid, ids))).toBe(listed.total);
  });
});

describe('districtCounty from memory', () => {
  it('answers again from memory, and shows a contract changed in plain SQL at once', async () => {
    const before = await object<DistrictCounty>('authority01', 'query/districtCounty');
    expect(await object<DistrictCounty>('authority01', 'query/districtCounty')).toEqual(before);
    const [contract] = await env.ctx.db
      .select({ id: contracts.contractId, status: contracts.status })
      .from(contracts)
      .innerJoin(projects, eq(projects.pkid, contracts.projectId))
      .where(
        inArray(
          projects.districtCode,
          before.rows.map((row) => row.districtCode),
        ),
      )
      .limit(1);
    // A new status for one contract: the city's count of contracts in that status moves by one.
    const next = contract!.status === 1 ? 2 : 1;
    await env.ctx.db.execute(sql`update contracts set status = ${next} where contract_id = ${contract!.id}`);
    if (process.env.TEST_DB === 'postgres') await env.ctx.notificationsDelivered();
    const after = await object<DistrictCounty>('authority01', 'query/districtCounty');
    const inStatus = (f: DistrictCounty, key: number) =>
      f.total.contractsByStatus.find((entry) => entry.key === key)?.count ?? 0;
    expect(inStatus(after, next)).toBe(inStatus(before, next) + 1);
  });
});
