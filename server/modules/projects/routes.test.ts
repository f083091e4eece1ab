/**
 * Projects and demands through the real HTTP app (issue 13, projects slice): codes checked, district
 * from the picked point, duplicates refused naming the existing project, ownership (another owner's
 * project answers 404), status moves only of the table, one comprehensive demand per stage and funding
 * party (a second save merges into the draft or asks for an amendment the authority reviews), the
 * attachment rules and the release (project 0 → 1, logged, on the hall's demand query).
 */
import { createHash } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  demandSelections,
  districts,
  projectDemands,
  projectLogs,
  projectStageItems,
  projects,
} from '@server/db/schema';
import { ringCentroid } from '@server/lib/geometry';
import { listDemands } from '@server/modules/projects/public-demands';
import { signedInTestApp } from '@server/modules/identity/test-support';
import { projectMessages } from '@shared/validation/projects';

const env = signedInTestApp({ accounts: ['owner01', 'owner02', 'authority01'] });
let point: { lon: number; lat: number; districtCode: string };

beforeAll(async () => {
  // The identity test database has districts but no projects: the point is a district's centroid.
  const [row] = await env.ctx.db
    .select({ boundary: districts.boundary })
    .from(districts)
    .where(eq(districts.districtCode, '3799002'));
  const boundary = row?.boundary;
  const ring = boundary?.type === 'Polygon' ? boundary.coordinates[0] : boundary?.coordinates[0]?.[0];
  const [lon, lat] = ringCentroid(ring ?? []);
  point = { lon, lat, districtCode: '3799002' };
});

const { as } = env;

/* eslint-disable @typescript-eslint/no-explicit-any */
async function call(who: string, path: string, init?: RequestInit | Record<string, string>) {
  const request: RequestInit | undefined =
    init && !('method' in init) && !('body' in init)
      ? { method: 'POST', body: new URLSearchParams(init as Record<string, string>) }
      : (init as RequestInit | undefined);
  const response = await as(who).fetch(`/smsend/${path}`, request);
  return { status: response.status, body: (await response.json()) as any };
}
/* eslint-enable @typescript-eslint/no-explicit-any */

const fields = (extra: Record<string, string> = {}) => ({
  projectName: '云州市测试路改造工程',
  centralCode: '2026-379902-48-01-900001',
  localCode: 'YZXM202690001',
  lon: String(point.lon),
  lat: String(point.lat),
  address: '云州市测试路',
  fundingParty: '云州市财政局',
  totalInvestment: '1200.5',
  landArea: '5000',
  contactName: '张三',
  contactPhone: '13812345678',
  ...extra,
});

/** The project's status in the hall map's point index, or undefined when the map does not show it. */
async function mapStatusOf(pkid: number): Promise<number | undefined> {
  const points = await env.ctx.services.map.clusters.points();
  const index = points.pkid.indexOf(pkid);
  return index < 0 ? undefined : points.status[index];
}

async function projectCount() {
  const [row] = await env.ctx.db.select({ n: count() }).from(projects);
  return row?.n;
}

