/**
 * Survey results through the HTTP app (issue 22; docs/results.md): the catalogue (versions, only
 * administrators edit, fixed for a project at authorization so a later edit does not move its goal,
 * fixed lazily for projects authorized before), who may see and change a project's results (the
 * owner reads; another agency gets 404; staff not named on the case get 403), the first stored file
 * moving the project 3 → 4, submission refused while a required item has no file and moving it to 5,
 * the acceptance auditor adopting and rejecting items, the verdict returning the project to the
 * agency, the resubmission, and the acceptance to 6, each with its project log line and messages.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  agentOrganizations,
  agentStaff,
  districts,
  files,
  messages,
  projectLogs,
  projects,
  surveyCaseStaff,
  surveyCases,
} from '@server/db/schema';
import type { SessionUser } from '@server/lib/session-user';
import { AGENCY_ORG_ID, ids } from '@server/seed/demo-context';
import { demoLoginNames, json, signedInTestApp } from '@server/modules/identity/test-support';
import { insertDemand } from '@server/modules/projects/test-support';
import { creditEventsOf } from '@server/modules/credit';
import { ACCEPTANCE_POINTS, creditScoreOf } from '@shared/domain/credit-score';
import { roles } from '@shared/domain/roles';
import { beijingDate } from '@shared/validation/jobs';
import { attachResultFile } from './submission';

const env = signedInTestApp({ accounts: [...demoLoginNames, 'agency05'] });
const { as } = env;
let districtCode: string;

beforeAll(async () => {
  const [district] = await env.ctx.db
    .select({ code: districts.districtCode })
    .from(districts)
    .where(sql`length(${districts.districtCode}) in (7, 11)`)
    .limit(1);
  districtCode = district!.code;
});

const get = (who: string, path: string, query: Record<string, string | number> = {}) =>
  as(who).fetch(
    `/smsend/${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`,
  );
const post = (who: string, path: string, body: Record<string, unknown>, method = 'POST') =>
  as(who).fetch(`/smsend/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const agency01: SessionUser = {
  pkid: ids.agency,
  loginname: 'agency01',
  username: 'agency01',
  depid: 0,
  depname: null,
  userphone: null,
  useremail: null,
  userlevel: 0,
  userstate: 1,
  roleIds: [roles.agency.id],
  isAdmin: false,
  sessionHash: '',
  tgtHash: '',
};
const staff01: SessionUser = {
  ...agency01,
  pkid: ids.staff,
  loginname: 'staff01',
  roleIds: [roles.staff.id],
};

/** A file written through the storage, as the archive's upload stores one. */
async function storedFile(name: string, size = 64): Promise<string> {
  const bytes = new Uint8Array(size).fill(37);
  const stored = await env.ctx.storage.write(bytes);
  const [row] = await env.ctx.db
    .insert(files)
    .values({
      originalName: name,
      contentType: 'application/octet-stream',
      size: stored.size,
      sha256: stored.sha256,
      storageKey: stored.key,
      createdBy: ids.agency,
    })
    .returning({ id: files.id });
  return row!.id;
}

/** A project of owner01 whose demand (人防测量 404) agency01 accepted through the call, then filed (3). */
async function filedProject(items: number[] = [404]) {
  const made = await insertDemand(env.ctx.db, {
    name: '成果测试项目',
    code: 'CG',
    districtCode,
    items,
    offer: { organizationId: AGENCY_ORG_ID, state: 0, responded: false },
  });
  const accepted = await post('agency01', 'project/authorization/accept', { id: made.authorizationId });
  expect(accepted.status).toBe(200);
  await env.ctx.db.update(projects).set({ status: 3 }).where(eq(projects.pkid, made.projectId));
  return made;
}

async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of env.ctx.storage.list()) keys.push(key);
  return keys.sort();
}
const statusOf = async (projectId: number) =>
  (await env.ctx.db.select({ s: projects.status }).from(projects).where(eq(projects.pkid, projectId)))[0]!.s;
