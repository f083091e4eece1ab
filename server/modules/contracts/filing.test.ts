/**
 * A contract from an accepted authorization to filing, through the real HTTP app (issue 14): drafting
 * and checking, bad input changing nothing, the owner returning and confirming with an SMS code, the
 * agency's own confirmation when it submits, a rejected and a resubmitted filing, two reviewers
 * approving at once (one wins), the filing number, the project at 3 with its log line, and who may do
 * what (another party's contract answers 404).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  contracts,
  projectAuthorizations,
  projectDemands,
  projectLogs,
  projects,
  reviewItems,
  smsOutbox,
  users,
} from '@server/db/schema';
import { signedInTestApp, json } from '@server/modules/identity/test-support';
import { phoneCodeSentText } from '@server/modules/identity';
import { markWrites, offClock, writtenSince, type WriteMark } from '@server/test/product-clock';

const env = signedInTestApp({
  accounts: [
    'agency01',
    'owner01',
    'auditor01',
    'authority01',
    'admin',
    'agency05',
    'staff01',
    'district01',
    'share01',
  ],
  projects: 120,
});
const { as } = env;
let authorizationId = 0;
let projectId = 0;
let contractId = 0;
/** What the tables held before the walk (the product-clock test reads what the walk wrote). */
let beforeWalk: WriteMark;

const post = (who: string, path: string, fields: Record<string, string>) =>
  env.postForm(who, `/smsend/${path}`, fields);
const multipart = (who: string, path: string, fields: Record<string, string>) =>
  env.postMultipart(who, `/smsend/${path}`, fields);
const apply = async (who = 'agency01') =>
  (await json(await as(who).fetch(`/smsend/contract/queryApply?contractId=${contractId}`))).object;

async function codeFor(userId: number): Promise<string> {
  const [user] = await env.ctx.db
    .select({ phone: users.userphone })
    .from(users)
    .where(eq(users.pkid, userId));
  const [sent] = await env.ctx.db
    .select({ code: smsOutbox.code })
    .from(smsOutbox)
    .where(eq(smsOutbox.userphone, user!.phone!))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  return sent!.code!;
}

beforeAll(async () => {
  // A released project of owner01 (unit 1) whose demand agency01 (organization 1) has just accepted.
  const [project] = await env.ctx.db
    .select({ pkid: projects.pkid, demandId: projectDemands.pkid })
    .from(projects)
    .innerJoin(projectDemands, eq(projectDemands.projectId, projects.pkid))
    .where(
      and(
        eq(projects.constructionId, 1),
        eq(projects.status, 1),
        sql`not exists (select 1 from project_authorizations a where a.demand_id = ${projectDemands.pkid})`,
      ),
    )
    .limit(1);
  projectId = project!.pkid;
  await env.ctx.db.update(projects).set({ status: 2 }).where(eq(projects.pkid, projectId));
  await env.ctx.db
    .update(projectDemands)
    .set({ status: 2 })
    .where(eq(projectDemands.pkid, project!.demandId));
  const [auth] = await env.ctx.db
    .insert(projectAuthorizations)
    .values({ projectId, demandId: project!.demandId, organizationId: 1, state: 1, respondedAt: new Date() })
    .returning({ pkid: projectAuthorizations.pkid });
  authorizationId = auth!.pkid;
  beforeWalk = await markWrites(env.ctx.db);
});

describe('the demo data', () => {
  it('gives every role of the pages something to work on', async () => {
    const agencyBacklog = await json(await post('agency01', 'contract/backlog', { pageSize: '100' }));
    expect(agencyBacklog.total).toBeGreaterThan(0);
    const [returned] = await env.ctx.db
      .select({ id: contracts.contractId })
      .from(contracts)
      .where(and(eq(contracts.organizationId, 1), eq(contracts.status, 0), sql`return_reason is not null`));
    expect(returned).toBeDefined();
    const shown = agencyBacklog.rows.find((row: { contractId: number }) => row.contractId === returned!.id);
    expect(shown).toMatchObject({ status: 0, returned: true });
    // owner01 gets one to confirm whenever its unit has a contract not yet submitted for filing (the
    // small data set of this test may have none; the e2e's full demo has).
    const [open] = await env.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(contracts)
      .where(and(eq(contracts.constructionId, 1), sql`status < 3 and audit_status in (0, 3)`));
    const ownerBacklog = await json(await post('owner01', 'contract/backlog', { pageSize: '100' }));
    expect(ownerBacklog.total > 0).toBe(open!.n > 0);
    for (const row of ownerBacklog.rows) {
      const detail = (
        await json(await as('owner01').fetch(`/smsend/contract/queryApply?contractId=${row.contractId}`))
      ).object;
      expect(detail.actions).toEqual(['confirm', 'return']);
      expect(detail.paymentTerms).toBeTruthy();
    }
    const todo = await json(await post('auditor01', 'contract/toDoContract', {}));
    expect(todo.total).toBeGreaterThan(0);
    const filed = await json(await post('auditor01', 'contract/queryDoneList', {}));
    expect(filed.total).toBeGreaterThan(0);
    for (const who of ['agency01', 'owner01', 'staff01'])
      expect((await json(await post(who, 'contract/queryDoneList', {}))).total, who).toBeGreaterThan(0);
    const [confirmedRow] = await env.ctx.db
      .select({ code: contracts.ownerSmsCode, name: contracts.ownerConfirmedName })
      .from(contracts)
      .where(eq(contracts.status, 3))
      .limit(1);
    expect(confirmedRow!.code).toMatch(/^\d{6}$/);
  });
});