describe('projects', () => {
  let projectId: number;
  let projectNo: string;

  it('refuses wrong codes and a point outside the city with the message, creating nothing', async () => {
    const before = await projectCount();
    const wrong = await call('owner01', 'project/add', fields({ centralCode: '2026-37990-48-01-1' }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain(projectMessages.centralCodeInvalid);
    const local = await call('owner01', 'project/add', fields({ localCode: 'yz-1' }));
    expect(local.status).toBe(400);
    expect(local.body.message).toContain(projectMessages.localCodeInvalid);
    const outside = await call('owner01', 'project/add', fields({ lon: '10', lat: '10' }));
    expect(outside.status).toBe(400);
    expect(outside.body.message).toBe(projectMessages.locationOutside);
    expect(await projectCount()).toBe(before);
  });

  it('adds a draft project with its district from the point, and logs it', async () => {
    // The hall's project count includes drafts: its cached pages go.
    const dropped = vi.spyOn(env.ctx.pageCache, 'invalidate');
    const added = await call('owner01', 'project/add', fields());
    expect(added.status).toBe(200);
    expect(dropped).toHaveBeenCalledWith(['statistics']);
    dropped.mockRestore();
    expect(added.body.data).toMatchObject({ status: 0, districtCode: point.districtCode, canEdit: true });
    projectId = added.body.data.pkid;
    projectNo = added.body.data.projectNo;
    expect(projectNo).toMatch(/^YZ\d{4}\d{6}$/);
    const logs = await call('owner01', `project/log/findProjectLogs?proNo=${projectNo}`, { method: 'GET' });
    expect(logs.body.object.map((l: { content: string }) => l.content)).toEqual([
      '新建项目：云州市测试路改造工程',
    ]);
  });

  it('refuses a duplicate name or code naming the existing project', async () => {
    const check = await call('owner01', 'project/checkIfCanSelfUpload', {
      projectName: '另一个项目',
      centralCode: '2026-379902-48-01-900001',
    });
    expect(check.status).toBe(409);
    expect(check.body.message).toBe(projectMessages.duplicate('云州市测试路改造工程', projectNo));
    const free = await call('owner01', 'project/checkIfCanSelfUpload', { projectName: '全新的项目名称' });
    expect(free.body.data).toEqual({ canUpload: true });
    const again = await call(
      'owner01',
      'project/add',
      fields({ centralCode: '2026-379902-48-01-900002', localCode: '' }),
    );
    expect(again.status).toBe(409);
  });

  it("hides another owner's project (404) and lists only the owner's own", async () => {
    const other = await call('owner02', `project/getProject?pkid=${projectId}`, { method: 'GET' });
    expect(other.status).toBe(404);
    const change = await call('owner02', 'project/update', {
      ...fields({ projectName: '篡改' }),
      pkid: String(projectId),
    });
    expect(change.status).toBe(404);
    const remove = await call('owner02', 'project/delete', { pkid: String(projectId) });
    expect(remove.status).toBe(404);
    const list = await call('owner02', 'project/query?rows=100', { method: 'GET' });
    expect(list.body.rows.some((row: { pkid: number }) => row.pkid === projectId)).toBe(false);
    const mine = await call('owner01', 'project/query?projectName=测试路改造', { method: 'GET' });
    expect(mine.body.rows.map((row: { pkid: number }) => row.pkid)).toContain(projectId);
    const authority = await call('authority01', `project/getProject?pkid=${projectId}`, { method: 'GET' });
    expect(authority.status).toBe(200);
  });

  it('updates a draft', async () => {
    const updated = await call('owner01', 'project/update', {
      ...fields({ address: '云州市测试路一段' }),
      pkid: String(projectId),
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.address).toBe('云州市测试路一段');
  });

  it('lists the stages with their items', async () => {
    const catalog = await call('owner01', 'drawStage/findAllStageItem', { method: 'GET' });
    expect(catalog.body.object).toHaveLength(4);
    expect(catalog.body.object[0].items.map((i: { itemName: string }) => i.itemName)).toEqual([
      '拨地测量',
      '宗地测绘/地籍调查',
    ]);
  });

  describe('demands', () => {
    let demandId: number;

    it('refuses an item outside the stage', async () => {
      const wrong = await call('owner01', 'project/demand/save', {
        projectId: String(projectId),
        stageId: '1',
        itemIds: '101,201',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe(
        projectMessages.itemOutsideStage('规划放线测量', '立项用地规划许可阶段'),
      );
      const [n] = await env.ctx.db
        .select({ n: count() })
        .from(projectDemands)
        .where(eq(projectDemands.projectId, projectId));
      expect(n?.n).toBe(0);
    });

    it('creates one demand per stage and funding party, merging a second save into the draft', async () => {
      const first = await call('owner01', 'project/demand/save', {
        projectId: String(projectId),
        stageId: '1',
        itemIds: '101',
      });
      expect(first.body.data.outcome).toBe('created');
      demandId = first.body.data.demandId;
      const second = await call('owner01', 'project/demand/save', {
        projectId: String(projectId),
        stageId: '1',
        itemIds: '101,102',
      });
      expect(second.body.data).toEqual({ demandId, outcome: 'merged', amendmentId: null });
      const same = await call('owner01', 'project/demand/save', {
        projectId: String(projectId),
        stageId: '1',
        itemIds: '102',
      });
      expect(same.status).toBe(400);
      expect(same.body.message).toBe(projectMessages.itemsAlreadyIn);
      const items = await env.ctx.db
        .select()
        .from(projectStageItems)
        .where(eq(projectStageItems.demandId, demandId));
      expect(items.map((i) => i.itemId).sort()).toEqual([101, 102]);
    });

    it('lists the stage items the demands ask for, by project id or number, to those who may see it', async () => {
      const [project] = await env.ctx.db
        .select({ projectNo: projects.projectNo })
        .from(projects)
        .where(eq(projects.pkid, projectId));
      const byId = await call(
        'owner01',
        `project/getProjectDemandStageItemByProjectId?projectId=${projectId}`,
        {
          method: 'GET',
        },
      );
      expect(byId.status).toBe(200);
      expect(
        byId.body.object.map((row: { demandId: number; stageName: string; itemName: string }) => [
          row.demandId,
          row.stageName,
          row.itemName,
        ]),
      ).toEqual([
        [demandId, '立项用地规划许可阶段', '拨地测量'],
        [demandId, '立项用地规划许可阶段', '宗地测绘/地籍调查'],
      ]);
      const byNo = await call(
        'authority01',
        `project/getProjectDemandStageItemByProjectNo?projectNo=${project!.projectNo}`,
        { method: 'GET' },
      );
      expect(byNo.body.object).toEqual(byId.body.object);
      const other = await call(
        'owner02',
        `project/getProjectDemandStageItemByProjectId?projectId=${projectId}`,
        {
          method: 'GET',
        },
      );
      expect(other.status).toBe(404);
    });

    it('takes an attachment under the upload rules, refusing a disguised one', async () => {
      const bad = new FormData();
      bad.set('demandId', String(demandId));
      bad.set('file', new File([new TextEncoder().encode('not a pdf')], '图纸.pdf'));
      const refused = await call('owner01', 'project/demand/submitFile', { method: 'POST', body: bad });
      expect(refused.status).toBe(400);
      const good = new FormData();
      good.set('demandId', String(demandId));
      good.set('file', new File([new TextEncoder().encode('%PDF-1.4\n%测试\n')], '红线图.pdf'));
      const stored = await call('owner01', 'project/demand/submitFile', { method: 'POST', body: good });
      expect(stored.status).toBe(200);
      const other = new FormData();
      other.set('demandId', String(demandId));
      other.set('file', new File([new TextEncoder().encode('%PDF-1.4\n')], 'x.pdf'));
      expect(
        (await call('owner02', 'project/demand/submitFile', { method: 'POST', body: other })).status,
      ).toBe(404);
      const detail = await call('owner01', `project/demand/get?demandId=${demandId}`, { method: 'GET' });
      expect(detail.body.object.files.map((f: { fileName: string }) => f.fileName)).toEqual(['红线图.pdf']);
    });

    it('releases: project 0 → 1 with a log line, on the hall demand query and the map', async () => {
      // The map's index is loaded before: the release must drop it, or the point would stay missing.
      expect(await mapStatusOf(projectId)).toBeUndefined();
      const released = await call('owner01', 'project/demand/release', { demandId: String(demandId) });
      expect(released.status).toBe(200);
      expect(released.body.data.status).toBe(1);
      const [project] = await env.ctx.db.select().from(projects).where(eq(projects.pkid, projectId));
      expect(project?.status).toBe(1);
      const logs = await env.ctx.db
        .select()
        .from(projectLogs)
        .where(and(eq(projectLogs.projectId, projectId), eq(projectLogs.statusTo, 1)));
      expect(logs.map((l) => l.content)).toEqual([
        '发布测绘需求（立项用地规划许可阶段：拨地测量、宗地测绘/地籍调查）',
      ]);
      expect(await mapStatusOf(projectId)).toBe(1);
      const again = await call('owner01', 'project/demand/release', { demandId: String(demandId) });
      expect(again.status).toBe(409);
      // The hall's demand query reads the same tables (its pages are not cached).
      const hall = await listDemands(env.ctx.db, { keyword: '测试路改造', page: 1, rows: 10 });
      expect(hall.rows.map((row) => row.demandId)).toEqual([demandId]);
      const edit = await call('owner01', 'project/update', { ...fields(), pkid: String(projectId) });
      expect(edit.status).toBe(409);
    });

    it('opens the selection with the release when a method is named: the draw commitment is public, the salt is not', async () => {
      const created = await call('owner01', 'project/demand/save', {
        projectId: String(projectId),
        stageId: '2',
        itemIds: '201',
      });
      expect(created.body).toMatchObject({ success: true });
      const stage2 = created.body.data.demandId;
      const bad = await call('owner01', 'project/demand/release', {
        method: 'POST',
        body: new URLSearchParams({ demandId: String(stage2), method: 'lottery' }),
      });
      expect(bad.status).toBe(400);
      const released = await call('owner01', 'project/demand/release', {
        method: 'POST',
        body: new URLSearchParams({ demandId: String(stage2), method: 'draw' }),
      });
      expect(released.status).toBe(200);
      const [selection] = await env.ctx.db
        .select()
        .from(demandSelections)
        .where(eq(demandSelections.demandId, stage2));
      expect(selection).toMatchObject({ method: 'draw', state: 'open' });
      expect(createHash('sha256').update(selection!.salt).digest('hex')).toBe(selection!.commitment);
      expect(JSON.stringify(released.body)).not.toContain(selection!.salt);
      const record = await call('owner01', `project/selection/drawRecord?demandId=${stage2}`, {
        method: 'GET',
      });
      expect(JSON.stringify(record.body)).toContain(selection!.commitment);
      expect(JSON.stringify(record.body)).not.toContain(selection!.salt);
    });

    it('amends a released demand through review instead of creating a second demand', async () => {
      // Stage 1 has only two items, both in: the amendment is tested on a second stage's demand.
      const created = await call('owner01', 'project/demand/save', {
        projectId: String(projectId),
        stageId: '4',
        itemIds: '401',
      });
      const stage4 = created.body.data.demandId;
      await call('owner01', 'project/demand/release', { demandId: String(stage4) });
      const amended = await call('owner01', 'project/demand/save', {
        projectId: String(projectId),
        stageId: '4',
        itemIds: '401,402',
        reason: '增加房产实测绘',
      });
      expect(amended.status).toBe(200);
      expect(amended.body.data).toMatchObject({ demandId: stage4, outcome: 'amended' });
      const amendmentId = amended.body.data.amendmentId;
      const twice = await call('owner01', 'project/demand/save', {
        projectId: String(projectId),
        stageId: '4',
        itemIds: '403',
      });
      expect(twice.status).toBe(409);
      const [n] = await env.ctx.db
        .select({ n: count() })
        .from(projectDemands)
        .where(and(eq(projectDemands.projectId, projectId), eq(projectDemands.stageId, 4)));
      expect(n?.n).toBe(1);

      const todo = await call('authority01', 'project/demand/query?amendment=pending&rows=100', {
        method: 'GET',
      });
      expect(todo.body.rows.map((r: { demandId: number }) => r.demandId)).toContain(stage4);
      const ownerTry = await call('owner01', 'project/demand/amendment/check', {
        amendmentId: String(amendmentId),
        decision: 'approve',
      });
      expect(ownerTry.status).toBe(403);
      const view = await call('authority01', `project/demand/get?amendmentId=${amendmentId}`, {
        method: 'GET',
      });
      expect(view.body.object.amendments[0].review.allowed).toEqual(['approve', 'reject']);
      const approved = await call('authority01', 'project/demand/amendment/check', {
        amendmentId: String(amendmentId),
        decision: 'approve',
      });
      expect(approved.status).toBe(200);
      const items = await env.ctx.db
        .select()
        .from(projectStageItems)
        .where(eq(projectStageItems.demandId, stage4));
      expect(items.map((i) => i.itemId).sort()).toEqual([401, 402]);
      const detail = await call('owner01', `project/demand/get?demandId=${stage4}`, { method: 'GET' });
      expect(detail.body.object.amendments[0].auditStatus).toBe(2);
      expect(detail.body.object.logs.map((l: { content: string }) => l.content)).toContain(
        '追加测绘事项审核通过：房产实测绘',
      );
    });
  });

  it('lists release records: the owner its own, the authority everyone’s', async () => {
    const mine = await call('owner01', 'project/findProjectsRecord?pageIndex=1&pageSize=50', {
      method: 'GET',
    });
    expect(mine.body.rows.map((r: { projectId: number }) => r.projectId)).toContain(projectId);
    const other = await call('owner02', 'project/findProjectsRecord?pageIndex=1&pageSize=50', {
      method: 'GET',
    });
    expect(other.body.rows.map((r: { projectId: number }) => r.projectId)).not.toContain(projectId);
    const check = await call(
      'authority01',
      'project/findProjectsRecordCheck?pageIndex=1&pageSize=50&status=1',
      {
        method: 'GET',
      },
    );
    expect(check.body.rows.map((r: { projectId: number }) => r.projectId)).toContain(projectId);
    const drafts = await call('owner01', 'project/findProjects?status=0', { method: 'GET' });
    expect(drafts.body.rows.map((r: { pkid: number }) => r.pkid)).not.toContain(projectId);
  });

  it('moves status only along the table; termination needs a reason', async () => {
    const skip = await call('owner01', `project/updateStatus?projectId=${projectId}&status=4`, {
      method: 'GET',
    });
    expect(skip.status).toBe(409);
    const noReason = await call('owner01', `project/updateStatus?projectId=${projectId}&status=9`, {
      method: 'GET',
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('请填写终止原因');
    const other = await call('owner02', `project/updateStatus?projectId=${projectId}&status=9&reason=x`, {
      method: 'GET',
    });
    expect(other.status).toBe(404);
    const ended = await call(
      'owner01',
      `project/updateStatus?projectId=${projectId}&status=9&reason=${encodeURIComponent('项目取消')}`,
      {
        method: 'GET',
      },
    );
    expect(ended.status).toBe(200);
    expect(ended.body.data).toMatchObject({ status: 9, terminationReason: '项目取消' });
    expect(await mapStatusOf(projectId)).toBe(9);
    const [demand] = await env.ctx.db
      .select()
      .from(projectDemands)
      .where(and(eq(projectDemands.projectId, projectId), eq(projectDemands.stageId, 1)));
    expect(demand?.status).toBe(9);
  });
});

describe('the authority’s queue of demand amendments (search, 我的待办, holder, 领取)', () => {
  type QueueRow = { amendmentId: number; projectName: string; projectNo: string; holderName: string | null };
  const todo = async (query = '') =>
    (await call('authority01', `project/demand/amendment/toDoList?rows=100${query}`, { method: 'GET' })).body
      .rows as QueueRow[];

  it('finds an amendment by project name or number; 我的待办 lists only the claimed ones', async () => {
    const added = await call(
      'owner01',
      'project/add',
      fields({
        projectName: '云州市队列检索工程',
        centralCode: '2026-379902-48-01-900077',
        localCode: 'YZXM202690077',
      }),
    );
    expect(added.status).toBe(200);
    const { pkid: ownId, projectNo: ownNo } = added.body.data as { pkid: number; projectNo: string };
    const saved = await call('owner01', 'project/demand/save', {
      projectId: String(ownId),
      stageId: '4',
      itemIds: '401',
    });
    await call('owner01', 'project/demand/release', { demandId: String(saved.body.data.demandId) });
    const amended = await call('owner01', 'project/demand/save', {
      projectId: String(ownId),
      stageId: '4',
      itemIds: '401,403',
      reason: '增加测绘事项',
    });
    const amendmentId = amended.body.data.amendmentId as number;

    const byName = await todo(`&keyword=${encodeURIComponent('队列检索')}`);
    expect(byName.map((row) => row.amendmentId)).toEqual([amendmentId]);
    expect((await todo(`&keyword=${ownNo}`)).map((row) => row.amendmentId)).toEqual([amendmentId]);
    expect(await todo(`&keyword=${encodeURIComponent('没有这个项目')}`)).toEqual([]);

    expect((await todo('&mine=1')).map((row) => row.amendmentId)).not.toContain(amendmentId);
    const claimed = await call('authority01', 'review/claim', {
      subjectType: 'demand_amend',
      subjectId: String(amendmentId),
    });
    expect(claimed.status).toBe(200);
    const mine = await todo('&mine=1');
    expect(mine.map((row) => row.amendmentId)).toContain(amendmentId);
    expect(mine.every((row) => row.holderName !== null)).toBe(true);
    expect((await call('owner01', 'project/demand/amendment/toDoList', { method: 'GET' })).status).toBe(403);
  });
});
