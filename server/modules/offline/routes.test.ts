/**
 * Offline projects and survey cases through the HTTP app: an agency records an offline project with a
 * document (bad input and a missing document change nothing), the auditor rejects it with an opinion,
 * the agency fixes it and it is approved, after which it counts in the district and stage statistics;
 * another agency and an owner cannot see it. An agency opens a case on an accepted authorization of a
 * status-3 project: the project moves to 测绘中 with its log line; a second case, a foreign agency and
 * a staff member of another agency are refused and change nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  agentOrganizations,
  agentStaff,
  districts,
  projectLogs,
  projectOfflines,
  projects,
  surveyCases,
} from '@server/db/schema';
import { AGENCY_ORG_ID } from '@server/seed/demo-context';
import { demoLoginNames, signedInTestApp } from '@server/modules/identity/test-support';
import { markWrites, offClock, writtenSince } from '@server/test/product-clock';
import { insertDemand } from '@server/modules/projects/test-support';

const env = signedInTestApp({ accounts: [...demoLoginNames, 'agency05'] });
let districtCode: string;
let myStaff: number[];
let foreignStaff: number;

beforeAll(async () => {
  const db = env.ctx.db;
  const [district] = await db
    .select({ code: districts.districtCode })
    .from(districts)
    .where(sql`length(${districts.districtCode}) in (7, 11)`)
    .limit(1);
  districtCode = district!.code;
  const staff = await db
    .select({ staffId: agentStaff.staffId, org: agentStaff.organizationId })
    .from(agentStaff)
    .where(eq(agentStaff.auditStatus, 2));
  myStaff = staff.filter((s) => s.org === AGENCY_ORG_ID).map((s) => s.staffId);
  foreignStaff = staff.find((s) => s.org !== AGENCY_ORG_ID)!.staffId;
});

const { as } = env;
interface Envelope {
  success: boolean;
  message: string;
  data: Record<string, unknown>;
  object: Record<string, unknown>;
  rows: Record<string, unknown>[];
  total: number;
}
const json = async (response: Response) => (await response.json()) as Envelope;
const get = (who: string, path: string, query: Record<string, string> = {}) =>
  as(who).fetch(`/smsend/${path}?${new URLSearchParams(query).toString()}`);
const pdf = (name: string) => new File([new TextEncoder().encode('%PDF-1.4\n%测试\n')], name);

function offlineForm(fields: Record<string, string>, files: Record<string, File> = {}) {
  const form = new FormData();
  const base = {
    projectName: '云州二中体育馆',
    constructionName: '云州市第二中学',
    districtCode,
    stageId: '4',
    itemIds: '401,402',
    surveyedOn: '2025-06-30',
    ...fields,
  };
  for (const [key, value] of Object.entries(base)) form.set(key, value);
  for (const [key, file] of Object.entries(files)) form.set(key, file);
  return form;
}

const offlineCount = async () => (await env.ctx.db.$count(projectOfflines)) as number;

describe('offline projects', () => {
  it('records, rejects with an opinion, fixes and approves; counted in the statistics once approved', async () => {
    const mark = await markWrites(env.ctx.db);
    const before = await offlineCount();
    // No document: refused, nothing stored.
    let response = await as('agency01').fetch('/smsend/projectOffline/add', {
      method: 'POST',
      body: offlineForm({}),
    });
    expect(response.status).toBe(400);
    // An item outside the stage: refused with the item named.
    response = await as('agency01').fetch('/smsend/projectOffline/add', {
      method: 'POST',
      body: offlineForm({ itemIds: '101' }, { report: pdf('成果报告.pdf') }),
    });
    expect(response.status).toBe(400);
    expect((await json(response)).message).toContain('拨地测量');
    // A survey in the future: refused.
    response = await as('agency01').fetch('/smsend/projectOffline/add', {
      method: 'POST',
      body: offlineForm({ surveyedOn: '2999-01-01' }, { report: pdf('成果报告.pdf') }),
    });
    expect(response.status).toBe(400);
    // An owner may not record one.
    response = await as('owner01').fetch('/smsend/projectOffline/add', {
      method: 'POST',
      body: offlineForm({}, { report: pdf('成果报告.pdf') }),
    });
    expect(response.status).toBe(403);
    expect(await offlineCount()).toBe(before);

    const districtsBefore = await json(await get('anonymous', 'statistics/getDistrictProjectNum'));
    const countOf = (env: Envelope) =>
      (env.object as unknown as { districtCode: string; projectNum: number }[]).find(
        (d) => d.districtCode === districtCode,
      )?.projectNum;
    const startCount = countOf(districtsBefore);

    response = await as('agency01').fetch('/smsend/projectOffline/add', {
      method: 'POST',
      body: offlineForm({}, { report: pdf('成果报告.pdf') }),
    });
    expect(response.status).toBe(200);
    const added = (await json(response)).data;
    const pkid = String(added.pkid);
    expect(added.auditStatus).toBe(1);
    expect((added.files as unknown[]).length).toBe(1);

    // Another agency and an owner do not see it; the auditor does.
    expect((await get('agency05', 'projectOffline/getProjectDemandByPkid', { pkid })).status).toBe(404);
    expect((await get('owner01', 'projectOffline/getProjectDemandByPkid', { pkid })).status).toBe(403);
    const seen = await json(await get('auditor01', 'projectOffline/getProjectDemandByPkid', { pkid }));
    expect((seen.object.review as { allowed: string[] }).allowed).toContain('reject');

    // The agency cannot decide; a rejection needs an opinion.
    expect((await get('agency01', 'projectOffline/updateStatus', { pkid, auditStatus: '2' })).status).toBe(
      403,
    );
    response = await get('auditor01', 'projectOffline/updateStatus', { pkid, auditStatus: '3' });
    expect(response.status).toBe(400);
    response = await get('auditor01', 'projectOffline/updateStatus', {
      pkid,
      auditStatus: '3',
      opinion: '缺少竣工测量图',
    });
    expect(response.status).toBe(200);
    let detail = await json(await get('agency01', 'projectOffline/getProjectDemandByPkid', { pkid }));
    expect(detail.object.auditStatus).toBe(3);
    expect(detail.object.canEdit).toBe(true);
    expect((detail.object.records as { opinion: string | null }[]).map((r) => r.opinion)).toContain(
      '缺少竣工测量图',
    );
    // Rejected: not counted yet.
    expect(countOf(await json(await get('anonymous', 'statistics/getDistrictProjectNum')))).toBe(startCount);

    // Fixed with a second document and resubmitted; then approved.
    const fix = offlineForm({ pkid, remark: '已补充竣工测量图' }, { other: pdf('竣工测量图.pdf') });
    response = await as('agency01').fetch('/smsend/projectOffline/update', { method: 'PUT', body: fix });
    expect(response.status).toBe(200);
    expect((await json(response)).data.auditStatus).toBe(1);
    response = await get('auditor01', 'projectOffline/updateStatus', { pkid, auditStatus: '2' });
    expect(response.status).toBe(200);
    detail = await json(await get('agency01', 'projectOffline/getProjectDemandByPkid', { pkid }));
    expect(detail.object.auditStatus).toBe(2);
    expect(detail.object.canEdit).toBe(false);
    expect((detail.object.files as unknown[]).length).toBe(2);

    // Offline projects are counted apart (the hall's one counting rule): the districts do not change.
    expect(countOf(await json(await get('anonymous', 'statistics/getDistrictProjectNum')))).toBe(startCount);
    const distribution = (await json(await get('anonymous', 'statistics/getProjectDistribute'))).object as {
      offline: number;
    };
    expect(distribution.offline).toBeGreaterThanOrEqual(1);

    // Approved: it can no longer be edited or deleted.
    expect((await get('agency01', 'projectOffline/delete', { pkids: pkid })).status).toBe(409);
    const list = await json(await get('agency01', 'projectOffline/query', { auditStatus: '2' }));
    expect(list.rows.map((r) => r.pkid)).toContain(Number(pkid));
    expect((await json(await get('agency05', 'projectOffline/query'))).rows.map((r) => r.pkid)).not.toContain(
      Number(pkid),
    );
    // Every message, log line and decision it wrote carries the product's clock (issue 21).
    const written = await writtenSince(env.ctx.db, mark);
    expect(written.some((row) => row.table === 'messages')).toBe(true);
    expect(offClock(written, env.clock.now)).toEqual([]);
  });

  it('deletes its own rejected or draft ones only', async () => {
    const response = await as('agency01').fetch('/smsend/projectOffline/add', {
      method: 'POST',
      body: offlineForm({ projectName: '待删除的线下项目' }, { report: pdf('报告.pdf') }),
    });
    const pkid = String((await json(response)).data.pkid);
    // Pending: not deletable; another agency: not found.
    expect((await get('agency01', 'projectOffline/delete', { pkids: pkid })).status).toBe(409);
    await get('auditor01', 'projectOffline/updateStatus', { pkid, auditStatus: '3', opinion: '重复登记' });
    expect((await get('agency05', 'projectOffline/delete', { pkids: pkid })).status).toBe(404);
    expect((await get('agency01', 'projectOffline/delete', { pkids: pkid })).status).toBe(200);
    expect(await env.ctx.db.$count(projectOfflines, eq(projectOfflines.pkid, Number(pkid)))).toBe(0);
  });
});

describe("the reviewers' queue of offline projects (search, 我的待办, holder, 领取)", () => {
  const todo = async (query: Record<string, string> = {}) =>
    (await json(await get('auditor01', 'projectOffline/toDoList', { rows: '100', ...query }))).rows as {
      pkid: number;
      projectName: string;
      holderName: string | null;
    }[];
  const add = async (projectName: string, projectNo: string) => {
    const response = await as('agency01').fetch('/smsend/projectOffline/add', {
      method: 'POST',
      body: offlineForm({ projectName, projectNo }, { report: pdf('成果报告.pdf') }),
    });
    return (await json(response)).data.pkid as number;
  };

  it('finds a project by its name or number; 我的待办 lists only the projects the reviewer claimed', async () => {
    const first = await add('队列检索甲馆', 'XX-QUEUE-0001');
    const second = await add('队列检索乙馆', 'XX-QUEUE-0002');
    const byName = (await todo({ keyword: '检索甲' })).map((row) => row.pkid);
    expect(byName).toContain(first);
    expect(byName).not.toContain(second);
    expect((await todo({ keyword: 'queue-0002' })).map((row) => row.pkid)).toEqual([second]);
    expect(await todo({ keyword: '没有这个项目' })).toEqual([]);

    expect((await todo({ mine: '1' })).map((row) => row.pkid)).not.toContain(first);
    const claimed = await as('auditor01').fetch('/smsend/review/claim', {
      method: 'POST',
      body: new URLSearchParams({ subjectType: 'project_offline', subjectId: String(first) }),
    });
    expect(claimed.status).toBe(200);
    const mine = await todo({ mine: '1' });
    expect(mine.map((row) => row.pkid)).toContain(first);
    expect(mine.map((row) => row.pkid)).not.toContain(second);
    expect(mine.every((row) => row.holderName !== null)).toBe(true);
    // An agency has no queue.
    expect((await get('agency01', 'projectOffline/toDoList')).status).toBe(403);
  });
});

async function filedProject(status = 3) {
  const { projectId, authorizationId } = await insertDemand(env.ctx.db, {
    name: '办件测试项目',
    code: 'BJ',
    districtCode,
    status,
    items: [401, 402],
    offer: { organizationId: AGENCY_ORG_ID, state: 1 },
  });
  return { projectId, authorizationId: authorizationId! };
}

const caseBody = (authorizationId: number, staff: number[]) =>
  JSON.stringify({
    authorizationId,
    plannedStart: '2026-12-01',
    plannedEnd: '2026-12-20',
    assignments: [
      { itemId: 401, staffIds: staff },
      { itemId: 402, staffIds: staff.slice(0, 1) },
    ],
  });
const postCase = (who: string, body: string) =>
  as(who).fetch('/smsend/project/case/add', {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
  });

describe('survey cases', () => {
  it('opens a case on a status-3 project: 测绘中 with its log line; refusals change nothing', async () => {
    expect(myStaff.length).toBeGreaterThan(0);
    const { projectId, authorizationId } = await filedProject();
    const todo = await json(await get('agency01', 'project/case/toDoList'));
    const row = todo.rows.find((r) => r.authorizationId === authorizationId);
    expect(row?.caseId).toBeNull();
    const prepared = await json(
      await get('agency01', 'project/case/prepare', { authorizationId: String(authorizationId) }),
    );
    expect(prepared.object.blocked).toBeNull();
    expect((prepared.object.items as unknown[]).length).toBe(2);

    // A staff member of another agency, an item without staff, end before start: refused.
    expect((await postCase('agency01', caseBody(authorizationId, [foreignStaff]))).status).toBe(400);
    const noStaff = JSON.stringify({
      authorizationId,
      plannedStart: '2026-12-01',
      plannedEnd: '2026-12-20',
      assignments: [{ itemId: 401, staffIds: myStaff.slice(0, 1) }],
    });
    const refused = await postCase('agency01', noStaff);
    expect(refused.status).toBe(400);
    expect((await json(refused)).message).toContain('房产实测绘');
    const backwards = JSON.stringify({
      authorizationId,
      plannedStart: '2026-12-20',
      plannedEnd: '2026-12-01',
      assignments: [{ itemId: 401, staffIds: myStaff.slice(0, 1) }],
    });
    expect((await postCase('agency01', backwards)).status).toBe(400);
    // Another agency's account: not found; the owner: not its role.
    expect((await postCase('agency05', caseBody(authorizationId, myStaff.slice(0, 1)))).status).toBe(404);
    expect((await postCase('owner01', caseBody(authorizationId, myStaff.slice(0, 1)))).status).toBe(403);
    expect(await env.ctx.db.$count(surveyCases, eq(surveyCases.authorizationId, authorizationId))).toBe(0);
    expect((await env.ctx.db.select().from(projects).where(eq(projects.pkid, projectId)))[0]?.status).toBe(3);

    const mark = await markWrites(env.ctx.db);
    const opened = await postCase('agency01', caseBody(authorizationId, myStaff.slice(0, 2)));
    expect(opened.status).toBe(200);
    const created = (await json(opened)).data;
    expect(created.projectStatus).toBe(4);
    const logs = await env.ctx.db
      .select()
      .from(projectLogs)
      .where(and(eq(projectLogs.projectId, projectId), eq(projectLogs.statusTo, 4)));
    expect(logs).toHaveLength(1);
    expect(logs[0]?.statusFrom).toBe(3);
    expect(logs[0]?.content).toContain('新建办件');

    // A second case on the same authorization: 409, nothing changes.
    expect((await postCase('agency01', caseBody(authorizationId, myStaff.slice(0, 1)))).status).toBe(409);
    expect(await env.ctx.db.$count(surveyCases, eq(surveyCases.authorizationId, authorizationId))).toBe(1);

    // The owner sees the case with its timeline; another agency does not.
    const caseId = String(created.caseId);
    const seen = await json(await get('owner01', 'project/case/detail', { caseId }));
    expect((seen.object.logs as { content: string }[]).some((l) => l.content.includes('新建办件'))).toBe(
      true,
    );
    expect((seen.object.items as { staff: unknown[] }[])[0]?.staff.length).toBe(Math.min(2, myStaff.length));
    expect((await get('agency05', 'project/case/detail', { caseId })).status).toBe(404);
    // Every message, log line and decision it wrote carries the product's clock (issue 21).
    const written = await writtenSince(env.ctx.db, mark);
    expect(written.some((row) => row.table === 'messages')).toBe(true);
    expect(offClock(written, env.clock.now)).toEqual([]);
  });

  it('refuses a case before the contract is filed', async () => {
    const { authorizationId } = await filedProject(2);
    const response = await postCase('agency01', caseBody(authorizationId, myStaff.slice(0, 1)));
    expect(response.status).toBe(409);
    expect((await json(response)).message).toBe('项目合同尚未备案，不能新建办件');
    const [org] = await env.ctx.db
      .select({ id: agentOrganizations.organizationId })
      .from(agentOrganizations)
      .where(eq(agentOrganizations.organizationId, AGENCY_ORG_ID));
    expect(org).toBeDefined();
  });
});
