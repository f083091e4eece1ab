/**
 * Credit calls through the HTTP app: who may call, adding an entry raises the agency's flag (hall
 * directory and isAgencySelectable), ending it drops it, bad input is a 400 that changes nothing, the
 * person blacklist holds across agencies, and an agency sees only its own staff's blacklist record.
 */
import { and, count, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentOrganizations, agentStaff, creditEntries, files } from '@server/db/schema';
import { AGENCY_ORG_ID } from '@server/db/seed/demo-context';
import {
  createIdentityTestContext,
  demoLoginNames,
  signInDemoBrowsers,
  type Browser,
} from '@server/modules/identity/test-support';
import { beijingDate } from '@shared/validation/jobs';
import { isAgencySelectable } from './flags';

let env: Awaited<ReturnType<typeof createIdentityTestContext>>;
let browsers: Record<string, Browser> = {};
const managers = new Set(['admin', 'authority01']);

beforeAll(async () => {
  env = await createIdentityTestContext();
  browsers = await signInDemoBrowsers(env.app);
}, 60_000);
afterAll(() => env.ctx.dispose());

const as = (name: string) => browsers[name] as Browser;
const today = () => beijingDate(env.clock.now);
interface Envelope {
  success: boolean;
  message: string;
  field?: string;
  data: Record<string, unknown> & { pkid: number; evidence: { fileId: string }[] };
  rows: Record<string, unknown>[];
  total: number;
}
const json = async (response: Response) => (await response.json()) as Envelope;
function multipart(fields: Record<string, string | File>): RequestInit {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return { method: 'POST', body };
}
const entryCount = async () => (await env.ctx.db.select({ n: count() }).from(creditEntries))[0]?.n;
const fileCount = async () => (await env.ctx.db.select({ n: count() }).from(files))[0]?.n;

/** An approved agency without flags, other than agency01. */
async function cleanAgency(): Promise<number> {
  const [org] = await env.ctx.db
    .select({ id: agentOrganizations.organizationId })
    .from(agentOrganizations)
    .where(
      and(
        eq(agentOrganizations.auditStatus, 2),
        eq(agentOrganizations.isLostCredit, false),
        eq(agentOrganizations.isUnqualified, false),
        eq(agentOrganizations.isBlacklisted, false),
        ne(agentOrganizations.organizationId, AGENCY_ORG_ID),
      ),
    )
    .orderBy(agentOrganizations.organizationId)
    .limit(1);
  return org!.id;
}

describe('who may call', () => {
  it.each(['anonymous', ...demoLoginNames])('%s', async (who) => {
    const manager = managers.has(who);
    const expected = who === 'anonymous' ? 401 : manager ? 200 : 403;
    expect((await as(who).fetch('/smsend/agentorg/queryLose')).status).toBe(expected);
    expect((await as(who).fetch('/smsend/agentstaff/queryBlacklist')).status).toBe(expected);
    expect((await as(who).fetch('/smsend/agBreakPro/query?size=5')).status).toBe(expected);
    // The organization blacklist and the red list are open to every signed-in user (黑名单查询).
    expect((await as(who).fetch('/smsend/agentorg/queryBlacklist')).status).toBe(
      who === 'anonymous' ? 401 : 200,
    );
    expect((await as(who).fetch('/smsend/jn_credit/redByFrListQuery')).status).toBe(
      who === 'anonymous' ? 401 : 200,
    );
    if (!manager) {
      const before = await entryCount();
      const response = await as(who).fetch(
        '/smsend/agentorg/updateBlacklistAog',
        multipart({ organizationId: String(await cleanAgency()), reason: '测试', startDate: today() }),
      );
      expect(response.status).toBe(who === 'anonymous' ? 401 : 403);
      expect(await entryCount()).toBe(before);
    }
  });
});