describe('drafting', () => {
  it('lists the accepted authorization as draftable, for its agency only', async () => {
    const mine = await json(await post('agency01', 'contract/draftable', { pageSize: '100' }));
    expect(mine.rows.map((row: { authorizationId: number }) => row.authorizationId)).toContain(
      authorizationId,
    );
    const other = await json(await post('agency05', 'contract/draftable', { pageSize: '100' }));
    expect(other.rows.map((row: { authorizationId: number }) => row.authorizationId)).not.toContain(
      authorizationId,
    );
  });

  it('refuses bad input with its message and creates nothing', async () => {
    const before = await env.ctx.db.select({ n: sql<number>`count(*)::int` }).from(contracts);
    const cases: [Record<string, string>, string][] = [
      [{ startOn: '2026-05-01', endOn: '2026-04-01' }, '结束日期不能早于开始日期'],
      [{ amount: '-100' }, '合同金额必须大于 0'],
      [{ amount: '0' }, '合同金额必须大于 0'],
      [{ amount: '0.00' }, '合同金额必须大于 0'],
      [{ amount: '120000000' }, '合同金额不能超过 1 亿元，请核对'],
      // 13 digits and more: the real reason, not "必须大于 0" (issue 21).
      [{ amount: '1234567890123' }, '合同金额不能超过 1 亿元，请核对'],
      [{ amount: '123456789012345678.00' }, '合同金额不能超过 1 亿元，请核对'],
      [{ amount: '12.345' }, '合同金额应为最多两位小数的数字'],
      [{ startOn: '2026-02-30' }, '请输入正确的日期（年-月-日）'],
    ];
    for (const [fields, message] of cases) {
      const response = await post('agency01', 'contract/add', {
        authorizationId: String(authorizationId),
        ...fields,
      });
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect((await json(response)).message).toBe(message);
    }
    expect(
      (await post('agency05', 'contract/add', { authorizationId: String(authorizationId) })).status,
    ).toBe(404);
    expect((await post('owner01', 'contract/add', { authorizationId: String(authorizationId) })).status).toBe(
      403,
    );
    const after = await env.ctx.db.select({ n: sql<number>`count(*)::int` }).from(contracts);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('drafts from the authorization: parties, project and items from the records', async () => {
    const response = await post('agency01', 'contract/add', {
      authorizationId: String(authorizationId),
      startOn: '2026-03-10',
    });
    expect(response.status).toBe(200);
    const draft = (await json(response)).data;
    contractId = draft.contractId;
    expect(draft).toMatchObject({
      status: 0,
      auditStatus: 0,
      projectId,
      organizationId: 1,
      constructionId: 1,
    });
    expect(draft.items.length).toBeGreaterThan(0);
    expect(draft.contractNo).toMatch(/^YZHT\d{10}$/);
    expect(draft.actions).toEqual(expect.arrayContaining(['edit', 'delete', 'send']));
    // One contract per authorization.
    const again = await post('agency01', 'contract/add', { authorizationId: String(authorizationId) });
    expect(again.status).toBe(409);
  });

  it('checkContract lists every problem, and sending is refused until they are fixed', async () => {
    const check = (
      await json(await post('agency01', 'contract/checkContract', { contractId: String(contractId) }))
    ).object;
    expect(check.ok).toBe(false);
    expect(check.problems.map((p: { field: string }) => p.field)).toEqual([
      'amount',
      'endOn',
      'paymentTerms',
    ]);
    const send = await post('agency01', 'contract/submitConfirm', { contractId: String(contractId) });
    expect(send.status).toBe(409);
    expect((await json(send)).message).toContain('请输入合同金额');
    // An end before the stored start is refused and changes nothing.
    const bad = await multipart('agency01', 'contract/update', {
      contractId: String(contractId),
      endOn: '2026-03-01',
    });
    expect(bad.status).toBe(400);
    expect((await apply()).endOn).toBeNull();
    const saved = await multipart('agency01', 'contract/update', {
      contractId: String(contractId),
      amount: '86000.50',
      endOn: '2026-06-30',
      paymentTerms: '合同签订后支付 30%，成果提交后付清余款',
    });
    expect(saved.status).toBe(200);
    const ok = (
      await json(await post('agency01', 'contract/checkContract', { contractId: String(contractId) }))
    ).object;
    expect(ok).toEqual({ ok: true, problems: [] });
  });

  it('a party flagged by credit since selection is listed as a problem', async () => {
    await env.ctx.db.execute(
      sql`update agent_organizations set is_lost_credit = true where organization_id = 1`,
    );
    const check = (
      await json(await post('agency01', 'contract/checkContract', { contractId: String(contractId) }))
    ).object;
    await env.ctx.db.execute(
      sql`update agent_organizations set is_lost_credit = false where organization_id = 1`,
    );
    expect(check.problems).toEqual([{ field: 'contract', message: expect.stringContaining('失信名单') }]);
  });
});

describe('confirmation', () => {
  it('the owner cannot confirm a draft; the agency sends it; then the agency cannot edit it', async () => {
    expect(
      (await post('owner01', 'contract/return', { contractId: String(contractId), reason: 'x' })).status,
    ).toBe(409);
    expect(
      (await post('agency01', 'contract/submitConfirm', { contractId: String(contractId) })).status,
    ).toBe(200);
    expect((await apply('owner01')).actions).toEqual(['confirm', 'return']);
    const edit = await multipart('agency01', 'contract/update', {
      contractId: String(contractId),
      amount: '1.00',
    });
    expect(edit.status).toBe(409);
    expect((await json(edit)).message).toBe('合同已提交，当前状态不能修改');
  });

  it('the owner returns it with a reason; the agency fixes and sends it again', async () => {
    const noReason = await post('owner01', 'contract/return', {
      contractId: String(contractId),
      reason: ' ',
    });
    expect(noReason.status).toBe(400);
    expect((await json(noReason)).message).toBe('请输入退回原因');
    const returned = await post('owner01', 'contract/return', {
      contractId: String(contractId),
      reason: '金额有误',
    });
    expect(returned.status).toBe(200);
    expect((await json(returned)).data).toMatchObject({ status: 0, returnReason: '金额有误' });
    expect(
      (await multipart('agency01', 'contract/update', { contractId: String(contractId), amount: '85000.00' }))
        .status,
    ).toBe(200);
    expect(
      (await post('agency01', 'contract/submitConfirm', { contractId: String(contractId) })).status,
    ).toBe(200);
  });

  it('the owner confirms with the SMS code it received; a wrong code changes nothing', async () => {
    const sent = await post('owner01', 'contract/sendConfirmCode', { contractId: String(contractId) });
    expect(sent.status).toBe(200);
    const sentAnswer = await json(sent);
    expect(sentAnswer.data.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    // Demo mode: the answer says where the code can be read; production says only that it was sent.
    expect(sentAnswer.message).toBe(
      '验证码已发送。演示环境不发送真实短信：验证码可由系统管理员（admin）在“系统管理 › 短信发件箱”（/system/smsOutbox）查看',
    );
    expect(phoneCodeSentText({ config: { ...env.ctx.config, mode: 'production' } })).toBe('验证码已发送');
    const code = await codeFor(2);
    const wrong = await post('owner01', 'contract/confirm', {
      contractId: String(contractId),
      smsCode: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect((await apply('owner01')).status).toBe(1);
    const confirmed = await post('owner01', 'contract/confirm', {
      contractId: String(contractId),
      smsCode: code,
    });
    expect(confirmed.status).toBe(200);
    const data = (await json(confirmed)).data;
    expect(data).toMatchObject({ status: 2, returnReason: null });
    expect(data.signedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(data.ownerConfirmation.name).toBeTruthy();
    // A spent code is never shown back: not in the answer, not to the agency reading the contract.
    expect(data.ownerConfirmation).not.toHaveProperty('smsCode');
    expect(JSON.stringify(data)).not.toContain(code);
    const read = await as('agency01').fetch(`/smsend/contract/queryApply?contractId=${contractId}`);
    expect(await read.text()).not.toContain(code);
  });
});

describe('filing', () => {
  it('the agency confirms with its own SMS code and submits; the auditor finds it in the to-do', async () => {
    const noCode = await post('agency01', 'contract/addRecord', { contractId: String(contractId) });
    expect(noCode.status).toBe(400);
    expect((await json(noCode)).message).toBe('请输入手机验证码');
    expect(
      (await post('agency01', 'contract/sendConfirmCode', { contractId: String(contractId) })).status,
    ).toBe(200);
    const code = await codeFor(3);
    const submitted = await post('agency01', 'contract/addRecord', {
      contractId: String(contractId),
      smsCode: code,
    });
    expect(submitted.status).toBe(200);
    const data = (await json(submitted)).data;
    expect(data).toMatchObject({ status: 2, auditStatus: 1 });
    expect(data.agencyConfirmation).not.toHaveProperty('smsCode');
    expect(JSON.stringify(data)).not.toContain(code);
    // Neither party's code reaches the owner or a reviewer.
    for (const who of ['owner01', 'auditor01', 'authority01']) {
      const read = await as(who).fetch(`/smsend/contract/queryApply?contractId=${contractId}`);
      expect(read.status).toBe(200);
      expect(await read.text()).not.toContain(code);
    }
    const todo = await json(await post('auditor01', 'contract/toDoContract', { pageSize: '100' }));
    expect(todo.rows.map((row: { contractId: number }) => row.contractId)).toContain(contractId);
    const overseen = await json(await post('authority01', 'contract/toDoContract', { pageSize: '100' }));
    expect(overseen.total).toBeGreaterThan(0);
    // The authority oversees but does not decide; the parties (owner, agency) never decide their own
    // filing (issue 21), nor do staff, district offices or the sharing account.
    for (const who of ['authority01', 'owner01', 'agency01', 'staff01', 'district01', 'share01']) {
      const response = await post(who, 'contract/approve', {
        contractId: String(contractId),
        auditStatus: '2',
      });
      expect(response.status, who).toBe(403);
    }
    expect((await apply()).auditStatus).toBe(1);
  });

  it('the auditor rejects with an opinion; the agency resubmits without a new code', async () => {
    const noOpinion = await post('auditor01', 'contract/approve', {
      contractId: String(contractId),
      auditStatus: '3',
    });
    expect(noOpinion.status).toBe(400);
    const rejected = await post('auditor01', 'contract/approve', {
      contractId: String(contractId),
      auditStatus: '3',
      opinion: '付款方式不明确',
    });
    expect(rejected.status).toBe(200);
    expect((await apply()).auditStatus).toBe(3);
    expect((await apply()).actions).toEqual(expect.arrayContaining(['edit', 'record']));
    expect((await post('agency01', 'contract/addRecord', { contractId: String(contractId) })).status).toBe(
      200,
    );
    const records = (
      await json(await as('agency01').fetch(`/smsend/contract/auditInfo?contractId=${contractId}`))
    ).object;
    expect(records.map((r: { decisionLabel: string }) => r.decisionLabel)).toEqual([
      '提交审核',
      '审核不通过',
      '提交审核',
    ]);
  });

  it('two reviewers approving at once: one wins, the filing number is given, the project moves to 3', async () => {
    const { version } = (await apply('auditor01')).review;
    const results = await Promise.allSettled(
      ['auditor01', 'admin'].map((who) =>
        post(who, 'contract/approve', {
          contractId: String(contractId),
          auditStatus: '2',
          version: String(version),
        }),
      ),
    );
    const statuses = results.map((r) => (r.status === 'fulfilled' ? r.value.status : 0)).sort();
    expect(statuses).toEqual([200, 409]);
    const filed = await apply();
    expect(filed).toMatchObject({ status: 3, auditStatus: 2 });
    const year = new Date(Date.parse(filed.filedAt) + 8 * 3_600_000).getUTCFullYear();
    expect(filed.filingNo).toBe(`YZBA${year}${String(contractId).padStart(6, '0')}`);
    const [project] = await env.ctx.db
      .select({ status: projects.status })
      .from(projects)
      .where(eq(projects.pkid, projectId));
    expect(project!.status).toBe(3);
    const [log] = await env.ctx.db
      .select()
      .from(projectLogs)
      .where(eq(projectLogs.projectId, projectId))
      .orderBy(desc(projectLogs.pkid))
      .limit(1);
    expect(log).toMatchObject({ statusFrom: 2, statusTo: 3 });
    expect(log!.content).toContain(filed.filingNo);
    const approvals = await env.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sql`audit_records`)
      .where(sql`subject_type = 'contract' and subject_id = ${contractId} and decision = 2`);
    expect(approvals[0]!.n).toBe(1);
  });

  it('a filed contract cannot be edited, deleted or resubmitted', async () => {
    const edit = await multipart('agency01', 'contract/update', {
      contractId: String(contractId),
      amount: '1.00',
    });
    expect(edit.status).toBe(409);
    expect((await json(edit)).message).toBe('合同已备案，不能修改');
    expect((await as('agency01').fetch(`/smsend/contract/metadata/delete/${contractId}`)).status).toBe(409);
    expect((await post('agency01', 'contract/addRecord', { contractId: String(contractId) })).status).toBe(
      409,
    );
    expect((await apply()).amount).toBe('85000.00');
  });

  it('its flow shows both confirmations, who made them, and the filing in order', async () => {
    const flow = (
      await json(await as('agency01').fetch(`/smsend/contract/flow/queryOne?contractId=${contractId}`))
    ).object;
    const labels: string[] = flow.events.map((event: { label: string }) => event.label);
    const positions = ['起草合同', '建设单位确认合同', '中介机构确认合同', '合同备案审核通过'].map((label) =>
      labels.findIndex((text) => text.startsWith(label)),
    );
    expect(
      positions.every((position) => position >= 0),
      labels.join(' | '),
    ).toBe(true);
    expect([...positions].sort((x, y) => x - y)).toEqual(positions);
    const owner = flow.events.find((event: { label: string }) => event.label === '建设单位确认合同');
    expect(owner.actor).toBeTruthy();
    expect(flow.step).toBe('filed');
  });

  it('the parties’ lists and the reviewer’s done list show it where it belongs', async () => {
    const done = await json(await post('auditor01', 'contract/doneContract', { pageSize: '100' }));
    expect(done.rows.map((row: { contractId: number }) => row.contractId)).toContain(contractId);
    const agencyDone = await json(await post('agency01', 'contract/queryDoneList', { pageSize: '100' }));
    expect(agencyDone.rows.map((row: { contractId: number }) => row.contractId)).toContain(contractId);
    const backlog = await json(await post('agency01', 'contract/backlog', { pageSize: '100' }));
    expect(backlog.rows.map((row: { contractId: number }) => row.contractId)).not.toContain(contractId);
    for (const row of backlog.rows) expect([0, 2]).toContain(row.status);
    const ownerBacklog = await json(await post('owner01', 'contract/backlog', { pageSize: '100' }));
    for (const row of ownerBacklog.rows) expect(row.status).toBe(1);
  });

  it('another party’s contract answers 404; a draft is deleted with its review item', async () => {
    expect((await as('agency05').fetch(`/smsend/contract/queryApply?contractId=${contractId}`)).status).toBe(
      404,
    );
    const [draft] = await env.ctx.db
      .select({ id: contracts.contractId, org: contracts.organizationId })
      .from(contracts)
      .where(and(eq(contracts.status, 0), eq(contracts.organizationId, 1), sql`owner_confirmed_at is null`))
      .limit(1);
    if (!draft) return;
    expect((await as('agency05').fetch(`/smsend/contract/metadata/delete/${draft.id}`)).status).toBe(404);
    // A page on another site cannot make the agency's browser delete it, Referer or not (issue 21).
    const crossSite = await as('agency01').fetch(`/smsend/contract/metadata/delete/${draft.id}`, {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    expect((await as('agency01').fetch(`/smsend/contract/metadata/delete/${draft.id}`)).status).toBe(200);
    const left = await env.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(reviewItems)
      .where(and(eq(reviewItems.subjectType, 'contract'), eq(reviewItems.subjectId, draft.id)));
    expect(left[0]!.n).toBe(0);
  });
});

describe('the product clock', () => {
  it('dates every message, log line and decision of the walk by the context clock, not the database', async () => {
    const written = await writtenSince(env.ctx.db, beforeWalk);
    // Drafting, sending, returning, confirming, submitting, rejecting, approving and deleting all wrote.
    expect(written.filter((row) => row.table === 'messages').length).toBeGreaterThan(3);
    expect(written.filter((row) => row.table === 'project_logs').length).toBeGreaterThan(3);
    expect(written.filter((row) => row.table === 'audit_records').length).toBeGreaterThan(2);
    expect(offClock(written, env.clock.now)).toEqual([]);
  });
});
