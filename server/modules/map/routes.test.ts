import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, desc, eq, ne } from 'drizzle-orm';
import { createApp } from '@server/app';
import { projectDemands, projects } from '@server/db/schema';
import { seedDemo } from '@server/seed';
import { notifyPageCache } from '@server/lib/page-cache';
import { createTestContext, type TestContext } from '@server/test/test-context';
import type {
  ClusterResult,
  DistrictItem,
  DistrictProjectNum,
  DistrictShape,
  Place,
  ProjectCard,
  ProjectDistribute,
  ReverseResult,
} from './types';

let ctx: TestContext;
const cityBox = '118.0,36.2,118.6,36.6';

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemo(ctx.db, {
    projects: 400,
    now: new Date('2026-06-01T00:00:00Z'),
    storeFile: (bytes) => ctx.storage.write(bytes),
  });
}, 120_000);

afterAll(() => ctx.dispose());

async function get<T>(
  path: string,
): Promise<{ status: number; body: { success: boolean; object: T; message?: string } }> {
  const response = await createApp(ctx).request(`/smsend${path}`);
  return { status: response.status, body: (await response.json()) as never };
}

async function object<T>(path: string): Promise<T> {
  const { status, body } = await get<T>(path);
  expect(status, path).toBe(200);
  return body.object;
}

/** Projects the public may see: every seeded one but the unpublished (status 0). */
async function publishedCount(): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(projects).where(ne(projects.status, 0));
  return row?.n ?? 0;
}

const sumCounts = (result: ClusterResult) =>
  result.features.reduce((sum, f) => sum + (f.properties.cluster ? f.properties.count : 1), 0);

describe('districts and distribution', () => {
  it('getAllDistrict keeps only codes of length 7 or 11', async () => {
    const list = await object<DistrictItem[]>('/sgs/getAllDistrict');
    expect(list.length).toBe(7);
    expect(list.every((d) => d.districtCode.length === 7 || d.districtCode.length === 11)).toBe(true);
    const codes = list.map((d) => d.districtCode);
    expect(codes).toContain('37990100001');
    expect(codes).not.toContain('379900');
    expect(codes).not.toContain('379900999');
    expect(codes).not.toContain('3799002001');
    expect(Object.keys(list[0] as object).sort()).toEqual(['districtCode', 'districtName']);
  });

  it('one counting rule: the home total, the districts, the distribution and the map all count published projects', async () => {
    const published = await publishedCount();
    expect(published).toBeLessThan(400);
    const distribute = await object<ProjectDistribute>('/statistics/getProjectDistribute');
    // The demo's approved offline projects (server/seed/demo-offline.ts) are counted apart.
    expect(distribute.offline).toBe(2);
    const perDistrict = await object<DistrictProjectNum[]>('/statistics/getDistrictProjectNum');
    expect(perDistrict.reduce((sum, d) => sum + d.projectNum, 0)).toBe(published);
    expect(perDistrict.every((d) => d.projectNum > 0)).toBe(true);
    const shapes = await object<DistrictShape[]>('/map/districts');
    expect(shapes.map((d) => d.projectNum)).toEqual(perDistrict.map((d) => d.projectNum));
    const home = await get<{ projectCount: number }>('/statistics/getInfo');
    expect(home.body.object.projectCount).toBe(published);

    expect(distribute.total).toBe(published);
    for (const list of [distribute.byStatus, distribute.byYear, distribute.byStage]) {
      expect(list.reduce((sum, row) => sum + row.projectNum, 0)).toBe(published);
    }
    // The map, every filter 全部: the located ones, per district as in the table; the rest are said.
    const map = await object<ClusterResult>(`/map/clusters?zoom=8&bbox=${cityBox}`);
    expect(map.total + distribute.unlocated).toBe(published);
    if (distribute.unlocated === 0)
      for (const d of perDistrict) expect(map.districtCounts[d.districtCode] ?? 0).toBe(d.projectNum);
    expect(distribute.byStatus.find((s) => s.status === 1)?.statusName).toBe('已发布');
    expect(distribute.byStage.find((s) => s.stageId === 4)?.stageName).toBe('竣工验收阶段');
    expect(distribute.byYear.every((y) => y.year >= 2024 && y.year <= 2026)).toBe(true);
  });

  it('the base layer has a boundary and center per district', async () => {
    const shapes = await object<DistrictShape[]>('/map/districts');
    expect(shapes).toHaveLength(7);
    expect(shapes.every((d) => d.boundary?.type === 'Polygon' && d.center !== null)).toBe(true);
  });
});