describe('the demo lists', () => {
  it('show entries of every list with their decider', async () => {
    for (const path of [
      'agentorg/queryLose',
      'agentorg/queryUnqualified',
      'agentorg/queryHistoryUnqualified',
      'agentstaff/queryBlacklist',
      'agentorg/queryBlacklist',
      'jn_credit/redByFrListQuery',
    ]) {
      const body = await json(await as('authority01').fetch(`/smsend/${path}`));
      expect(body.total, path).toBeGreaterThan(0);
      expect(body.rows[0]?.decidedByName, path).toBeTruthy();
    }
    const history = await json(await as('authority01').fetch('/smsend/agentorg/queryHistoryUnqualified'));
    expect(history.rows.every((row) => row.status !== 'active')).toBe(true);
  });
});

describe('an organization blacklist entry', () => {
  it('raises the flag in the hall directory, keeps the agency out of new demands, and ends', async () => {
    const organizationId = await cleanAgency();
    expect(await isAgencySelectable(env.ctx.db, organizationId)).toBe(true);
    const added = await json(
      await as('authority01').fetch(
        '/smsend/agentorg/updateBlacklistAog',
        multipart({
          organizationId: String(organizationId),
          reason: '伪造测绘成果',
          startDate: today(),
          endDate: '2027-12-31',
          evidence1: new File(['%PDF-1.4 调查报告'], '调查报告.pdf', { type: 'application/pdf' }),
        }),
      ),
    );
    expect(added).toMatchObject({ success: true, message: '已加入黑名单' });
    expect(added.data).toMatchObject({
      kind: 'blacklist',
      status: 'active',
      reason: '伪造测绘成果',
      decidedByName: expect.any(String),
    });
    expect(added.data.evidence).toHaveLength(1);
    expect(await isAgencySelectable(env.ctx.db, organizationId)).toBe(false);
    const directory = await json(
      await as('anonymous').fetch('/smsend/agentorg/query?credit=blacklisted&rows=100'),
    );
    expect(directory.rows.find((row) => row.organizationId === organizationId)?.creditFlags).toContain(
      'blacklisted',
    );
    const evidence = await as('authority01').fetch(
      `/smsend/jn_credit/evidence/${added.data.evidence[0]?.fileId}`,
    );
    expect(evidence.status).toBe(200);
    expect(await evidence.text()).toContain('调查报告');

    // A second active entry of the same kind is refused.
    const again = await as('authority01').fetch(
      '/smsend/agentorg/updateBlacklistAog',
      multipart({ organizationId: String(organizationId), reason: '重复', startDate: today() }),
    );
    expect(again.status).toBe(409);

    const ended = await json(
      await as('authority01').fetch('/smsend/agentorg/endCredit', {
        method: 'POST',
        body: new URLSearchParams({ pkid: String(added.data.pkid), endReason: '复核撤销' }),
      }),
    );
    expect(ended.data).toMatchObject({
      status: 'ended',
      endReason: '复核撤销',
      endedByName: expect.any(String),
    });
    expect(await isAgencySelectable(env.ctx.db, organizationId)).toBe(true);
    const endedTwice = await as('authority01').fetch('/smsend/agentorg/endCredit', {
      method: 'POST',
      body: new URLSearchParams({ pkid: String(added.data.pkid), endReason: '再次撤销' }),
    });
    expect(endedTwice.status).toBe(409);
  });

  it.each([
    [
      { reason: '测试', startDate: '2026-03-10', endDate: '2026-03-01' },
      'endDate',
      '结束日期不能早于开始日期',
    ],
    [{ reason: '', startDate: '2026-03-10' }, 'reason', '请输入原因'],
    [{ reason: '测试', startDate: '2026-02-30' }, 'startDate', '日期格式不正确'],
    [{ reason: '测试', startDate: '2026-03-10', evidence1: new File(['MZ'], '证据.exe') }, 'evidence1', ''],
  ] as [Record<string, string | File>, string, string][])(
    'refuses %o with a 400 that changes nothing',
    async (fields, field, message) => {
      const [entries, stored] = [await entryCount(), await fileCount()];
      const response = await as('authority01').fetch(
        '/smsend/agentorg/updateLoseAog',
        multipart({ organizationId: String(await cleanAgency()), ...fields }),
      );
      expect(response.status).toBe(400);
      const body = await json(response);
      expect(body.field).toBe(field);
      expect(body.message).toContain(message);
      expect([await entryCount(), await fileCount()]).toEqual([entries, stored]);
    },
  );

  it('answers 404 for an agency that does not exist', async () => {
    const response = await as('authority01').fetch(
      '/smsend/agentorg/updateLoseAog',
      multipart({ organizationId: '999999', reason: '测试', startDate: today() }),
    );
    expect(response.status).toBe(404);
  });
});

