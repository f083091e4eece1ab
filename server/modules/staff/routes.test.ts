/**
 * Staff through the HTTP app: an agency sees and adds only its own staff, an addition goes to review
 * and the authority approves it (timeline), a blacklisted person or a wrong ID card is refused and
 * nothing changes, another agency's person answers 404.
 */
import { and, count, eq, isNull, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentStaff, creditEntries } from '@server/db/schema';
import { AGENCY_ORG_ID } from '@server/seed/demo-context';
import { createBrowser, signedInTestApp, signInAs } from '@server/modules/identity/test-support';
import { demoPerson, idCardCopy, staffPost } from './test-support';
import { idCardCheckCharacter } from '@shared/validation/id-card';
import { beijingDate } from '@shared/validation/jobs';

const env = signedInTestApp();

const { as } = env;
const post = staffPost(env);
const staffCount = async () => (await env.ctx.db.select({ n: count() }).from(agentStaff))[0]?.n;
const idCard = (body: string) => body + idCardCheckCharacter(body);
interface Envelope {
  success: boolean;
  message: string;
  field?: string;
  data: Record<string, unknown> & { staffId: number };
  rows: { staffId: number; organizationId: number }[];
  total: number;
}
const json = async (response: Response) => (await response.json()) as Envelope;

describe('the staff list', () => {
  it('shows an agency only its own staff, and the authority every agency', async () => {
    const own = await json(await as('agency01').fetch('/smsend/agentstaff/query?rows=100'));
    expect(own.total).toBeGreaterThan(0);
    expect(own.rows.every((row) => row.organizationId === AGENCY_ORG_ID)).toBe(true);
    const all = await json(await as('authority01').fetch('/smsend/agentstaff/query?rows=100'));
    expect(all.rows.some((row) => row.organizationId !== AGENCY_ORG_ID)).toBe(true);
    expect((await as('owner01').fetch('/smsend/agentstaff/query')).status).toBe(403);
  });

  it("answers 404 for another agency's person", async () => {
    const other = await demoPerson(env.ctx.db, 'other');
    expect((await as('agency01').fetch(`/smsend/agentstaff/queryOne/${other!.staffId}`)).status).toBe(404);
    expect((await as('authority01').fetch(`/smsend/agentstaff/queryOne/${other!.staffId}`)).status).toBe(200);
  });
});

describe('picking people and reading a timeline', () => {
  it('queryStaff: an agency gets its own approved people whatever it names; the authority names one', async () => {
    type Picked = { object: { staffId: number; organizationId: number }[] };
    const pick = async (who: string, query = '') =>
      ((await (await as(who).fetch(`/smsend/agentstaff/queryStaff${query}`)).json()) as Picked).object;
    const own = await pick('agency01');
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((row) => row.organizationId === AGENCY_ORG_ID)).toBe(true);
    // Naming another agency does not widen an agency's view.
    expect(await pick('agency01', '?organizationId=999999')).toEqual(own);
    const approved = await env.ctx.db
      .select({ id: agentStaff.staffId })
      .from(agentStaff)
      .where(
        and(
          eq(agentStaff.organizationId, AGENCY_ORG_ID),
          eq(agentStaff.auditStatus, 2),
          eq(agentStaff.isBlacklisted, false),
          isNull(agentStaff.deletedAt),
        ),
      );
    expect(own.map((row) => row.staffId).sort()).toEqual(approved.map((row) => row.id).sort());
    expect(await pick('authority01', `?organizationId=${AGENCY_ORG_ID}`)).toEqual(own);
    expect(await pick('authority01')).toEqual([]);
    expect((await as('owner01').fetch('/smsend/agentstaff/queryStaff')).status).toBe(403);
  });

  it("orgStaffAuditInfo: a person's records for its agency and the authority, 404 for another agency", async () => {
    const [mine] = await env.ctx.db
      .select({ id: agentStaff.staffId })
      .from(agentStaff)
      .where(and(eq(agentStaff.organizationId, AGENCY_ORG_ID), eq(agentStaff.auditStatus, 2)))
      .limit(1);
    const info = (who: string, id: number) => as(who).fetch(`/smsend/agentstaff/orgStaffAuditInfo/${id}`);
    const records = ((await (await info('agency01', mine!.id)).json()) as { object: { decision: number }[] })
      .object;
    expect(records.length).toBeGreaterThan(0);
    expect((await (await info('authority01', mine!.id)).json()) as unknown).toMatchObject({
      object: records,
    });
    const [other] = await env.ctx.db
      .select({ id: agentStaff.staffId })
      .from(agentStaff)
      .where(ne(agentStaff.organizationId, AGENCY_ORG_ID))
      .limit(1);
    expect((await info('agency01', other!.id)).status).toBe(404);
  });
});