describe('GET /map/clusters', () => {
  it('counts add up to the total, and to the filtered totals', async () => {
    const published = await publishedCount();
    expect(published).toBeLessThan(400);
    const all = await object<ClusterResult>(`/map/clusters?zoom=8&bbox=${cityBox}`);
    expect(all.total).toBe(published);
    expect(sumCounts(all)).toBe(published);
    expect(Object.values(all.districtCounts).reduce((a, b) => a + b, 0)).toBe(published);

    const distribute = await object<ProjectDistribute>('/statistics/getProjectDistribute');
    const stage = distribute.byStage.find((s) => s.stageId === 2)!;
    const byStage = await object<ClusterResult>(`/map/clusters?zoom=8&bbox=${cityBox}&stage=2`);
    expect(byStage.total).toBeGreaterThan(0);
    expect(byStage.total).toBeLessThanOrEqual(stage.projectNum);
    expect(sumCounts(byStage)).toBe(byStage.total);

    const status = distribute.byStatus.find((s) => s.status === 7)!;
    const byStatus = await object<ClusterResult>(`/map/clusters?zoom=12&bbox=${cityBox}&status=7`);
    expect(sumCounts(byStatus)).toBe(status.projectNum);

    const year = distribute.byYear.at(-1)!;
    const combined = await object<ClusterResult>(
      `/map/clusters?zoom=10&bbox=${cityBox}&year=${year.year}&status=7&stage=`,
    );
    expect(combined.total).toBeLessThanOrEqual(Math.min(year.projectNum, status.projectNum));
    expect(sumCounts(combined)).toBe(combined.total);
  });

  it('answers only what is inside the box', async () => {
    const west = '118.0,36.2,118.3,36.6';
    const half = await object<ClusterResult>(`/map/clusters?zoom=17&bbox=${west}`);
    expect(half.features.length).toBeGreaterThan(0);
    expect(half.features.length).toBeLessThan(400);
    expect(half.features.every((f) => f.geometry.coordinates[0] <= 118.3)).toBe(true);
    const sea = await object<ClusterResult>('/map/clusters?zoom=10&bbox=120,30,121,31');
    expect(sea.features).toEqual([]);
    expect(sea.total).toBe(await publishedCount());
  });

  it('clusters less as the zoom grows, down to single projects', async () => {
    const far = await object<ClusterResult>(`/map/clusters?zoom=6&bbox=${cityBox}`);
    const near = await object<ClusterResult>(`/map/clusters?zoom=13&bbox=${cityBox}`);
    const single = await object<ClusterResult>(`/map/clusters?zoom=17&bbox=${cityBox}`);
    expect(far.features.length).toBeLessThan(near.features.length);
    expect(single.features.every((f) => !f.properties.cluster)).toBe(true);
    expect(single.features).toHaveLength(await publishedCount());
    const point = single.features[0]!;
    expect(point.properties).toMatchObject({
      cluster: false,
      pkid: expect.any(Number),
      name: expect.any(String),
    });

    const cluster = far.features.find((f) => f.properties.cluster);
    expect(cluster?.properties.cluster && cluster.properties.expansionZoom).toBeGreaterThan(6);
  });

  it('rejects a malformed box or zoom with a 400 in the envelope', async () => {
    const bad = await get('/map/clusters?zoom=8&bbox=1,2,3');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, message: '地图范围格式不正确' });
    expect((await get(`/map/clusters?zoom=x&bbox=${cityBox}`)).status).toBe(400);
    expect((await get(`/map/clusters?zoom=8&bbox=${cityBox}&status=a`)).status).toBe(400);
  });

  it('sees a new project only after invalidate()', async () => {
    const before = await object<ClusterResult>(`/map/clusters?zoom=8&bbox=${cityBox}`);
    const [unit] = await ctx.db.select({ id: projects.constructionId }).from(projects).limit(1);
    await ctx.db.insert(projects).values({
      projectName: '缓存测试项目',
      projectNo: 'TEST-MAP-1',
      status: 1,
      constructionId: unit!.id,
      districtCode: '3799002',
      lon: 118.3,
      lat: 36.4,
    });
    expect((await object<ClusterResult>(`/map/clusters?zoom=8&bbox=${cityBox}`)).total).toBe(before.total);
    ctx.services.invalidateProjectMap();
    const after = await object<ClusterResult>(`/map/clusters?zoom=8&bbox=${cityBox}`);
    expect(after.total).toBe(before.total + 1);
    expect(sumCounts(after)).toBe(before.total + 1);
  });

  it('reloads the points when a committed write announces projects (NOTIFY page_cache)', async () => {
    const before = await object<ClusterResult>(`/map/clusters?zoom=8&bbox=${cityBox}`);
    const [unit] = await ctx.db.select({ id: projects.constructionId }).from(projects).limit(1);
    await ctx.db.transaction(async (tx) => {
      await tx.insert(projects).values({
        projectName: '通知测试项目',
        projectNo: 'TEST-MAP-2',
        status: 1,
        constructionId: unit!.id,
        districtCode: '3799002',
        lon: 118.31,
        lat: 36.41,
      });
      await notifyPageCache(tx, ['notices']);
    });
    // Another kind of data changed: the map keeps its points.
    await ctx.notificationsDelivered();
    expect((await object<ClusterResult>(`/map/clusters?zoom=8&bbox=${cityBox}`)).total).toBe(before.total);
    await notifyPageCache(ctx.db, ['projects']);
    await ctx.notificationsDelivered();
    expect((await object<ClusterResult>(`/map/clusters?zoom=8&bbox=${cityBox}`)).total).toBe(
      before.total + 1,
    );
  });
});

