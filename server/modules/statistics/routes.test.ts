import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@server/app';
import { agentOrganizations, constructionUnits, departments } from '@server/db/schema';
import { createTestContext, type TestContext } from '@server/test/test-context';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.insert(agentOrganizations).values([
    { orgName: '云州测绘院', auditStatus: 2 },
    { orgName: '待审测绘有限公司', auditStatus: 1 },
  ]);
  await ctx.db.insert(constructionUnits).values([{ name: '云州城投集团' }, { name: '云湖置业有限公司' }]);
  await ctx.db.insert(departments).values([
    { name: '云州市自然资源和规划局', kind: 'authority' },
    { name: '建设单位', kind: 'construction' },
  ]);
});

afterAll(() => ctx.dispose());

async function get(path: string): Promise<{ status: number; body: unknown }> {
  const response = await createApp(ctx).request(`/smsend/statistics/${path}`);
  return { status: response.status, body: await response.json() };
}

describe('GET /smsend/statistics/*', () => {
  it('getInfo answers all four counts as { success, object }', async () => {
    expect(await get('getInfo')).toEqual({
      status: 200,
      body: {
        success: true,
        object: { agentOrganizationCount: 1, constructionCount: 2, projectCount: 0, natureDeptCount: 1 },
      },
    });
  });

  it('answers each single count as its object', async () => {
    expect((await get('getAgentOrganizationAllCount')).body).toEqual({ success: true, object: 1 });
    expect((await get('getConstructionAllCount')).body).toEqual({ success: true, object: 2 });
    expect((await get('getNatureDeptAllCount')).body).toEqual({ success: true, object: 1 });
  });

  it('answers an unknown statistics call with the not-found envelope', async () => {
    const { status, body } = await get('getNothing');
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false });
  });
});
