/**
 * Credit calls through the HTTP app: who may call, adding an entry raises the agency's flag (hall
 * directory and isAgencySelectable), ending it drops it, bad input is a 400 that changes nothing, the
 * person blacklist holds across agencies, and an agency sees only its own staff's blacklist record.
 */
import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  agentOrganizations,
  agentStaff,
  auditRecords,
  constructionUnits,
  creditEntries,
  districts,
  files,
  messages,
  projectAuthorizations,
  projectDemands,
  projects,
  stages,
} from '@server/db/schema';
import { AGENCY_ORG_ID } from '@server/seed/demo-context';
import { demoLoginNames, signedInTestApp } from '@server/modules/identity/test-support';
import { markWrites, offClock, writtenSince } from '@server/test/product-clock';
import { beijingDate } from '@shared/validation/jobs';
import { demoPerson } from '@server/modules/staff/test-support';
import { isAgencySelectable } from './flags';
import { cleanAgency } from './test-support';

const env = signedInTestApp();
const managers = new Set(['admin', 'authority01']);

const { as } = env;
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
        multipart({
          organizationId: String(await cleanAgency(env.ctx.db)),
          reason: '测试',
          startDate: today(),
        }),
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
    const organizationId = await cleanAgency(env.ctx.db);
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
    // Content checked like every other upload (issue 21): HTML named .pdf or .png is refused, and
    // a good first file is not kept when a later one is refused.
    [
      {
        reason: '测试',
        startDate: '2026-03-10',
        evidence1: new File(['<html><script>x</script>'], '证据.pdf'),
      },
      'evidence1',
      '文件内容与扩展名不符',
    ],
    [
      {
        reason: '测试',
        startDate: '2026-03-10',
        evidence1: new File(['%PDF-1.4 真的'], '证据.pdf'),
        evidence2: new File(['<html></html>'], '照片.png'),
      },
      'evidence2',
      '文件内容与扩展名不符',
    ],
  ] as [Record<string, string | File>, string, string][])(
    'refuses %o with a 400 that changes nothing',
    async (fields, field, message) => {
      const [entries, stored] = [await entryCount(), await fileCount()];
      const response = await as('authority01').fetch(
        '/smsend/agentorg/updateLoseAog',
        multipart({ organizationId: String(await cleanAgency(env.ctx.db)), ...fields }),
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

describe("the spec's GET of a credit decision (issue 21)", () => {
  it.each(['agentorg/updateLoseAog', 'agentorg/updateUnqualifiedAog'])(
    '%s: recorded by GET like by POST; refused from another site',
    async (path) => {
      const organizationId = String(await cleanAgency(env.ctx.db));
      const query = new URLSearchParams({
        organizationId,
        reason: '经调查认定',
        startDate: today(),
      }).toString();
      const [entries] = [await entryCount()];
      const crossSite = await as('authority01').fetch(`/smsend/${path}?${query}`, {
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      expect(crossSite.status).toBe(403);
      expect(await entryCount()).toBe(entries);
      expect((await as('agency01').fetch(`/smsend/${path}?${query}`)).status).toBe(403);
      const recorded = await as('authority01').fetch(`/smsend/${path}?${query}`);
      expect(recorded.status).toBe(200);
      expect((await json(recorded)).data).toMatchObject({ organizationId: Number(organizationId) });
      expect(await entryCount()).toBe(Number(entries) + 1);
    },
  );
});

describe('every credit decision', () => {
  const lastMessage = async (userId: number) =>
    (
      await env.ctx.db
        .select()
        .from(messages)
        .where(eq(messages.userId, userId))
        .orderBy(desc(messages.messageId))
        .limit(1)
    )[0];

  it('is in the agency timeline (the review records) and messages the agency account', async () => {
    // An approved agency with an account and no lost-credit entry in force.
    const [org] = await env.ctx.db
      .select({ id: agentOrganizations.organizationId, userId: agentOrganizations.userId })
      .from(agentOrganizations)
      .where(
        and(
          eq(agentOrganizations.auditStatus, 2),
          eq(agentOrganizations.isLostCredit, false),
          isNotNull(agentOrganizations.userId),
        ),
      )
      .orderBy(agentOrganizations.organizationId)
      .limit(1);
    // envelope 'object': { success, object }.
    const timeline = async () =>
      (
        (await (
          await as('authority01').fetch(`/smsend/agentorg/orgAuditInfo?organizationId=${org!.id}`)
        ).json()) as { object: { decisionLabel: string; opinion: string; auditorName: string }[] }
      ).object;
    const before = (await timeline()).length;
    const mark = await markWrites(env.ctx.db);
    const added = await json(
      await as('authority01').fetch(
        '/smsend/agentorg/updateLoseAog',
        multipart({
          organizationId: String(org!.id),
          reason: '虚假承诺',
          startDate: today(),
          endDate: '2099-12-31',
        }),
      ),
    );
    expect(added.success).toBe(true);
    const afterAdd = await timeline();
    expect(afterAdd).toHaveLength(before + 1);
    expect(afterAdd.at(-1)).toMatchObject({
      decisionLabel: '信用认定',
      opinion: `列入失信（${today()} 至 2099-12-31）：虚假承诺`,
      auditorName: expect.any(String),
    });
    expect((await lastMessage(org!.userId!))?.messageContent).toBe(
      `贵机构已被列入失信（${today()} 至 2099-12-31），生效期间不能被选为新项目的测绘机构。原因：虚假承诺`,
    );

    await as('authority01').fetch('/smsend/agentorg/endCredit', {
      method: 'POST',
      body: new URLSearchParams({ pkid: String(added.data.pkid), endReason: '已整改' }),
    });
    expect((await timeline()).at(-1)).toMatchObject({
      decisionLabel: '信用记录撤销',
      opinion: '失信记录撤销：已整改（原认定：虚假承诺）',
    });
    expect((await lastMessage(org!.userId!))?.messageContent).toBe(
      '贵机构的失信记录已撤销。撤销原因：已整改',
    );
    // Every message, log line and decision it wrote carries the product's clock (issue 21).
    const written = await writtenSince(env.ctx.db, mark);
    expect(written.some((row) => row.table === 'messages')).toBe(true);
    expect(offClock(written, env.clock.now)).toEqual([]);
  });

  it('of the person blacklist is in the timeline of the person in every agency', async () => {
    const [person] = await env.ctx.db
      .select({ staffId: agentStaff.staffId, name: agentStaff.name, idCardNo: agentStaff.idCardNo })
      .from(agentStaff)
      .where(and(eq(agentStaff.isBlacklisted, false), isNotNull(agentStaff.idCardNo)))
      .limit(1);
    const records = async () =>
      env.ctx.db
        .select()
        .from(auditRecords)
        .where(and(eq(auditRecords.subjectType, 'agent_staff'), eq(auditRecords.subjectId, person!.staffId)));
    const before = (await records()).length;
    const added = await as('authority01').fetch(
      '/smsend/agentstaff/addBlacklist',
      multipart({
        personName: person!.name,
        idCardNo: person!.idCardNo!,
        reason: '冒名签章',
        startDate: today(),
      }),
    );
    expect(added.status).toBe(200);
    const after = await records();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({
      decision: 9,
      opinion: `列入人员黑名单（${today()} 至 长期）：冒名签章`,
    });
  });

  it('is undone with the entry when the entry is refused (nothing written)', async () => {
    const before = (await env.ctx.db.select({ n: count() }).from(auditRecords))[0]?.n;
    const response = await as('authority01').fetch(
      '/smsend/agentorg/updateLoseAog',
      multipart({ organizationId: '999999', reason: '测试', startDate: today() }),
    );
    expect(response.status).toBe(404);
    expect((await env.ctx.db.select({ n: count() }).from(auditRecords))[0]?.n).toBe(before);
  });
});

describe('unqualified entries and their violation projects', () => {
  it('lists the violation projects of an entry', async () => {
    const organizationId = await cleanAgency(env.ctx.db);
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

describe('agUnqualified', () => {
  /** A project commissioned to the agency (the context has no demo projects). */
  async function commissionedProject(organizationId: number, projectName: string): Promise<number> {
    const [unit] = await env.ctx.db.select().from(constructionUnits).limit(1);
    const [district] = await env.ctx.db.select().from(districts).limit(1);
    const [stage] = await env.ctx.db.select().from(stages).limit(1);
    const [project] = await env.ctx.db
      .insert(projects)
      .values({
        projectName,
        projectNo: `T${organizationId}-${projectName.length}-${Date.now()}`,
        constructionId: unit!.constructionId,
        districtCode: district!.districtCode,
        status: 2,
      })
      .returning();
    const [demand] = await env.ctx.db
      .insert(projectDemands)
      .values({ projectId: project!.pkid, stageId: stage!.stageId, status: 2 })
      .returning();
    await env.ctx.db
      .insert(projectAuthorizations)
      .values({ projectId: project!.pkid, demandId: demand!.pkid, organizationId, state: 1 });
    return project!.pkid;
  }

  it('lists the projects an agency worked on, names them as violation projects, and the agency sees its own', async () => {
    const [own] = await env.ctx.db
      .select()
      .from(agentOrganizations)
      .where(eq(agentOrganizations.organizationId, AGENCY_ORG_ID));
    const projectId = await commissionedProject(AGENCY_ORG_ID, '云州新区地下管线测量');
    const other = await cleanAgency(env.ctx.db);
    await commissionedProject(other, '别家机构的项目');

    const candidates = await json(
      await as('authority01').fetch(
        `/smsend/agUnqualified/queryReportProject?organizationId=${AGENCY_ORG_ID}&projectName=${encodeURIComponent('管线')}`,
      ),
    );
    expect(candidates.rows).toEqual([
      expect.objectContaining({ projectId, projectName: '云州新区地下管线测量', via: 'authorization' }),
    ]);
    expect((await as('authority01').fetch('/smsend/agUnqualified/queryReportProject')).status).toBe(400);
    expect(
      (await as('authority01').fetch('/smsend/agUnqualified/queryReportProject?organizationId=999999'))
        .status,
    ).toBe(404);
    expect(
      (await as('agency01').fetch(`/smsend/agUnqualified/queryReportProject?organizationId=${AGENCY_ORG_ID}`))
        .status,
    ).toBe(403);

    // The own agency may already be unqualified in the demo data: end that entry first (it stays
    // in agUnqualified/query, which holds every status).
    const ended: number[] = [];
    for (const open of await env.ctx.db
      .select()
      .from(creditEntries)
      .where(
        and(
          eq(creditEntries.organizationId, AGENCY_ORG_ID),
          eq(creditEntries.kind, 'unqualified'),
          eq(creditEntries.status, 'active'),
        ),
      )) {
      const response = await as('authority01').fetch('/smsend/agentorg/endCredit', {
        method: 'POST',
        body: new URLSearchParams({ pkid: String(open.pkid), endReason: '测试前撤销' }),
      });
      expect(response.status).toBe(200);
      ended.push(open.pkid);
    }
    const added = await json(
      await as('authority01').fetch(
        '/smsend/agentorg/updateUnqualifiedAog',
        multipart({
          organizationId: String(AGENCY_ORG_ID),
          reason: '管线成果漏测',
          startDate: today(),
          projectIds: String(projectId),
        }),
      ),
    );
    expect(added.data).toMatchObject({
      projects: [{ projectId, projectName: '云州新区地下管线测量', projectNo: expect.any(String) }],
    });

    const all = await json(
      await as('authority01').fetch(
        `/smsend/agUnqualified/query?rows=50&orgName=${encodeURIComponent(own!.orgName)}`,
      ),
    );
    expect(all.rows.every((row) => row.kind === 'unqualified')).toBe(true);
    expect(all.rows.find((row) => row.pkid === added.data.pkid)).toMatchObject({
      status: 'active',
      projects: [expect.objectContaining({ projectId })],
    });
    for (const pkid of ended)
      expect(all.rows.find((row) => row.pkid === pkid)).toMatchObject({ status: 'ended' });
    const self = await json(await as('agency01').fetch('/smsend/agUnqualified/querySelf'));
    expect(self.total).toBeGreaterThan(0);
    expect(self.rows.every((row) => row.organizationId === AGENCY_ORG_ID)).toBe(true);
    expect(self.rows.map((row) => row.pkid)).toContain(added.data.pkid);
    expect((await as('authority01').fetch('/smsend/agUnqualified/querySelf')).status).toBe(403);
    expect((await as('agency01').fetch('/smsend/agUnqualified/query')).status).toBe(403);
  });
});

describe('the person blacklist', () => {
  it('flags the person in every agency, and an agency sees only its own staff', async () => {
    const own = await demoPerson(env.ctx.db, 'own');
    const other = await demoPerson(env.ctx.db, 'other');
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

    const detail = await json(
      await as('authority01').fetch(`/smsend/agentstaff/blacklistDetail/${added.data.pkid}`),
    );
    expect(detail.data).toMatchObject({
      entry: { pkid: added.data.pkid, reason: '出借执业证书' },
      staff: expect.arrayContaining([expect.objectContaining({ staffId: own!.staffId, name: own!.name })]),
    });
    expect((await as('agency01').fetch(`/smsend/agentstaff/blacklistDetail/${added.data.pkid}`)).status).toBe(
      403,
    );
    // An entry of another kind is not a person blacklist entry.
    const [orgEntry] = await env.ctx.db
      .select({ pkid: creditEntries.pkid })
      .from(creditEntries)
      .where(eq(creditEntries.kind, 'lostCredit'))
      .limit(1);
    expect(
      (await as('authority01').fetch(`/smsend/agentstaff/blacklistDetail/${orgEntry!.pkid}`)).status,
    ).toBe(404);

    const removed = await as('authority01').fetch('/smsend/agentstaff/deleteBlacklist', {
      method: 'POST',
      body: new URLSearchParams({ pkid: String(added.data.pkid), endReason: '处罚期满前经复核撤销' }),
    });
    expect(removed.status).toBe(200);
    const [cleared] = await env.ctx.db.select().from(agentStaff).where(eq(agentStaff.staffId, own!.staffId));
    expect(cleared?.isBlacklisted).toBe(false);
  });
});
