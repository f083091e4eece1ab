import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentOrganizations, constructionUnits, departments, districts, projects } from '@server/db/schema';
import { createTestContext, type TestContext } from '@server/test/test-context';
import { createHallServices } from '@server/hall-services';
import {
  countApprovedAgencies,
  countConstructionUnits,
  countNatureDepts,
  countProjects,
  getHallCounts,
} from './service';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  const { db } = ctx;
  await db.insert(districts).values({ districtCode: '3713021', districtName: '云湖区' });
  // Agencies in every audit state: only the two approved ones count.
  await db.insert(agentOrganizations).values([
    { orgName: '草稿测绘有限公司', auditStatus: 0 },
    { orgName: '待审测绘有限公司', auditStatus: 1 },
    { orgName: '云州测绘院', auditStatus: 2 },
    { orgName: '失信测绘有限公司', auditStatus: 2, isLostCredit: true },
    { orgName: '驳回测绘有限公司', auditStatus: 3 },
  ]);
  const units = await db
    .insert(constructionUnits)
    .values([
      { name: '云州城投集团', auditStatus: 2 },
      { name: '云湖置业有限公司', auditStatus: 1 },
      { name: '草稿建设单位', auditStatus: 0 },
    ])
    .returning({ id: constructionUnits.constructionId });
  const ownerId = units[0]!.id;
  await db.insert(projects).values([
    {
      projectName: '云湖新区学校',
      projectNo: 'XM-T-001',
      constructionId: ownerId,
      districtCode: '3713021',
      status: 0,
    },
    {
      projectName: '滨河路改造',
      projectNo: 'XM-T-002',
      constructionId: ownerId,
      districtCode: '3713021',
      status: 4,
    },
    {
      projectName: '老城片区更新',
      projectNo: 'XM-T-003',
      constructionId: ownerId,
      districtCode: '3713021',
      status: 9,
      terminationReason: '项目取消',
    },
    {
      projectName: '体育中心',
      projectNo: 'XM-T-004',
      constructionId: ownerId,
      districtCode: '3713021',
      status: 7,
    },
  ]);
  // Government departments are authority, district and sharing; admin, agency and owner depts are not.
  await db.insert(departments).values([
    { name: '系统管理', kind: 'admin' },
    { name: '云州市自然资源和规划局', kind: 'authority' },
    { name: '云湖区分局', kind: 'district' },
    { name: '青山区分局', kind: 'district' },
    { name: '市住房和城乡建设局', kind: 'sharing' },
    { name: '测绘中介机构', kind: 'agency' },
    { name: '建设单位', kind: 'construction' },
  ]);
});

afterAll(() => ctx.dispose());

describe('statistics service', () => {
  it('counts only approved agencies', async () => {
    expect(await countApprovedAgencies(ctx.db)).toBe(2);
  });

  it('counts every construction unit', async () => {
    expect(await countConstructionUnits(ctx.db)).toBe(3);
  });

  it('counts the projects the public may see (not the one 待发布): the hall’s one counting rule', async () => {
    expect(await countProjects(ctx.db)).toBe(3);
  });

  it('counts authority, district and sharing departments', async () => {
    expect(await countNatureDepts(ctx.db)).toBe(4);
  });

  it('returns all four hall counts, and the hall services pass them through', async () => {
    const expected = { agentOrganizationCount: 2, constructionCount: 3, projectCount: 3, natureDeptCount: 4 };
    expect(await getHallCounts(ctx.db)).toEqual(expected);
    expect(await createHallServices(ctx).statistics.getHallCounts()).toEqual(expected);
  });

  it('follows approvals: an agency approved later is counted', async () => {
    await ctx.db.insert(agentOrganizations).values({ orgName: '新批测绘有限公司', auditStatus: 2 });
    expect(await countApprovedAgencies(ctx.db)).toBe(3);
  });
});