describe('unqualified entries and their violation projects', () => {
  it('lists the violation projects of an entry', async () => {
    const organizationId = await cleanAgency();
    const response = await as('authority01').fetch(
      '/smsend/agentorg/updateUnqualifiedAog',
      multipart({
        organizationId: String(organizationId),
        reason: '成果质量不合格',
        startDate: today(),
        projectIds: '',
      }),
    );
    expect(response.status).toBe(200);
    const bad = await as('authority01').fetch(
      '/smsend/agentorg/updateUnqualifiedAog',
      multipart({
        organizationId: String(organizationId),
        reason: '成果质量不合格',
        startDate: today(),
        projectIds: '1,x',
      }),
    );
    expect(bad.status).toBe(400);
    const { data } = await json(response);
    const projects = await json(
      await as('authority01').fetch(`/smsend/agBreakPro/querySelf?pkid=${data.pkid}`),
    );
    expect(projects.data).toEqual([]);
  });
});

describe('the person blacklist', () => {
  it('flags the person in every agency, and an agency sees only its own staff', async () => {
    const [own] = await env.ctx.db
      .select()
      .from(agentStaff)
      .where(eq(agentStaff.organizationId, AGENCY_ORG_ID))
      .limit(1);
    const [other] = await env.ctx.db
      .select()
      .from(agentStaff)
      .where(ne(agentStaff.organizationId, AGENCY_ORG_ID))
      .limit(1);
    const bad = await as('authority01').fetch(
      '/smsend/agentstaff/addBlacklist',
      multipart({
        personName: own!.name,
        idCardNo: '110105194912310021',
        reason: '出借执业证书',
        startDate: today(),
      }),
    );
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe('身份证号码不正确，请核对后重新输入');

    const added = await json(
      await as('authority01').fetch(
        '/smsend/agentstaff/addBlacklist',
        multipart({
          personName: own!.name,
          idCardNo: own!.idCardNo!.toLowerCase(),
          reason: '出借执业证书',
          startDate: today(),
        }),
      ),
    );
    expect(added.data).toMatchObject({ kind: 'personBlacklist', idCardNo: own!.idCardNo!.toUpperCase() });
    const [flagged] = await env.ctx.db.select().from(agentStaff).where(eq(agentStaff.staffId, own!.staffId));
    expect(flagged).toMatchObject({ isBlacklisted: true, blacklistReason: '出借执业证书' });

    const info = await json(await as('agency01').fetch(`/smsend/agentstaff/blacklistInfo/${own!.staffId}`));
    expect((info.data as unknown as { reason: string }[]).map((e) => e.reason)).toContain('出借执业证书');
    expect((await as('agency01').fetch(`/smsend/agentstaff/blacklistInfo/${other!.staffId}`)).status).toBe(
      404,
    );
    expect((await as('authority01').fetch(`/smsend/agentstaff/blacklistInfo/${other!.staffId}`)).status).toBe(
      200,
    );

    const removed = await as('authority01').fetch('/smsend/agentstaff/deleteBlacklist', {
      method: 'POST',
      body: new URLSearchParams({ pkid: String(added.data.pkid), endReason: '处罚期满前经复核撤销' }),
    });
    expect(removed.status).toBe(200);
    const [cleared] = await env.ctx.db.select().from(agentStaff).where(eq(agentStaff.staffId, own!.staffId));
    expect(cleared?.isBlacklisted).toBe(false);
  });
});
