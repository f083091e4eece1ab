/**
 * Result sharing through the HTTP app (issue 22): share01 browses accepted results and applies; the
 * project's owner (its one named reviewer: another owner and the authority are refused at that step),
 * then the authority, decide through the review workflow, each decision with its record and messages;
 * a rejection needs an opinion and is final; share01 downloads only the adopted files of a project
 * approved to it and only until the validity ends (then a Chinese refusal naming the day); every
 * download under an application is recorded and listed for share01, the owner and the authority.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditRecords,
  districts,
  files,
  messages,
  projectResultFiles,
  projectResults,
  projects,
  reviewItems,
  shareApplications,
  shareDownloads,
} from '@server/db/schema';
import { AGENCY_ORG_ID, ids } from '@server/seed/demo-context';
import { demoLoginNames, json, signedInTestApp } from '@server/modules/identity/test-support';
import { insertDemand } from '@server/modules/projects/test-support';
import { DEFAULT_SHARE_VALID_DAYS } from '@shared/domain/sharing';

const env = signedInTestApp({ accounts: [...demoLoginNames, 'owner02'] });
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

const query = (input: Record<string, string | number | boolean>) =>
  new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)])).toString();
const get = (who: string, path: string, input: Record<string, string | number> = {}) =>
  as(who).fetch(`/smsend/${path}?${query(input)}`);
const post = (who: string, path: string, body: Record<string, unknown>) =>
  as(who).fetch(`/smsend/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const download = (who: string, id: number) => as(who).fetch(`/task/common/downloadAchieveFile/${id}`);

/** An accepted project (6) of owner01 surveyed by agency01, its results adopted: its file rows. */
async function acceptedProject(name = '共享测试项目') {
  const made = await insertDemand(env.ctx.db, {
    name,
    code: 'GX',
    districtCode,
    items: [404],
    offer: { organizationId: AGENCY_ORG_ID, state: 0, responded: false },
  });
  expect((await post('agency01', 'project/authorization/accept', { id: made.authorizationId })).status).toBe(
    200,
  );
  await env.ctx.db.update(projects).set({ status: 3 }).where(eq(projects.pkid, made.projectId));
  // Reading the results creates the result items of the project's fixed catalogue.
  const read = await get('agency01', 'projectAccept/query', { projectId: made.projectId });
  expect(read.status).toBe(200);
  const items = (await json(read)).object.items as { resultId: number; name: string }[];
  const fileRows: { id: number; name: string }[] = [];
  for (const item of items) {
    const bytes = new TextEncoder().encode(`${item.name} 的成果内容`);
    const stored = await env.ctx.storage.write(bytes);
    const [file] = await env.ctx.db
      .insert(files)
      .values({
        originalName: `${item.name}.pdf`,
        contentType: 'application/pdf',
        size: stored.size,
        sha256: stored.sha256,
        storageKey: stored.key,
        createdBy: ids.agency,
      })
      .returning({ id: files.id });
    const [row] = await env.ctx.db
      .insert(projectResultFiles)
      .values({ resultId: item.resultId, fileId: file!.id, createdBy: ids.agency })
      .returning({ pkid: projectResultFiles.pkid });
    fileRows.push({ id: row!.pkid, name: `${item.name}.pdf` });
  }
  await env.ctx.db
    .update(projectResults)
    .set({ status: 2, decidedAt: new Date(), decidedBy: ids.auditor })
    .where(eq(projectResults.projectId, made.projectId));
  await env.ctx.db.update(projects).set({ status: 6 }).where(eq(projects.pkid, made.projectId));
  return { projectId: made.projectId, files: fileRows };
}

const applicationOf = async (pkid: number) =>
  (await env.ctx.db.select().from(shareApplications).where(eq(shareApplications.pkid, pkid)))[0]!;
const lastMessage = async (userId: number) =>
  (
    await env.ctx.db
      .select({ content: messages.messageContent, link: messages.link })
      .from(messages)
      .where(eq(messages.userId, userId))
      .orderBy(desc(messages.messageId))
      .limit(1)
  )[0];

