/**
 * The second half's lists over the demo city (projectHistory/query and achieveQuery): who may call
 * them, ownership (an agency sees only its own authorized projects, an owner only its unit's, another
 * agency nothing of theirs), the filters (status, district, agency, year, name, certificate number),
 * paging, and bad input answered 400.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { agentOrganizations, constructionUnits } from '@server/db/schema';
import { AGENCY_ORG_ID, OWNER_UNIT_ID } from '@server/seed/demo-context';
import { json, signedInTestApp } from '@server/modules/identity/test-support';

const env = signedInTestApp({
  accounts: [
    'owner01',
    'agency01',
    'staff01',
    'authority01',
    'auditor01',
    'district01',
    'share01',
    'agency05',
  ],
  projects: 120,
});

interface Row {
  projectId: number;
  projectName: string;
  projectNo: string;
  status: number;
  constructionName: string;
  orgName: string;
  districtCode: string;
  createdAt: string;
  caseId: number | null;
  certificate: { certificateNo: string; state: number } | null;
}
interface AchieveRow {
  projectId: number;
  projectName: string;
  orgName: string;
  itemNames: string[];
  fileCount: number;
  adopted: number;
  certificate: { certificateNo: string } | null;
}

const get = (who: string, path: string, query: Record<string, string | number> = {}) =>
  env
    .as(who)
    .fetch(
      `/smsend/projectHistory/${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`,
    );
const page = async <T = Row>(who: string, path: string, query: Record<string, string | number> = {}) => {
  const response = await get(who, path, { rows: 100, ...query });
  expect(response.status).toBe(200);
  return (await json(response)) as { rows: T[]; total: number };
};

async function names() {
  const [org] = await env.ctx.db
    .select({ name: agentOrganizations.orgName })
    .from(agentOrganizations)
    .where(eq(agentOrganizations.organizationId, AGENCY_ORG_ID));
  const [unit] = await env.ctx.db
    .select({ name: constructionUnits.name })
    .from(constructionUnits)
    .where(eq(constructionUnits.constructionId, OWNER_UNIT_ID));
  return { orgName: org!.name, unitName: unit!.name };
}

describe('projectHistory/query', { timeout: 180_000 }, () => {
  it('gives each party its own projects in 3–7 and the supervisors all of them', async () => {
    const { orgName, unitName } = await names();
    const agency = await page('agency01', 'query');
    expect(agency.total).toBeGreaterThan(0);
    expect(agency.rows.every((row) => row.orgName === orgName)).toBe(true);
    expect(agency.rows.every((row) => row.status >= 3 && row.status <= 7)).toBe(true);
    expect(agency.rows.some((row) => row.caseId !== null)).toBe(true);
    expect(new Set(agency.rows.map((row) => row.status)).size).toBeGreaterThan(1);

    const staff = await page('staff01', 'query');
    expect(staff.total).toBeGreaterThan(0);
    expect(staff.rows.every((row) => row.orgName === orgName)).toBe(true);

    const owner = await page('owner01', 'query');
    expect(owner.total).toBeGreaterThan(0);
    expect(owner.rows.every((row) => row.constructionName === unitName)).toBe(true);
    expect(owner.rows.some((row) => row.certificate !== null)).toBe(true);

    const authority = await page('authority01', 'query');
    for (const who of ['auditor01', 'district01'])
      expect((await page(who, 'query')).total).toBe(authority.total);
    expect(authority.total).toBeGreaterThan(agency.total);
    expect(authority.rows.some((row) => row.orgName !== orgName)).toBe(true);
  });

  it('answers another agency and another owner nothing of agency01’s project', async () => {
    const [mine] = (await page('agency01', 'query', { rows: 1 })).rows;
    expect((await page('agency01', 'query', { projectId: mine!.projectId })).total).toBe(1);
    expect((await page('agency05', 'query', { projectId: mine!.projectId })).total).toBe(0);
    const foreign = (await page('authority01', 'query')).rows.find(
      (row) => row.constructionName !== mine!.constructionName,
    );
    expect((await page('owner01', 'query', { projectId: foreign!.projectId })).total).toBe(0);
  });

  it('filters by status, district, agency, year and name, and pages', async () => {
    const all = await page('authority01', 'query');
    const completed = await page('authority01', 'query', { status: 7 });
    expect(completed.total).toBeGreaterThan(0);
    expect(completed.total).toBeLessThan(all.total);
    expect(completed.rows.every((row) => row.status === 7)).toBe(true);

    const first = all.rows[0]!;
    const district = await page('authority01', 'query', { districtCode: first.districtCode });
    expect(district.rows.every((row) => row.districtCode === first.districtCode)).toBe(true);
    expect(district.rows.map((row) => row.projectId)).toContain(first.projectId);

    const byOrg = await page('authority01', 'query', { orgName: first.orgName });
    expect(byOrg.rows.map((row) => row.projectId)).toContain(first.projectId);
    expect(byOrg.total).toBeLessThan(all.total);

    const year = new Date(new Date(first.createdAt).getTime() + 8 * 3_600_000).getUTCFullYear();
    const byYear = await page('authority01', 'query', { year });
    expect(byYear.rows.map((row) => row.projectId)).toContain(first.projectId);
    expect((await page('authority01', 'query', { year: 2001 })).total).toBe(0);

    const byName = await page('authority01', 'query', { projectName: first.projectNo });
    expect(byName.rows.map((row) => row.projectId)).toEqual([first.projectId]);

    const pageOne = await page('authority01', 'query', { rows: 5, page: 1 });
    const pageTwo = await page('authority01', 'query', { rows: 5, page: 2 });
    expect(pageOne.rows).toHaveLength(5);
    expect(pageOne.total).toBe(all.total);
    expect(pageTwo.rows.map((row) => row.projectId)).toEqual(
      all.rows.slice(5, 10).map((row) => row.projectId),
    );
  });

  it('refuses bad input with 400 and callers without the role with 403', async () => {
    const bad: Record<string, string | number>[] = [
      { status: 2 },
      { status: 'x' },
      { year: 'abc' },
      { districtCode: '12' },
      { rows: 0 },
    ];
    for (const query of bad) {
      const response = await get('authority01', 'query', query);
      expect(response.status, JSON.stringify(query)).toBe(400);
    }
    expect(
      ((await json(await get('authority01', 'query', { status: 9 }))) as { message: string }).message,
    ).toBe('项目状态不正确');
    expect((await get('share01', 'query')).status).toBe(403);
    expect((await env.browsers.anonymous!.fetch('/smsend/projectHistory/query')).status).toBe(401);
  });
});

describe('projectHistory/achieveQuery', { timeout: 180_000 }, () => {
  it('lists completed projects with their results and certificate numbers, searchable', async () => {
    const all = await page<AchieveRow>('authority01', 'achieveQuery');
    expect(all.total).toBeGreaterThan(0);
    expect((await page('authority01', 'query', { status: 7 })).total).toBe(all.total);
    const certified = all.rows.find((row) => row.certificate !== null)!;
    // Demo results adopted for some completed projects (server/seed/demo-sharing.ts): their files count.
    const withResults = all.rows.find((row) => row.fileCount > 0)!;
    expect(withResults.adopted).toBeGreaterThan(0);
    expect(withResults.itemNames.length).toBeGreaterThan(0);

    const byNo = await page<AchieveRow>('authority01', 'achieveQuery', {
      certificateNo: certified.certificate!.certificateNo,
    });
    expect(byNo.rows.map((row) => row.projectId)).toEqual([certified.projectId]);
    const byName = await page<AchieveRow>('auditor01', 'achieveQuery', {
      projectName: certified.projectName,
    });
    expect(byName.rows.map((row) => row.projectId)).toContain(certified.projectId);
    expect((await page<AchieveRow>('district01', 'achieveQuery')).total).toBe(all.total);
    expect((await page('authority01', 'achieveQuery', { certificateNo: 'YZCG1999' })).total).toBe(0);
  });

  it('is the supervisors’ and refuses bad input', async () => {
    for (const who of ['owner01', 'agency01', 'share01'])
      expect((await get(who, 'achieveQuery')).status).toBe(403);
    expect((await get('authority01', 'achieveQuery', { year: '20x6' })).status).toBe(400);
    expect((await get('authority01', 'achieveQuery', { certificateNo: 'Y'.repeat(21) })).status).toBe(400);
  });
});