const logLines = async (projectId: number) =>
  (
    await env.ctx.db
      .select({ content: projectLogs.content, to: projectLogs.statusTo })
      .from(projectLogs)
      .where(eq(projectLogs.projectId, projectId))
      .orderBy(asc(projectLogs.pkid))
  ).map((row) => row.content);
const itemsOf = async (who: string, projectId: number) => {
  const response = await get(who, 'projectAccept/query', { projectId });
  expect(response.status).toBe(200);
  return (await json(response)).object;
};
/** Stores a file, then attaches it as the archive's onStored does (in its own transaction). */
async function attach(resultId: number, name: string, user = agency01, size?: number) {
  const fileId = await storedFile(name, size);
  return env.ctx.db.transaction((tx) => attachResultFile(tx, resultId, fileId, user, env.ctx.services.now()));
}

describe('the result catalogue', () => {
  it('lists a version for every item, only administrators save, a save is a new version', async () => {
    const list = await json(await get('owner01', 'fruitcatalog/list'));
    const civil = list.object.find((row: { itemId: number }) => row.itemId === 404);
    expect(civil.version).toBe(1);
    expect(civil.entries.map((e: { name: string }) => e.name)).toEqual(['人防测量报告', '人防工程平面图']);
    expect(list.object.length).toBeGreaterThanOrEqual(11);

    const entry = { name: '人防测量报告（新版）', formats: ['pdf'], required: true, maxSizeMb: 20 };
    expect((await post('auditor01', 'fruitcatalog/save', { itemId: 405, entries: [entry] })).status).toBe(
      403,
    );
    const noRequired = await post('admin', 'fruitcatalog/save', {
      itemId: 405,
      entries: [{ ...entry, required: false }],
    });
    expect(noRequired.status).toBe(400);
    expect((await json(noRequired)).message).toBe('成果目录至少要有一项必交成果');
    const badFormat = await post('admin', 'fruitcatalog/save', {
      itemId: 405,
      entries: [{ ...entry, formats: ['exe'] }],
    });
    expect(badFormat.status).toBe(400);
    const versions = async () =>
      (await json(await get('admin', 'fruitcatalog/versions', { itemId: 405 }))).object;
    expect(await versions()).toHaveLength(1);
  });

  it('fixes a project’s catalogue at authorization: a later version does not change it', async () => {
    const { projectId } = await filedProject([403]);
    const saved = await post('admin', 'fruitcatalog/save', {
      itemId: 403,
      entries: [{ name: '管线成果（新目录）', formats: ['zip'], required: true, maxSizeMb: 10 }],
      remark: '测试新版本',
    });
    expect(saved.status).toBe(200);
    expect((await json(saved)).data.version).toBe(2);
    const fixed = (
      await json(await get('agency01', 'catalogAccept/findFruitAcceptList', { pkid: projectId }))
    ).object;
    expect(fixed.map((item: { name: string }) => item.name)).toEqual([
      '地下管线竣工测量报告',
      '管线竣工图',
      '成果数据（坐标、面积等表格）',
    ]);
    // A project authorized now gets the new version.
    const later = await filedProject([403]);
    const now = (
      await json(await get('agency01', 'catalogAccept/findFruitAcceptList', { pkid: later.projectId }))
    ).object;
    expect(now.map((item: { name: string }) => item.name)).toEqual(['管线成果（新目录）']);
  });
});