async function apply(projectId: number, purpose = '用于城市更新规划编制') {
  const response = await post('share01', 'resultShare/apply', { projectId, purpose, submit: true });
  expect(response.status).toBe(200);
  const body = await json(response);
  expect(body.message).toBe('共享申请已提交，请等待建设单位审核');
  return body.data.pkid as number;
}

describe('sharing applications through the review workflow', () => {
  it('draft → owner → authority → approved, each step decided only by its holder', async () => {
    const { projectId } = await acceptedProject();
    const browse = await json(await get('share01', 'resultShare/shareable', { keyword: '共享测试项目' }));
    const row = browse.rows.find((r: { projectId: number }) => r.projectId === projectId);
    expect(row).toMatchObject({ status: 6, myApplication: null });
    expect(row.itemNames).toEqual(['人防测量']);
    expect(row.fileCount).toBe(2);

    // A draft first: only share01 sees it.
    const draft = await post('share01', 'resultShare/apply', { projectId, purpose: '规划编制' });
    const drafted = await json(draft);
    expect(drafted.message).toBe('共享申请已保存');
    const pkid = drafted.data.pkid as number;
    expect((await applicationOf(pkid)).status).toBe(0);
    expect((await get('owner01', 'resultShare/get', { pkid })).status).toBe(404);
    // A second application for the same project while one is open.
    const twice = await post('share01', 'resultShare/apply', { projectId, purpose: '再次申请' });
    expect(twice.status).toBe(409);
    expect((await json(twice)).message).toBe('您已有该项目尚在审批中或有效期内的共享申请');

    const submitted = await post('share01', 'resultShare/apply', {
      pkid,
      projectId,
      purpose: '用于城市更新规划编制',
      submit: true,
    });
    expect(submitted.status).toBe(200);
    expect((await applicationOf(pkid)).status).toBe(1);
    // The owner step is held by owner01 alone, and owner01 is told.
    const [ownerItem] = await env.ctx.db
      .select()
      .from(reviewItems)
      .where(and(eq(reviewItems.subjectType, 'share_owner'), eq(reviewItems.subjectId, pkid)));
    expect(ownerItem).toMatchObject({ status: 1, assigneeId: ids.owner, applicantId: ids.sharing });
    expect(await lastMessage(ids.owner)).toMatchObject({
      content: '有新的成果共享（建设单位审核）待审核',
      link: `/workflow/applyDetials?id=${pkid}`,
    });
    const todo = await json(await post('owner01', 'resultShare/list', { todo: true }));
    expect(todo.rows.map((r: { pkid: number }) => r.pkid)).toContain(pkid);
    const home = await json(await get('owner01', 'workbench/home'));
    expect(JSON.stringify(home.data)).toContain(`/workflow/applyDetials?id=${pkid}`);

    // Not someone else's step: another owner does not see it, the authority may not decide it yet.
    expect((await post('owner02', 'resultShare/approve', { pkid, auditStatus: 2 })).status).toBe(404);
    const early = await post('authority01', 'resultShare/approve', { pkid, auditStatus: 2 });
    expect(early.status).toBe(403);
    expect((await json(early)).message).toBe('该申请当前不由您审核');
    expect((await post('share01', 'resultShare/approve', { pkid, auditStatus: 2 })).status).toBe(403);

    const byOwner = await post('owner01', 'resultShare/approve', { pkid, auditStatus: 2 });
    expect(byOwner.status).toBe(200);
    expect((await json(byOwner)).message).toBe('已同意，申请已转主管部门审核');
    expect((await applicationOf(pkid)).status).toBe(2);
    expect(await lastMessage(ids.authority)).toMatchObject({
      content: '有新的成果共享（主管部门审核）待审核',
      link: `/workflow/applyDetials?id=${pkid}`,
    });
    // The owner cannot decide the authority's step.
    const again = await post('owner01', 'resultShare/approve', { pkid, auditStatus: 2 });
    expect(again.status).toBe(403);
    const authorityHome = await json(await get('authority01', 'workbench/home'));
    expect(JSON.stringify(authorityHome.data)).toContain(`/workflow/applyDetials?id=${pkid}`);

    // The product clock stamps the decision (the test clock stands still unless moved).
    const before = env.clock.now.getTime();
    const byAuthority = await post('authority01', 'resultShare/approve', { pkid, auditStatus: 2 });
    expect(byAuthority.status).toBe(200);
    expect((await json(byAuthority)).message).toBe('已同意，申请人可在有效期内下载成果');
    const approved = await applicationOf(pkid);
    expect(approved.status).toBe(3);
    const days = (approved.validUntil!.getTime() - approved.approvedAt!.getTime()) / 86_400_000;
    expect(days).toBe(DEFAULT_SHARE_VALID_DAYS);
    expect(approved.approvedAt!.getTime()).toBe(before);
    expect((await lastMessage(ids.sharing))?.content).toBe('您提交的成果共享（主管部门审核）已审核通过');

    const detail = await json(await get('share01', 'resultShare/get', { pkid }));
    expect(detail.object).toMatchObject({ status: 3, validity: 'valid', canDownload: true, review: null });
    expect(detail.object.files).toHaveLength(2);
    // submit, approve (owner), submit (hand-over), approve (authority)
    expect(detail.object.records.map((r: { decision: number }) => r.decision)).toHaveLength(4);
    const records = await env.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditRecords)
      .where(
        sql`${auditRecords.subjectId} = ${pkid} and ${auditRecords.subjectType} in ('share_owner', 'share_authority')`,
      );
    expect(records[0]!.n).toBe(4);
  });

  it('a rejection at either step needs an opinion, is final and tells the applicant', async () => {
    const { projectId } = await acceptedProject('共享退回项目');
    const first = await apply(projectId);
    const bare = await post('owner01', 'resultShare/approve', { pkid: first, auditStatus: 3 });
    expect(bare.status).toBe(400);
    expect((await json(bare)).message).toBe('请填写审核意见');
    expect((await applicationOf(first)).status).toBe(1);
    const rejected = await post('owner01', 'resultShare/approve', {
      pkid: first,
      auditStatus: 3,
      opinion: '申请用途不明确',
    });
    expect(rejected.status).toBe(200);
    expect((await applicationOf(first)).status).toBe(4);
    expect((await lastMessage(ids.sharing))?.content).toBe(
      '您提交的成果共享（建设单位审核）审核不通过，意见：申请用途不明确',
    );
    const late = await post('owner01', 'resultShare/approve', { pkid: first, auditStatus: 2 });
    expect(late.status).toBe(409);
    expect((await json(late)).message).toBe('申请当前为“建设单位不同意”，不能修改');

    // A new application; the authority rejects it.
    const second = await apply(projectId);
    await post('owner01', 'resultShare/approve', { pkid: second, auditStatus: 2 });
    const no = await post('authority01', 'resultShare/approve', {
      pkid: second,
      auditStatus: 3,
      opinion: '涉及保密内容',
    });
    expect(no.status).toBe(200);
    expect((await applicationOf(second)).status).toBe(5);
    const detail = await json(await get('share01', 'resultShare/get', { pkid: second }));
    expect(detail.object).toMatchObject({ canDownload: false, files: [] });
  });

  it('refuses bad input with Chinese messages and changes nothing', async () => {
    const noPurpose = await post('share01', 'resultShare/apply', { projectId: 1, purpose: ' ' });
    expect(noPurpose.status).toBe(400);
    expect((await json(noPurpose)).message).toBe('请填写申请用途');
    const draftProject = await insertDemand(env.ctx.db, {
      name: '未验收项目',
      code: 'WY',
      districtCode,
      items: [404],
    });
    const count = async () =>
      (await env.ctx.db.select({ n: sql<number>`count(*)::int` }).from(shareApplications))[0]!.n;
    const before = await count();
    const notAccepted = await post('share01', 'resultShare/apply', {
      projectId: draftProject.projectId,
      purpose: '用途',
    });
    expect(notAccepted.status).toBe(409);
    expect((await json(notAccepted)).message).toBe('该项目尚未验收或没有已采纳的成果，不能申请共享');
    expect(await count()).toBe(before);
    expect((await post('owner01', 'resultShare/apply', { projectId: 1, purpose: '用途' })).status).toBe(403);
  });
});

