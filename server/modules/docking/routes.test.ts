/**
 * Docking through the HTTP app: the directory provider's feed is imported once per platform id (an
 * unchanged entry is skipped, a changed one updated, a bad one counted and left out, a deleted row
 * not brought back); the supervisors list, view, download, export and delete; an owner sees its own
 * unit's docked projects and turns one into a project with one call (the project add rules and its
 * duplicate check apply); getSpfXmxx answers the platform's housing record; the HTTP provider is
 * tested against a fake platform on 127.0.0.1 with its key.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { constructionUnits, districts, dockedProjects, projectLogs, projects } from '@server/db/schema';
import { OWNER_UNIT_ID } from '@server/seed/demo-context';
import { demoLoginNames, signedInTestApp } from '@server/modules/identity/test-support';
import { productJobs } from '@server/jobs';
import { pdfDocument } from '@server/seed/documents';
import { FEED_FORMAT } from './feed';
import { DOCKING_IMPORT_JOB } from './import-docked';

const env = signedInTestApp({ accounts: [...demoLoginNames, 'owner02'] });
let feedDir: string;
let unit: { name: string; creditCode: string | null };
let place: { code: string; lon: number; lat: number };
const pdf = pdfDocument('approval.pdf', '项目立项批复', ['演示批复']);

beforeAll(async () => {
  feedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docking-feed-'));
  env.ctx.config.docking = { provider: 'directory', feedDir };
  const [row] = await env.ctx.db
    .select({ name: constructionUnits.name, creditCode: constructionUnits.creditCode })
    .from(constructionUnits)
    .where(eq(constructionUnits.constructionId, OWNER_UNIT_ID));
  unit = row!;
  const [district] = await env.ctx.db
    .select({ code: districts.districtCode, lon: districts.centerLon, lat: districts.centerLat })
    .from(districts)
    .where(and(sql`length(${districts.districtCode}) = 7`, isNotNull(districts.centerLon)))
    .limit(1);
  place = district as typeof place;
});
afterAll(() => fs.rmSync(feedDir, { recursive: true, force: true }));

const { as } = env;
interface Envelope {
  success: boolean;
  message: string;
  data: Record<string, unknown>;
  rows: Record<string, unknown>[];
  total: number;
}
const json = async (response: Response) => (await response.json()) as Envelope;
const post = (who: string, p: string, fields: Record<string, string> = {}) =>
  as(who).fetch(`/task/${p}`, { method: 'POST', body: new URLSearchParams(fields) });
const get = (who: string, p: string, query: Record<string, string> = {}) =>
  as(who).fetch(`/task/${p}?${new URLSearchParams(query).toString()}`);

function entry(id: string, overrides: Record<string, unknown> = {}) {
  return {
    platformProjectId: id,
    projectName: `对接测试项目${id}`,
    centralCode: `2026-379902-47-01-${id.replace(/\D/g, '').padStart(6, '0')}`,
    localCode: `YZPT2026${id.replace(/\D/g, '').padStart(5, '0')}`,
    districtCode: place.code,
    address: '云州市对接路1号',
    lon: place.lon,
    lat: place.lat,
    fundingParty: unit.name,
    constructionName: unit.name,
    constructionCreditCode: unit.creditCode,
    approvalNo: `云发改审批〔2026〕${id}号`,
    approvedOn: '2026-02-10',
    ...overrides,
  };
}

function writeFeed(projectsList: unknown[], housing: unknown[] = []) {
  fs.mkdirSync(path.join(feedDir, 'files'), { recursive: true });
  fs.writeFileSync(path.join(feedDir, 'files', 'approval.pdf'), pdf.bytes);
  fs.writeFileSync(
    path.join(feedDir, 'feed.json'),
    JSON.stringify({ format: FEED_FORMAT, projects: projectsList, housing }),
  );
}

const housingRecord = {
  centralCode: '2026-379902-47-01-000101',
  projectName: '对接测试项目P101',
  developer: '云州置业有限公司',
  presaleLicenseNo: '云房预售证第202601号',
  totalBuildingArea: 86000,
  buildings: [{ buildingNo: '1号楼', floorsAbove: 26, floorsBelow: 2, households: 200, buildingArea: 28000 }],
};

const baseFeed = () => [
  entry('P101', {
    files: [{ type: 'approval', name: '立项批复.pdf', path: 'files/approval.pdf' }],
  }),
  entry('P102', { lon: undefined, lat: undefined }),
  entry('P103', { constructionName: '另一家建设单位有限公司', constructionCreditCode: '91370000MA3C000001' }),
  { platformProjectId: 'BAD1', constructionName: unit.name },
];

const docked = (platformProjectId: string) =>
  env.ctx.db.select().from(dockedProjects).where(eq(dockedProjects.platformProjectId, platformProjectId));

describe('importing the feed', () => {
  it('adds the valid entries once, counts the bad one, and skips what did not change', async () => {
    writeFeed(baseFeed(), [housingRecord]);
    const first = await post('admin', 'project/docking/import');
    expect(first.status).toBe(200);
    expect((await json(first)).data).toEqual({ added: 3, updated: 0, unchanged: 0, failed: 1 });
    const again = await post('authority01', 'project/docking/import');
    expect((await json(again)).data).toEqual({ added: 0, updated: 0, unchanged: 3, failed: 1 });
    // The job does the same work on its schedule.
    const job = productJobs.find((j) => j.name === DOCKING_IMPORT_JOB);
    expect(await job?.run(env.ctx, new Date())).toBe('新增 0 个，更新 0 个，未变 3 个，失败 1 个');
    const [row] = await docked('P101');
    expect(row).toMatchObject({ source: 'directory', projectName: '对接测试项目P101', projectId: null });
  });

  it('updates an entry the platform changed', async () => {
    const feed = baseFeed();
    feed[1] = { ...(feed[1] as object), address: '云州市对接路2号' } as (typeof feed)[number];
    writeFeed(feed, [housingRecord]);
    const response = await post('admin', 'project/docking/import');
    expect((await json(response)).data).toEqual({ added: 0, updated: 1, unchanged: 2, failed: 1 });
    expect((await docked('P102'))[0]?.address).toBe('云州市对接路2号');
  });

  it('is for supervisors only', async () => {
    expect((await post('owner01', 'project/docking/import')).status).toBe(403);
    expect((await post('owner01', 'project/docking/list')).status).toBe(403);
  });
});

describe('the supervisors list', () => {
  it('lists, filters, shows one with its files, downloads a file and exports', async () => {
    const list = await json(await post('authority01', 'project/docking/list', { page: '1', rows: '10' }));
    expect(list.total).toBe(3);
    const filtered = await json(await post('admin', 'project/docking/list', { projectName: 'P101' }));
    expect(filtered.rows.map((r) => r.platformProjectId)).toEqual(['P101']);
    const id = filtered.rows[0]?.pkid as number;
    expect(filtered.rows[0]).toMatchObject({ state: 0, fileTypes: ['approval'], sourceName: '数据目录' });

    const one = await json(await get('admin', `project/docking/${id}`));
    expect(one.data).toMatchObject({
      platformProjectId: 'P101',
      files: [{ type: 'approval', typeName: '立项批复文件', fileName: '立项批复.pdf' }],
    });
    const file = await get('admin', `project/docking/downloadProFile/${id}/approval`);
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdf.bytes);
    expect((await get('admin', `project/docking/downloadProFile/${id}/planning`)).status).toBe(404);
    const badType = await get('admin', `project/docking/downloadProFile/${id}/secret`);
    expect(badType.status).toBe(400);
    expect((await json(badType)).message).toBe('文件类型不正确');

    const exported = await post('admin', 'project/docking/export', { projectName: '对接测试' });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toMatch(/spreadsheetml/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await exported.arrayBuffer());
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('审批平台项目编号');
    const ids = [2, 3, 4].map((r) => sheet.getRow(r).getCell(1).value).sort();
    expect(ids).toEqual(['P101', 'P102', 'P103']);
    expect(sheet.rowCount).toBe(4);
  });

  it('deletes with its id; the feed does not bring it back', async () => {
    const [row] = await docked('P103');
    const removed = await as('admin').fetch(`/task/project/docking/${row!.pkid}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect((await as('admin').fetch(`/task/project/docking/${row!.pkid}`, { method: 'DELETE' })).status).toBe(
      404,
    );
    expect((await get('admin', `project/docking/${row!.pkid}`)).status).toBe(404);
    const imported = await json(await post('admin', 'project/docking/import'));
    expect(imported.data).toMatchObject({ added: 0, updated: 0 });
    const list = await json(await post('admin', 'project/docking/list'));
    expect(list.rows.map((r) => r.platformProjectId)).not.toContain('P103');
  });
});

describe("the owner's import", () => {
  it('lists only its own unit’s docked projects', async () => {
    const mine = await json(
      await get('owner01', 'project/create/getSynchroProjectListByUserID', { pageNum: '1', pageSize: '10' }),
    );
    expect(mine.rows.map((r) => r.platformProjectId).sort()).toEqual(['P101', 'P102']);
    const searched = await json(
      await get('owner01', 'project/create/getSynchroProjectListByUserID', { projectName: 'P102' }),
    );
    expect(searched.total).toBe(1);
    // Another owner (its own unit) sees none of them; userID is the administrator's only.
    const other = await json(
      await get('owner02', 'project/create/getSynchroProjectListByUserID', { userID: '2' }),
    );
    expect(other.total).toBe(0);
    expect((await get('agency01', 'project/create/getSynchroProjectListByUserID')).status).toBe(403);
  });

  it('turns one into a project with one call, once', async () => {
    const [row] = await docked('P101');
    const created = await post('owner01', 'project/create/createFromSynchro', { id: String(row!.pkid) });
    expect(created.status).toBe(200);
    const body = await json(created);
    expect(body.message).toBe('已从省审批平台导入项目');
    expect(body.data).toMatchObject({
      projectName: '对接测试项目P101',
      centralCode: '2026-379902-47-01-000101',
      localCode: 'YZPT202600101',
      fundingParty: unit.name,
      status: 0,
    });
    const projectId = body.data.pkid as number;
    expect((await docked('P101'))[0]).toMatchObject({ projectId, importedBy: 2 });
    const list = await json(
      await as('owner01').fetch(`/smsend/project/query?${new URLSearchParams({ projectName: 'P101' })}`),
    );
    expect(list.rows.map((r) => r.pkid)).toEqual([projectId]);
    const logs = await env.ctx.db.select().from(projectLogs).where(eq(projectLogs.projectId, projectId));
    expect(logs.map((l) => l.content)).toContain('从省审批平台导入（平台项目编号 P101）');

    const again = await post('owner01', 'project/create/createFromSynchro', { id: String(row!.pkid) });
    expect(again.status).toBe(409);
    expect((await json(again)).message).toMatch(/^该审批平台项目已导入（项目编号 YZ\d+）$/);
    const listed = await json(await get('owner01', 'project/create/getSynchroProjectListByUserID'));
    expect(listed.rows.find((r) => r.platformProjectId === 'P101')).toMatchObject({ state: 1, projectId });
  });

  it('creates one project when the same one is imported twice at once', async () => {
    writeFeed([...baseFeed(), entry('P106')], [housingRecord]);
    await post('admin', 'project/docking/import');
    const [row] = await docked('P106');
    const count = async () => (await env.ctx.db.select({ pkid: projects.pkid }).from(projects)).length;
    const before = await count();
    const answers = await Promise.all(
      [1, 2].map(() => post('owner01', 'project/create/createFromSynchro', { id: String(row!.pkid) })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await count()).toBe(before + 1);
    const [linked] = await docked('P106');
    const [project] = await env.ctx.db.select().from(projects).where(eq(projects.pkid, linked!.projectId!));
    expect(project?.projectName).toBe('对接测试项目P106');
  });

  it('refuses an incomplete one, another unit’s, and a duplicate, creating nothing', async () => {
    const count = async () => (await env.ctx.db.select({ pkid: projects.pkid }).from(projects)).length;
    const before = await count();
    const [incomplete] = await docked('P102');
    const refused = await post('owner01', 'project/create/createFromSynchro', {
      id: String(incomplete!.pkid),
    });
    expect(refused.status).toBe(400);
    expect((await json(refused)).message).toBe(
      '审批平台项目信息不完整：请在地图上选取项目位置，请在新建项目中手工填写',
    );
    const foreign = await post('owner02', 'project/create/createFromSynchro', {
      id: String(incomplete!.pkid),
    });
    expect(foreign.status).toBe(403); // owner02's unit is not verified yet
    // A docked project named like an existing project: the add service's duplicate check answers.
    writeFeed([...baseFeed(), entry('P104', { projectName: '对接测试项目P101' })], [housingRecord]);
    await post('admin', 'project/docking/import');
    const [duplicate] = await docked('P104');
    const dup = await post('owner01', 'project/create/createFromSynchro', { id: String(duplicate!.pkid) });
    expect(dup.status).toBe(409);
    expect((await json(dup)).message).toMatch(/^已存在相同名称或代码的项目：对接测试项目P101/);
    expect(await count()).toBe(before);
    expect((await docked('P104'))[0]?.projectId).toBeNull();
  });

  it('links an entry whose central code is an existing project’s at import', async () => {
    const [project] = await env.ctx.db
      .select({ pkid: projects.pkid, centralCode: projects.centralCode })
      .from(projects)
      .where(eq(projects.centralCode, '2026-379902-47-01-000101'));
    writeFeed(
      [...baseFeed(), entry('P105', { centralCode: project!.centralCode, projectName: '同码项目' })],
      [housingRecord],
    );
    await post('admin', 'project/docking/import');
    expect((await docked('P105'))[0]?.projectId).toBe(project!.pkid);
  });
});

describe('housing information (getSpfXmxx)', () => {
  it('answers the platform’s record for a central code', async () => {
    const found = await get('agency01', 'zhujian/getSpfXmxx', {
      centralCode: '2026-379902-47-01-000101',
      itemIds: '401,402',
    });
    expect(found.status).toBe(200);
    expect((await json(found)).data).toMatchObject({
      developer: '云州置业有限公司',
      buildings: [{ buildingNo: '1号楼', households: 200 }],
      itemIds: [401, 402],
    });
    const missing = await get('owner01', 'zhujian/getSpfXmxx', { centralCode: '2026-379902-47-01-999999' });
    expect(missing.status).toBe(404);
    expect((await json(missing)).message).toBe('审批平台没有该项目代码的商品房项目信息');
    const bad = await get('owner01', 'zhujian/getSpfXmxx', { centralCode: '12345' });
    expect(bad.status).toBe(400);
  });
});

describe('the HTTP provider', () => {
  it('imports from the platform’s API with its key, and reports a refused key', async () => {
    const key = 'platform-key-123';
    const requests: string[] = [];
    const server = http.createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`);
      if (req.headers['x-api-key'] !== key) {
        res.writeHead(401).end();
        return;
      }
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (url.pathname === '/api/projects') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({
            format: FEED_FORMAT,
            projects: [
              entry('H201', { files: [{ type: 'planning', name: '规划许可证.pdf', url: 'files/h201.pdf' }] }),
              // A file on another host is refused: the entry fails, the others go in.
              entry('H202', {
                files: [{ type: 'other', name: '其他.pdf', url: 'http://example.invalid/x.pdf' }],
              }),
            ],
          }),
        );
      } else if (url.pathname === '/api/files/h201.pdf') {
        res.writeHead(200, { 'Content-Type': 'application/pdf' });
        res.end(Buffer.from(pdf.bytes));
      } else if (url.pathname === '/api/housing') {
        if (url.searchParams.get('centralCode') !== '2026-379902-47-01-000201') res.writeHead(404).end();
        else
          res
            .writeHead(200, { 'Content-Type': 'application/json' })
            .end(JSON.stringify({ ...housingRecord, centralCode: '2026-379902-47-01-000201' }));
      } else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const saved = env.ctx.config.docking;
    try {
      env.ctx.config.docking = { provider: 'http', url: `http://127.0.0.1:${port}/api`, key, feedDir };
      const imported = await json(await post('admin', 'project/docking/import'));
      expect(imported.data).toEqual({ added: 1, updated: 0, unchanged: 0, failed: 1 });
      expect(requests).toContain('GET /api/projects');
      expect(requests).toContain('GET /api/files/h201.pdf');
      const [row] = await docked('H201');
      expect(row?.source).toBe('http');
      const file = await get('admin', `project/docking/downloadProFile/${row!.pkid}/planning`);
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdf.bytes);
      const housing = await get('owner01', 'zhujian/getSpfXmxx', { centralCode: '2026-379902-47-01-000201' });
      expect(housing.status).toBe(200);

      env.ctx.config.docking = {
        provider: 'http',
        url: `http://127.0.0.1:${port}/api`,
        key: 'wrong-key-000',
        feedDir,
      };
      const refused = await post('admin', 'project/docking/import');
      expect(refused.status).toBe(503);
      expect((await json(refused)).message).toBe('暂时无法连接省审批平台，请稍后再试');
    } finally {
      env.ctx.config.docking = saved;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