describe('who may see and change a project’s results', { timeout: 120_000 }, () => {
  it('the owner reads, another agency gets 404, a staff member not named on the case gets 403', async () => {
    const { projectId, authorizationId, demandId } = await filedProject();
    expect((await itemsOf('owner01', projectId)).canEdit).toBe(false);
    const agency = await itemsOf('agency01', projectId);
    expect(agency.canEdit).toBe(true);
    expect(agency.canSubmit).toBe(false);
    const foreign = await get('agency05', 'projectAccept/query', { projectId });
    expect(foreign.status).toBe(404);
    expect((await json(foreign)).message).toBe('项目不存在或不是本机构受托的项目');
    expect((await get('share01', 'projectAccept/query', { projectId })).status).toBe(403);

    // While no case names anyone, staff01 (agency01's) may upload; once a case names another, no.
    const resultId = agency.items[0].resultId as number;
    await attach(resultId, '报告.pdf', staff01);
    const [other] = await env.ctx.db
      .select({ staffId: agentStaff.staffId })
      .from(agentStaff)
      .where(
        and(
          eq(agentStaff.organizationId, AGENCY_ORG_ID),
          sql`${agentStaff.userId} is distinct from ${ids.staff}`,
        ),
      )
      .limit(1);
    const [opened] = await env.ctx.db
      .insert(surveyCases)
      .values({
        caseNo: `BJ-TEST-${authorizationId}`,
        projectId,
        demandId,
        authorizationId: authorizationId!,
        organizationId: AGENCY_ORG_ID,
        plannedStart: '2026-01-01',
        plannedEnd: '2026-02-01',
      })
      .returning({ caseId: surveyCases.caseId });
    await env.ctx.db
      .insert(surveyCaseStaff)
      .values({ caseId: opened!.caseId, itemId: 404, staffId: other!.staffId });
    await expect(attach(resultId, '报告2.pdf', staff01)).rejects.toThrow(
      '您不是该项目办件的作业人员，不能上传或提交成果',
    );
    const refused = await post('staff01', 'projectAccept/update', { resultId, description: '说明' }, 'PUT');
    expect(refused.status).toBe(403);
    expect(
      (await post('agency01', 'projectAccept/update', { resultId, description: '说明' }, 'PUT')).status,
    ).toBe(200);
  });
});