describe('unpublished projects', () => {
  it('are never on the map, in a card or in the search', async () => {
    const [draft] = await ctx.db
      .select({ pkid: projects.pkid, name: projects.projectName })
      .from(projects)
      .where(eq(projects.status, 0))
      .limit(1);
    expect(draft).toBeDefined();
    const closest = await object<ClusterResult>(`/map/clusters?zoom=18&bbox=${cityBox}`);
    const shown = closest.features.flatMap((f) => (f.properties.cluster ? [] : [f.properties.pkid]));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown).not.toContain(draft!.pkid);
    expect((await get(`/map/project?pkid=${draft!.pkid}`)).status).toBe(404);
    const hits = await object<Place[]>(`/map/search?keyword=${encodeURIComponent(draft!.name)}`);
    expect(hits.filter((hit) => hit.kind === 'project').map((hit) => hit.name)).not.toContain(draft!.name);
  });
});

describe('project card, search and reverse geocoding (local provider)', () => {
  it('GET /map/project answers the card, and 404 for an unknown project', async () => {
    const single = await object<ClusterResult>(`/map/clusters?zoom=17&bbox=${cityBox}`);
    const point = single.features.find((f) => !f.properties.cluster)!;
    if (point.properties.cluster) throw new Error('expected a point');
    const card = await object<ProjectCard>(`/map/project?pkid=${point.properties.pkid}`);
    expect(card.projectName).toBe(point.properties.name);
    expect(card.statusName.length).toBeGreaterThan(0);
    expect(card.districtName).toMatch(/区|县|开发区/);
    // A project with a released demand links its public demand page (with the selection record).
    const [released] = await ctx.db
      .select({ pkid: projectDemands.projectId, demandId: projectDemands.pkid })
      .from(projectDemands)
      .where(ne(projectDemands.status, 0))
      .orderBy(desc(projectDemands.pkid))
      .limit(1);
    const withDemand = await object<ProjectCard>(`/map/project?pkid=${released!.pkid}`);
    expect(withDemand.demandId).toBe(released!.demandId);
    const missing = await get('/map/project?pkid=999999');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('项目不存在');
  });

  it('GET /map/project takes decimal ids in range only (issue 21)', async () => {
    for (const pkid of ['99999999999', '2147483648', '0x10', '1e1', '+16', '16.0', '0']) {
      const response = await get(`/map/project?pkid=${encodeURIComponent(pkid)}`);
      expect(response.status, pkid).toBe(400);
      expect(response.body.message).toBe('项目编号不正确');
    }
  });

  it('searches districts and projects, at most 10, inside the box', async () => {
    const districts = await object<Place[]>(`/map/search?keyword=${encodeURIComponent('临江')}`);
    expect(districts[0]).toMatchObject({ name: '临江区', kind: 'district' });
    expect(districts.length).toBeLessThanOrEqual(10);

    const [project] = await ctx.db.select({ name: projects.projectName }).from(projects).limit(1);
    const keyword = project!.name.slice(0, 4);
    const hits = await object<Place[]>(`/map/search?keyword=${encodeURIComponent(keyword)}`);
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.length).toBeLessThanOrEqual(10);
    expect(hits.some((h) => h.kind === 'project' && h.name.includes(keyword))).toBe(true);
    expect(hits.every((h) => h.lon >= 118 && h.lon <= 118.6 && h.lat >= 36.2 && h.lat <= 36.6)).toBe(true);

    const empty = await get('/map/search?keyword=');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('请输入地名或项目名称');
  });

  it('reverse geocodes by point in polygon', async () => {
    const shapes = await object<DistrictShape[]>('/map/districts');
    for (const district of shapes) {
      const [lon, lat] = district.center!;
      const result = await object<ReverseResult>(`/map/reverse?lon=${lon}&lat=${lat}`);
      expect(result.districtCode).toBe(district.districtCode);
      expect(result.address).toContain(district.districtName);
      expect(result.address).toMatch(/^云州市/);
    }
    const outside = await object<ReverseResult>('/map/reverse?lon=100&lat=30');
    expect(outside).toEqual({ address: null, districtCode: null, districtName: null });
  });

  it('the map config says local and gives no tiles without a token', async () => {
    const config = await object<{ provider: string; tiles: unknown }>('/map/config');
    expect(config).toMatchObject({ provider: 'local', tiles: null });
  });
});