describe('adding a person', () => {
  const person = {
    name: '陈立新',
    idCardNo: idCard('37010219850612123'),
    phone: '13912345678',
    title: '工程师',
    post: '外业测量',
  };

  it('submits the addition for review; the authority approves it and the timeline shows both', async () => {
    const added = await json(await post('agency01', 'agentstaff/add', person));
    expect(added).toMatchObject({ success: true, message: '已提交审核' });
    expect(added.data).toMatchObject({ name: '陈立新', auditStatus: 1, organizationId: AGENCY_ORG_ID });
    const id = added.data.staffId;

    const todo = await json(await as('authority01').fetch('/smsend/agentstaff/toDoStaff?rows=100'));
    expect(todo.rows.map((row) => row.staffId)).toContain(id);
    const detail = await json(await as('authority01').fetch(`/smsend/agentstaff/queryOne/${id}`));
    expect(detail.data.review).toMatchObject({
      status: 1,
      allowed: expect.arrayContaining(['approve', 'reject']),
    });
    // The agency cannot decide its own addition.
    expect(
      (await post('agency01', 'agentstaff/approve', { id: String(id), decision: 'approve' })).status,
    ).toBe(403);

    const approved = await json(
      await post('authority01', 'agentstaff/approve', { id: String(id), decision: 'approve' }),
    );
    expect(approved.data).toMatchObject({ auditStatus: 2 });
    expect((approved.data.records as unknown[]).length).toBe(2);
    const again = await post('authority01', 'agentstaff/approve', { id: String(id), decision: 'approve' });
    expect(again.status).toBe(409);
  });

  it('refuses the same ID card twice in one agency', async () => {
    const response = await post('agency01', 'agentstaff/add', person);
    expect(response.status).toBe(409);
    expect((await json(response)).message).toBe('本机构已登记该身份证号码的人员');
  });

  it('refuses a person on the blacklist, in any agency, and changes nothing', async () => {
    // The demo's entries are dated from the real day; this one is in force on the test clock's day.
    const [listed] = await env.ctx.db
      .insert(creditEntries)
      .values({
        kind: 'personBlacklist',
        personName: '赵伪证',
        idCardNo: idCard('37010219800303777'),
        reason: '伪造测绘成果',
        startDate: beijingDate(env.clock.now),
      })
      .returning();
    const before = await staffCount();
    const response = await post('agency01', 'agentstaff/add', {
      ...person,
      name: listed!.personName!,
      idCardNo: listed!.idCardNo!,
    });
    expect(response.status).toBe(409);
    expect(await json(response)).toMatchObject({
      message: '该人员在人员黑名单中，不能添加为从业人员',
      field: 'idCardNo',
    });
    expect(await staffCount()).toBe(before);
  });

  it('refuses an agency whose own application is not approved (issue 21) and changes nothing', async () => {
    const before = await staffCount();
    // agency02 has applied for nothing, agency03's application is pending, agency04's was rejected.
    for (const [who, message] of [
      ['agency02', '您的账号尚未登记测绘中介机构'],
      ['agency03', '本机构的入库申请尚未审核通过，不能提交从业人员审核'],
      ['agency04', '本机构的入库申请尚未审核通过，不能提交从业人员审核'],
    ] as const) {
      const browser = createBrowser(env.app);
      await signInAs(browser, who);
      const body = new FormData();
      for (const [key, value] of Object.entries({ ...person, idCardNo: idCard('37010219900202456') }))
        body.set(key, value);
      body.set('idCardFile', idCardCopy());
      const response = await browser.fetch('/smsend/agentstaff/add', { method: 'POST', body });
      expect(response.status, who).toBe(403);
      expect((await json(response)).message, who).toBe(message);
    }
    expect(await staffCount()).toBe(before);
  });

  it.each([
    [{ idCardNo: '370102198506121230' }, 'idCardNo', '身份证号码不正确，请核对后重新输入'],
    [{ phone: '1234' }, 'phone', '请输入正确手机号'],
    [{ name: '' }, 'name', '请输入姓名'],
  ])('refuses %o with a 400 and changes nothing', async (change, field, message) => {
    const before = await staffCount();
    const response = await post('agency01', 'agentstaff/add', {
      ...person,
      idCardNo: idCard('37010219900101456'),
      ...change,
    });
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ field, message });
    expect(await staffCount()).toBe(before);
  });
});