describe('submission and acceptance', { timeout: 120_000 }, () => {
  it('3 → 4 on the first file, 5 on submission, returned, resubmitted, adopted → 6 and its certificate → 7', async () => {
    const { projectId, projectNo } = await filedProject();
    const first = await itemsOf('agency01', projectId);
    const [report, drawing] = first.items as { resultId: number; name: string }[];
    expect(first.items).toHaveLength(2);

    // A format the entry does not take, or a file over its limit: refused, nothing moves.
    await expect(attach(report!.resultId, '报告.xlsx')).rejects.toThrow(
      '“人防测量报告”只接受以下格式：pdf,docx,doc',
    );
    expect(await statusOf(projectId)).toBe(3);

    await attach(report!.resultId, '人防报告.pdf');
    expect(await statusOf(projectId)).toBe(4);
    expect(await logLines(projectId)).toContain('开始上传测绘成果（人防测量：人防测量报告）');

    const missing = await post('agency01', 'projectAccept/save', { projectId });
    expect(missing.status).toBe(400);
    expect((await json(missing)).message).toBe('以下必交成果尚未上传文件：人防测量：人防工程平面图');
    expect(await statusOf(projectId)).toBe(4);

    await attach(drawing!.resultId, '平面图.pdf');
    // Adopting before submission: nothing is under acceptance.
    const early = await post('auditor01', 'actAccept/adopt', { resultId: report!.resultId });
    expect(early.status).toBe(409);
    expect((await json(early)).message).toBe('该项目的成果不在验收中');

    const submitted = await post('agency01', 'projectAccept/save', { projectId });
    expect(submitted.status).toBe(200);
    expect((await json(submitted)).message).toBe('测绘成果已提交验收');
    expect(await statusOf(projectId)).toBe(5);
    expect(await logLines(projectId)).toContain('提交测绘成果验收');
    // Under review: the agency cannot change anything.
    await expect(attach(report!.resultId, '又一份.pdf')).rejects.toThrow(
      '成果正在验收中，验收结束前不能修改',
    );

    // The acceptance is in the auditor's queue; others may not decide.
    const queue = await json(await post('auditor01', 'actAccept/queryBySelf', { keyword: projectNo }));
    expect(queue.rows.map((row: { projectId: number }) => row.projectId)).toEqual([projectId]);
    expect(queue.rows[0].acceptance).toBe(1);
    expect((await post('agency01', 'actAccept/adopt', { resultId: report!.resultId })).status).toBe(403);

    // The verdict before every item is decided is refused.
    await post('auditor01', 'actAccept/adopt', { resultId: report!.resultId });
    const undecided = await post('auditor01', 'actAccept/submit', { pkid: projectId });
    expect(undecided.status).toBe(409);
    expect((await json(undecided)).message).toBe('以下成果尚未采纳或退回：人防测量：人防工程平面图');
    const noOpinion = await post('auditor01', 'actAccept/reject', {
      resultId: drawing!.resultId,
      opinion: ' ',
    });
    expect(noOpinion.status).toBe(400);
    expect((await json(noOpinion)).message).toBe('请填写退回意见');
    expect(
      (await post('auditor01', 'actAccept/reject', { resultId: drawing!.resultId, opinion: '图幅不完整' }))
        .status,
    ).toBe(200);
    const returned = await post('auditor01', 'actAccept/submit', { pkid: projectId });
    expect(returned.status).toBe(200);
    expect((await json(returned)).data.auditStatus).toBe(3);
    expect(await statusOf(projectId)).toBe(5);
    expect(await logLines(projectId)).toContain('测绘成果验收退回：人防测量“人防工程平面图”：图幅不完整');
    const told = await env.ctx.db
      .select({ content: messages.messageContent })
      .from(messages)
      .where(eq(messages.userId, ids.agency))
      .orderBy(desc(messages.messageId))
      .limit(5);
    expect(told.map((row) => row.content)).toContain(
      `项目“${first.projectName}”有测绘成果被退回，请修改后重新提交`,
    );

    // Back with the agency: in its to-do; the adopted item stays adopted, the rejected one changes.
    const todo = await json(await post('agency01', 'projectAccept/toDoList', { keyword: projectNo }));
    expect(todo.rows).toHaveLength(1);
    expect(todo.rows[0].rejected).toBe(1);
    await expect(attach(report!.resultId, '改.pdf')).rejects.toThrow('该成果已采纳，不能修改');
    const cleared = await post('agency01', 'projectAccept/delete', { resultId: drawing!.resultId });
    expect((await json(cleared)).data.files).toEqual([]);
    await attach(drawing!.resultId, '平面图（修改）.pdf');
    // Time passes between rounds (the test clock stands still unless moved): the second round's
    // submission comes after the first round's decisions, as it always does in the product.
    env.clock.advance(60_000);
    const again = await post('agency01', 'projectAccept/save', { projectId });
    expect((await json(again)).message).toBe('修改后的成果已重新提交验收');
    expect(await logLines(projectId)).toContain('修改后重新提交测绘成果验收');

    // The report adopted in the first round is not open again; the drawing is.
    expect((await post('auditor01', 'actAccept/adopt', { resultId: report!.resultId })).status).toBe(409);
    expect((await post('auditor01', 'actAccept/adopt', { resultId: drawing!.resultId })).status).toBe(200);
    const accepted = await post('auditor01', 'actAccept/submit', { pkid: projectId });
    const acceptedBody = await json(accepted);
    expect(acceptedBody.message).toMatch(
      /^测绘成果已全部采纳，项目已验收并办结，验收证书 YZCG\d{10} 已颁发$/,
    );
    expect(acceptedBody.message).toContain(acceptedBody.data.certificateNo);
    // Accepted (6) and, in the same transaction, certified (7).
    expect(await statusOf(projectId)).toBe(7);
    const lines = await logLines(projectId);
    expect(lines).toContain('测绘成果验收通过');
    expect(lines.some((line) => /^颁发验收证书 YZCG\d{10}，项目办结$/.test(line))).toBe(true);
    // Both decisions count in the agency's credit score, which was recounted with each.
    const [project] = await env.ctx.db
      .select({ name: projects.projectName })
      .from(projects)
      .where(eq(projects.pkid, projectId));
    const events = (
      await creditEventsOf(env.ctx.db, { organizationId: AGENCY_ORG_ID }, beijingDate(env.clock.now))
    ).get(AGENCY_ORG_ID)!;
    expect(
      events.filter((event) => event.subject === `项目“${project!.name}”`).map((event) => event.points),
    ).toEqual([ACCEPTANCE_POINTS.rejected, ACCEPTANCE_POINTS.adopted]);
    const [agency] = await env.ctx.db
      .select({ score: agentOrganizations.creditScore })
      .from(agentOrganizations)
      .where(eq(agentOrganizations.organizationId, AGENCY_ORG_ID));
    expect(agency!.score).toBe(creditScoreOf(events));

    const progress = await json(
      await get('owner01', 'project/log/updateUploadProcess', { projectId, projectNo }),
    );
    expect(progress.object).toMatchObject({
      status: 7,
      total: 2,
      required: 2,
      uploaded: 2,
      adopted: 2,
      percent: 100,
    });
    const records = await json(await get('owner01', 'actAccept/queryApproveMessages', { pkid: projectId }));
    expect(records.object.length).toBeGreaterThanOrEqual(4);
    const done = await json(await post('auditor01', 'actAccept/queryDoneBySelf', {}));
    expect(done.rows.some((row: { projectId: number }) => row.projectId === projectId)).toBe(true);
    const mismatch = await get('owner01', 'project/log/updateUploadProcess', { projectId, projectNo: 'X1' });
    expect(mismatch.status).toBe(400);
  });

  it('judges the resubmission on its own round even when the clock has not moved since the first', async () => {
    // The test clock stands still: the first round's decisions and the resubmission share one
    // instant, so telling the rounds apart by time would open the item adopted in round one again.
    const { projectId } = await filedProject();
    const { items } = await itemsOf('agency01', projectId);
    const [report, drawing] = items as { resultId: number }[];
    await attach(report!.resultId, '报告.pdf');
    await attach(drawing!.resultId, '平面图.pdf');
    expect((await post('agency01', 'projectAccept/save', { projectId })).status).toBe(200);
    expect((await post('auditor01', 'actAccept/adopt', { resultId: report!.resultId })).status).toBe(200);
    const reject = { resultId: drawing!.resultId, opinion: '图幅不完整' };
    expect((await post('auditor01', 'actAccept/reject', reject)).status).toBe(200);
    expect(
      (await json(await post('auditor01', 'actAccept/submit', { pkid: projectId }))).data.auditStatus,
    ).toBe(3);
    await post('agency01', 'projectAccept/delete', { resultId: drawing!.resultId });
    await attach(drawing!.resultId, '平面图（修改）.pdf');
    expect((await post('agency01', 'projectAccept/save', { projectId })).status).toBe(200);

    // Round two holds only the drawing: the report adopted in round one may not be decided again.
    const reopened = await post('auditor01', 'actAccept/reject', {
      resultId: report!.resultId,
      opinion: '再看',
    });
    expect(reopened.status).toBe(409);
    expect((await json(reopened)).message).toBe('该成果不在待验收状态');
    expect((await post('auditor01', 'actAccept/adopt', { resultId: drawing!.resultId })).status).toBe(200);
    const accepted = await json(await post('auditor01', 'actAccept/submit', { pkid: projectId }));
    expect(accepted.data.auditStatus).toBe(2);
    expect(await statusOf(projectId)).toBe(7);
  });

  it('a verdict whose transaction fails after the certificate’s PDF was stored leaves no PDF behind', async () => {
    const { projectId } = await filedProject();
    const { items } = await itemsOf('agency01', projectId);
    for (const item of items as { resultId: number }[]) await attach(item.resultId, '成果.pdf');
    expect((await post('agency01', 'projectAccept/save', { projectId })).status).toBe(200);
    for (const item of items as { resultId: number }[])
      await post('auditor01', 'actAccept/adopt', { resultId: item.resultId });
    // The database refuses the last step of issuing (the report queued after the PDF and the
    // certificate row), so the whole verdict rolls back after the PDF reached the store.
    await env.ctx.db.execute(
      sql.raw(`create function refuse_report() returns trigger language plpgsql as $$
        begin raise exception 'report refused'; end $$`),
    );
    await env.ctx.db.execute(
      sql.raw(`create trigger refuse_report before insert on results_reports for each row
        when (new.project_id = ${Number(projectId)}) execute function refuse_report()`),
    );
    const keysBefore = await storedKeys();
    try {
      expect((await post('auditor01', 'actAccept/submit', { pkid: projectId })).status).toBe(500);
    } finally {
      await env.ctx.db.execute(sql.raw('drop trigger refuse_report on results_reports'));
      await env.ctx.db.execute(sql.raw('drop function refuse_report()'));
    }
    expect(await storedKeys()).toEqual(keysBefore);
    expect(await statusOf(projectId)).toBe(5);
    const retried = await json(await post('auditor01', 'actAccept/submit', { pkid: projectId }));
    expect(retried.data.certificateNo).toMatch(/^YZCG\d{10}$/);
    expect(await statusOf(projectId)).toBe(7);
    expect((await storedKeys()).length).toBe(keysBefore.length + 1);
  });

  it('a transfer needs a reason and another acceptance auditor', async () => {
    const { projectId } = await filedProject();
    const { items } = await itemsOf('agency01', projectId);
    for (const item of items as { resultId: number }[]) await attach(item.resultId, '成果.pdf');
    await post('agency01', 'projectAccept/save', { projectId });
    const noReason = await post('auditor01', 'actAccept/transferTask', {
      pkid: projectId,
      transferStaffId: ids.admin,
    });
    expect(noReason.status).toBe(400);
    expect((await json(noReason)).message).toBe('请填写转办原因');
    const toOwner = await post('auditor01', 'actAccept/transferTask', {
      pkid: projectId,
      askReason: '请假',
      transferStaffId: ids.owner,
    });
    expect(toOwner.status).toBe(400);
    expect((await json(toOwner)).message).toBe('转办人员不是该事项的审核人员');
  });
});

