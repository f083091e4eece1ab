/**
 * The workflow base's calls (/smsworkflow; shared/calls/workflow.ts) and the auditor's evidence on an
 * item (acceptApproveMedia/save, acceptMedia/deleteMedia): roles, ownership (another agency 404,
 * another district 403), bad input with its messages, and what each answers.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { projects, surveyCases } from '@server/db/schema';
import { AGENCY_ORG_ID } from '@server/seed/demo-context';
import { json, signedInTestApp } from '@server/modules/identity/test-support';
import { resultsTestKit } from './test-support';

const env = signedInTestApp({
  accounts: ['agency01', 'agency05', 'owner01', 'auditor01', 'authority01', 'district01', 'share01', 'admin'],
});
const kit = resultsTestKit(env);
const { get, post } = kit;

let own: string;
let other: string;
let project: Awaited<ReturnType<typeof kit.submittedProject>>;
let foreign: Awaited<ReturnType<typeof kit.submittedProject>>;

beforeAll(async () => {
  [own, other] = await kit.twoDistricts();
  await kit.placeOffice(own);
  project = await kit.submittedProject(own, '流程项目');
  foreign = await kit.submittedProject(other, '外辖区流程项目');
}, 120_000);

const wf = (path: string) => `/smsworkflow/${path}`;

describe('statistics/getAchievementAuditCount', { timeout: 120_000 }, () => {
  it('counts the acceptance’s projects and items by state for the authority and auditors only', async () => {
    const response = await get('auditor01', wf('statistics/getAchievementAuditCount'));
    expect(response.status).toBe(200);
    const counts = (await json(response)).object;
    expect(counts.pending).toBeGreaterThanOrEqual(2);
    expect(counts.total).toBeGreaterThanOrEqual(counts.pending + counts.approved + counts.rejected);
    expect(counts.items.submitted).toBeGreaterThanOrEqual(project.items.length + foreign.items.length);
    // One adoption moves one item from submitted to adopted.
    await post('auditor01', 'actAccept/adopt', { resultId: project.items[0]!.resultId });
    const after = (await json(await get('authority01', wf('statistics/getAchievementAuditCount')))).object;
    expect(after.items.submitted).toBe(counts.items.submitted - 1);
    expect(after.items.adopted).toBe(counts.items.adopted + 1);
    for (const who of ['owner01', 'agency01', 'district01', 'share01'])
      expect((await get(who, wf('statistics/getAchievementAuditCount'))).status, who).toBe(403);
  });
});

describe('hisCityCases/getBycaseId', { timeout: 120_000 }, () => {
  it('answers a case with its results to its readers; others as a case that does not exist', async () => {
    const [opened] = await env.ctx.db
      .insert(surveyCases)
      .values({
        caseNo: `BJ-WF-${project.projectId}`,
        projectId: project.projectId,
        demandId: project.demandId,
        authorizationId: project.authorizationId!,
        organizationId: AGENCY_ORG_ID,
        plannedStart: '2026-01-01',
        plannedEnd: '2026-03-01',
      })
      .returning({ caseId: surveyCases.caseId });
    const caseId = opened!.caseId;
    const answer = await get('owner01', wf('hisCityCases/getBycaseId'), { caseId });
    expect(answer.status).toBe(200);
    const found = (await json(answer)).object;
    expect(found).toMatchObject({
      caseId,
      caseNo: `BJ-WF-${project.projectId}`,
      projectId: project.projectId,
    });
    expect(found.results.map((item: { resultId: number }) => item.resultId)).toEqual(
      project.items.map((item) => item.resultId),
    );
    expect((await get('district01', wf('hisCityCases/getBycaseId'), { caseId })).status).toBe(200);
    const stranger = await get('agency05', wf('hisCityCases/getBycaseId'), { caseId });
    expect(stranger.status).toBe(404);
    expect((await json(stranger)).message).toBe('办件不存在或不是您可以查看的办件');
    expect((await get('owner01', wf('hisCityCases/getBycaseId'), { caseId: 99_999_999 })).status).toBe(404);
    const bad = await get('owner01', wf('hisCityCases/getBycaseId'), { caseId: 'abc' });
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe('请提供正确的办件编号');
    expect((await get('share01', wf('hisCityCases/getBycaseId'), { caseId })).status).toBe(403);
  });
});

describe('case/getZhujianProjectLocation', { timeout: 120_000 }, () => {
  it('answers the project’s point for one of its items; refuses another item, another district, bad input', async () => {
    await env.ctx.db
      .update(projects)
      .set({ lon: 113.5, lat: 34.75, address: '测试路 1 号' })
      .where(eq(projects.pkid, project.projectId));
    const answer = await get('owner01', wf('case/getZhujianProjectLocation'), {
      projectId: project.projectId,
      itemId: 404,
    });
    expect(answer.status).toBe(200);
    expect((await json(answer)).object).toMatchObject({
      projectId: project.projectId,
      itemId: 404,
      lon: 113.5,
      lat: 34.75,
      address: '测试路 1 号',
      districtCode: own,
      geometry: { type: 'Point', coordinates: [113.5, 34.75] },
    });
    const otherItem = await get('owner01', wf('case/getZhujianProjectLocation'), {
      projectId: project.projectId,
      itemId: 101,
    });
    expect(otherItem.status).toBe(404);
    expect((await json(otherItem)).message).toBe('该测绘事项不属于这个项目');
    const elsewhere = await get('district01', wf('case/getZhujianProjectLocation'), {
      projectId: foreign.projectId,
      itemId: 404,
    });
    expect(elsewhere.status).toBe(403);
    expect((await json(elsewhere)).message).toBe('该项目不在本分局辖区内，无权查看其成果');
    expect(
      (
        await get('agency05', wf('case/getZhujianProjectLocation'), {
          projectId: project.projectId,
          itemId: 404,
        })
      ).status,
    ).toBe(404);
    const missing = await get('owner01', wf('case/getZhujianProjectLocation'), {
      projectId: project.projectId,
    });
    expect(missing.status).toBe(400);
    expect((await json(missing)).message).toBe('请选择测绘事项');
    await env.ctx.db
      .update(projects)
      .set({ lon: null, lat: null })
      .where(eq(projects.pkid, foreign.projectId));
    const none = await get('auditor01', wf('case/getZhujianProjectLocation'), {
      projectId: foreign.projectId,
      itemId: 404,
    });
    expect(none.status).toBe(404);
    expect((await json(none)).message).toBe('该项目尚未标注位置');
  });
});

describe('mngCityCases/projectActInfo', { timeout: 120_000 }, () => {
  const act = (who: string, query: Record<string, string | number>) =>
    env
      .as(who)
      .fetch(
        `${wf('mngCityCases/projectActInfo')}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: '',
        },
      );

  it('lists the steps with who and when, and in 在办 the open acceptance task', async () => {
    const running = await act('owner01', { mngOrHis: 1, projectId: project.projectId });
    expect(running.status, await running.clone().text()).toBe(200);
    const activity = (await json(running)).object;
    expect(activity.projectId).toBe(project.projectId);
    const contents = activity.steps.map((step: { content: string }) => step.content);
    expect(contents).toContain('提交测绘成果验收');
    expect(contents.some((line: string) => line.startsWith('成果验收：'))).toBe(true);
    const times = activity.steps.map((step: { at: string }) => step.at);
    expect([...times].sort()).toEqual(times);
    expect(activity.steps.every((step: { actorName: string | null }) => step.actorName !== undefined)).toBe(
      true,
    );
    expect(activity.current).toMatchObject({ content: '成果验收审核' });
    const history = (await json(await act('owner01', { mngOrHis: 2, projectId: project.projectId }))).object;
    expect(history.current).toBeNull();
    expect(history.steps).toEqual(activity.steps);
  });

  it('refuses a bad mngOrHis, another agency (404), another district (403), a sharing department (403)', async () => {
    const bad = await act('owner01', { mngOrHis: 3, projectId: project.projectId });
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe('查询类型须为 1（在办）或 2（历史）');
    expect((await act('agency05', { mngOrHis: 1, projectId: project.projectId })).status).toBe(404);
    const elsewhere = await act('district01', { mngOrHis: 1, projectId: foreign.projectId });
    expect(elsewhere.status).toBe(403);
    expect((await act('share01', { mngOrHis: 1, projectId: project.projectId })).status).toBe(403);
    expect((await act('owner01', { mngOrHis: 1, projectId: 'x' })).status).toBe(400);
  });
});

describe(
  'the auditor’s evidence on an item (acceptApproveMedia/save, acceptMedia/deleteMedia)',
  { timeout: 120_000 },
  () => {
    const photo = () =>
      new File(
        [Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9])],
        '现场照片.jpg',
        {
          type: 'image/jpeg',
        },
      );

    it('the deciding auditor adds it, it is listed with the item, only its uploader deletes it, and only before the verdict', async () => {
      const resultId = foreign.items[0]!.resultId;
      const refused = await env.postMultipart(
        'agency01',
        '/smsend/acceptApproveMedia/save',
        { resultId: String(resultId) },
        { file: photo() },
      );
      expect(refused.status).toBe(403);
      const saved = await env.postMultipart(
        'auditor01',
        '/smsend/acceptApproveMedia/save',
        { resultId: String(resultId) },
        { file: photo() },
      );
      expect(saved.status, await saved.clone().text()).toBe(200);
      const body = await json(saved);
      expect(body.message).toBe('审核附件已上传');
      const media = body.data.files.filter((file: { byAuditor: boolean }) => file.byAuditor);
      expect(media).toHaveLength(1);
      expect(media[0].fileName).toBe('现场照片.jpg');
      const fileId = media[0].fileId as string;
      // The owner reads it with the item; the agency may not delete it.
      const seen = await kit.itemsOf('owner01', foreign.projectId);
      expect(seen.items[0]!.files.some((file) => file.fileId === fileId && file.byAuditor)).toBe(true);
      const byAgency = await post('agency01', 'acceptMedia/deleteMedia', { resultId, fileId });
      expect(byAgency.status).toBe(403);
      expect((await json(byAgency)).message).toBe('只能删除本人上传的审核附件');
      // A bad file id is refused before anything.
      expect((await post('auditor01', 'acceptMedia/deleteMedia', { resultId, fileId: 'x' })).status).toBe(
        400,
      );
      const removed = await post('auditor01', 'acceptMedia/deleteMedia', { resultId, fileId });
      expect(removed.status).toBe(200);
      expect((await json(removed)).message).toBe('审核附件已删除');
      expect(
        (await kit.itemsOf('owner01', foreign.projectId)).items[0]!.files.some((file) => file.byAuditor),
      ).toBe(false);
      expect((await post('auditor01', 'acceptMedia/deleteMedia', { resultId, fileId })).status).toBe(404);

      // After the verdict the evidence stays.
      const again = await env.postMultipart(
        'auditor01',
        '/smsend/acceptApproveMedia/save',
        { resultId: String(resultId) },
        { file: photo() },
      );
      const kept = (await json(again)).data.files.find((file: { byAuditor: boolean }) => file.byAuditor)
        .fileId as string;
      for (const item of foreign.items)
        await post('auditor01', 'actAccept/adopt', { resultId: item.resultId });
      const verdict = await post('auditor01', 'actAccept/submit', { pkid: foreign.projectId });
      expect(verdict.status, await verdict.clone().text()).toBe(200);
      const late = await post('auditor01', 'acceptMedia/deleteMedia', { resultId, fileId: kept });
      expect(late.status).toBe(409);
      expect((await json(late)).message).toBe('验收结论已提交，审核附件不能再删除');
      const lateSave = await env.postMultipart(
        'auditor01',
        '/smsend/acceptApproveMedia/save',
        { resultId: String(resultId) },
        { file: photo() },
      );
      expect(lateSave.status).toBe(409);
    });
  },
);