describe('downloads under an application', () => {
  it('only what was approved, only until it expires, each recorded and listed', async () => {
    const { projectId, files: fileRows } = await acceptedProject('共享下载项目');
    const other = await acceptedProject('未申请项目');
    const file = fileRows[0]!;

    // Before an approval: refused with the reason, nothing recorded.
    const pkid = await apply(projectId);
    const early = await download('share01', file.id);
    expect(early.status).toBe(403);
    expect((await json(early)).message).toBe('您没有该项目成果的共享权限，请先提交共享申请并等待审批通过');
    await post('owner01', 'resultShare/approve', { pkid, auditStatus: 2 });
    await post('authority01', 'resultShare/approve', { pkid, auditStatus: 2 });

    const ok = await download('share01', file.id);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-disposition')).toContain('attachment');
    expect(await ok.text()).toContain('的成果内容');
    const byStoredId = await env.ctx.db
      .select({ fileId: projectResultFiles.fileId })
      .from(projectResultFiles)
      .where(eq(projectResultFiles.pkid, fileRows[1]!.id));
    const second = await as('share01').fetch(
      `/task/common/download?${query({ fileName: byStoredId[0]!.fileId, delete: 'true' })}`,
    );
    expect(second.status).toBe(200);
    expect((await second.arrayBuffer()).byteLength).toBeGreaterThan(0);
    // Not an image.
    const image = await as('share01').fetch(`/task/common/downloadImage/${file.id}`);
    expect(image.status).toBe(400);
    expect((await json(image)).message).toBe('该成果文件不是图片，请使用下载');

    // Another project's file: not approved to share01.
    const foreign = await download('share01', other.files[0]!.id);
    expect(foreign.status).toBe(403);
    // Another owner and the public get nothing; the owner and the agency get it, not recorded.
    expect((await download('owner02', file.id)).status).toBe(404);
    expect((await download('anonymous', file.id)).status).toBe(401);
    expect((await download('owner01', file.id)).status).toBe(200);
    expect((await download('agency01', file.id)).status).toBe(200);

    const recorded = await env.ctx.db
      .select()
      .from(shareDownloads)
      .where(eq(shareDownloads.applicationId, pkid));
    expect(recorded).toHaveLength(2);
    expect(recorded.every((row) => row.userId === ids.sharing)).toBe(true);

    for (const who of ['share01', 'owner01', 'authority01']) {
      const list = await json(await post(who, 'resultShare/downloadList', { applicationId: pkid }));
      expect(list.total).toBe(2);
      expect(list.rows[0]).toMatchObject({ userName: expect.any(String), itemName: '人防测量' });
      expect(list.rows.map((r: { fileName: string }) => r.fileName).sort()).toEqual(
        fileRows.map((f) => f.name).sort(),
      );
    }
    expect(
      (await json(await post('owner02', 'resultShare/downloadList', { applicationId: pkid }))).total,
    ).toBe(0);
    const shared = await json(await post('owner01', 'resultShare/sharedProjects', {}));
    expect(shared.rows.find((r: { applicationId: number }) => r.applicationId === pkid)).toMatchObject({
      downloads: 2,
      validity: 'valid',
    });
    const detail = await json(
      await as('share01').fetch(`/smsend/projectHistory/achieveFileDetail/${file.id}`, { method: 'POST' }),
    );
    expect(detail.object).toMatchObject({ projectId, canDownload: true, resultStatus: 2 });

    // Expired: refused with the day, nothing recorded.
    await env.ctx.db
      .update(shareApplications)
      .set({ validUntil: new Date('2026-01-31T04:00:00Z') })
      .where(eq(shareApplications.pkid, pkid));
    const expired = await download('share01', file.id);
    expect(expired.status).toBe(403);
    expect((await json(expired)).message).toBe(
      '您的成果共享申请已于2026-01-31到期，不能再下载，如需继续使用请重新申请',
    );
    expect(
      (await env.ctx.db.select().from(shareDownloads).where(eq(shareDownloads.applicationId, pkid))).length,
    ).toBe(2);
    const after = await json(await get('share01', 'resultShare/get', { pkid }));
    expect(after.object).toMatchObject({ validity: 'expired', canDownload: false, files: [] });
    // After expiry share01 may apply again.
    expect(await apply(projectId)).toBeGreaterThan(pkid);
  });
});