describe('files through the archive’s chunked upload (folder result:<id>)', { timeout: 120_000 }, () => {
  /** One chunk, sent as simple-uploader.js does (test, post, merge). */
  async function archiveUpload(who: string, resultId: number, name: string) {
    const bytes = new TextEncoder().encode(`%PDF-1.7\n${name}\n`);
    const fields = {
      chunkNumber: '1',
      chunkSize: String(1024 * 1024),
      currentChunkSize: String(bytes.length),
      totalSize: String(bytes.length),
      identifier: `${bytes.length}-result-${resultId}-${name.length}`,
      filename: name,
      relativePath: name,
      totalChunks: '1',
      dirid: `result:${resultId}`,
      describe: '测绘成果',
      uploadType: '0',
    };
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    body.set('file', new File([bytes], name));
    const posted = await as(who).fetch('/archive/upload', { method: 'POST', body });
    if (posted.status !== 200) return posted;
    return as(who).fetch(
      `/archive/merge?${new URLSearchParams({ identifier: fields.identifier, filename: name, type: 'pdf', dirid: fields.dirid }).toString()}`,
    );
  }

  it('attaches the stored file to the item and moves the project 3 → 4; another agency may not write', async () => {
    const { projectId } = await filedProject();
    const { items } = await itemsOf('agency01', projectId);
    const resultId = items[0].resultId as number;
    expect((await archiveUpload('agency05', resultId, '他人报告.pdf')).status).toBe(403);
    const merged = await archiveUpload('agency01', resultId, '人防测量报告.pdf');
    expect(merged.status, await merged.clone().text()).toBe(200);
    expect(await statusOf(projectId)).toBe(4);
    const [item] = (await itemsOf('owner01', projectId)).items;
    expect(item.files.map((file: { fileName: string }) => file.fileName)).toEqual(['人防测量报告.pdf']);
  });
});
