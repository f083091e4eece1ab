/**
 * Editing, deleting and changing staff through the HTTP app: a rejected addition is edited in place
 * and submitted again; an approved person's edits become a change whose old and new copies the
 * authority compares, and only the approval applies them (a rejection leaves the person as it was);
 * a person under review can be neither edited nor deleted; a deleted person leaves the lists and stays
 * readable; another agency's person answers 404; bad input answers 400 and changes nothing.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentStaff, agentStaffChanges, creditEntries } from '@server/db/schema';
import { AGENCY_ORG_ID } from '@server/seed/demo-context';
import { signedInTestApp } from '@server/modules/identity/test-support';
import { demoPerson, staffPost } from './test-support';
import { idCardCheckCharacter } from '@shared/validation/id-card';
import { staffMessages } from '@shared/validation/staff';

const env = signedInTestApp();

const { as } = env;
const pdf = (name: string) => new File([new TextEncoder().encode('%PDF-1.4\n%测试\n')], name);
const postFiles = (who: string, path: string, fields: Record<string, string>, files: Record<string, File>) =>
  env.postMultipart(who, `/smsend/${path}`, fields, files);
const post = staffPost(env);
const idCard = (body: string) => body + idCardCheckCharacter(body);
interface Envelope {
  success: boolean;
  message: string;
  field?: string;
  data: Record<string, unknown>;
  rows: Record<string, unknown>[];
  total: number;
}
const json = async (response: Response) => (await response.json()) as Envelope;
const personRow = async (staffId: number) =>
  (await env.ctx.db.select().from(agentStaff).where(eq(agentStaff.staffId, staffId)))[0]!;

const person = {
  name: '孙晓明',
  idCardNo: idCard('37010219870315123'),
  phone: '13812345670',
  title: '工程师',
  post: '外业测量',
};

async function addPerson(fields: Record<string, string>): Promise<number> {
  const added = await json(await post('agency01', 'agentstaff/add', fields));
  expect(added.success).toBe(true);
  return added.data.staffId as number;
}

async function approvePerson(id: number) {
  const approved = await post('authority01', 'agentstaff/approve', { id: String(id), decision: 'approve' });
  expect(approved.status).toBe(200);
}

describe('editing a person', () => {
  it('refuses to edit or delete a person under review', async () => {
    const id = await addPerson({ ...person, idCardNo: idCard('37010219870315555') });
    const edit = await post('agency01', 'agentstaff/update', {
      ...person,
      id: String(id),
      title: '高级工程师',
    });
    expect(edit.status).toBe(409);
    expect((await json(edit)).message).toBe('该人员正在审核中，请等审核结束后再修改或删除');
    expect((await post('agency01', `agentstaff/delete/${id}`, {})).status).toBe(409);
    expect((await personRow(id)).deletedAt).toBeNull();
  });

  it('edits a rejected addition in place and submits it again', async () => {
    const id = await addPerson({ ...person, idCardNo: idCard('37010219870315666') });
    const rejected = await post('authority01', 'agentstaff/approve', {
      id: String(id),
      decision: 'reject',
      opinion: '证书编号缺失',
    });
    expect(rejected.status).toBe(200);
    const fields = {
      ...person,
      idCardNo: idCard('37010219870315666'),
      id: String(id),
      certificateNo: 'ZC0531123456',
    };
    // A certificate number needs the certificate's copy: a clear message, and nothing changed.
    const missing = await post('agency01', 'agentstaff/update', fields);
    expect(missing.status).toBe(400);
    expect(await json(missing)).toMatchObject({
      message: staffMessages.certificateFileRequired,
      field: 'certificateFile',
    });
    expect(await personRow(id)).toMatchObject({ certificateNo: null, auditStatus: 3 });
    const edited = await json(
      await postFiles('agency01', 'agentstaff/update', fields, { certificateFile: pdf('资格证书.pdf') }),
    );
    expect(edited).toMatchObject({
      success: true,
      message: '已提交审核',
      data: { staffId: id, changeId: null },
    });
    expect(await personRow(id)).toMatchObject({ certificateNo: 'ZC0531123456', auditStatus: 1 });
  });
});

describe('a change of an approved person', () => {
  let staffId = 0;
  beforeAll(async () => {
    staffId = await addPerson(person);
    await approvePerson(staffId);
  });

  it('goes to review as a copy; the person stays as it was until the approval applies it', async () => {
    const saved = await json(
      await post('agency01', 'agentstaff/update', { ...person, id: String(staffId), title: '高级工程师' }),
    );
    expect(saved).toMatchObject({ success: true, message: '变更已提交审核，通过后生效' });
    const changeId = saved.data.changeId as number;
    expect(changeId).toBeGreaterThan(0);
    expect((await personRow(staffId)).title).toBe('工程师');

    // A second edit while the change is pending is refused.
    expect(
      (await post('agency01', 'agentstaff/update', { ...person, id: String(staffId), post: '质检员' }))
        .status,
    ).toBe(409);

    const todo = await json(await as('authority01').fetch('/smsend/agentStaffChange/toDo?rows=100'));
    expect(todo.rows.map((row) => row.pkid)).toContain(changeId);
    const detail = await json(await as('authority01').fetch(`/smsend/agentStaffChange/queryOne/${changeId}`));
    expect(detail.data).toMatchObject({
      changedFields: ['title'],
      before: { title: '工程师' },
      data: { title: '高级工程师' },
      review: { status: 1, allowed: expect.arrayContaining(['approve', 'reject']) },
    });
    // The agency cannot decide its own change.
    expect(
      (await post('agency01', 'agentStaffChange/approve', { id: String(changeId), decision: 'approve' }))
        .status,
    ).toBe(403);

    const approved = await json(
      await post('authority01', 'agentStaffChange/approve', { id: String(changeId), decision: 'approve' }),
    );
    expect(approved).toMatchObject({ message: '审核通过，变更已生效', data: { auditStatus: 2 } });
    expect((await personRow(staffId)).title).toBe('高级工程师');
    const [change] = await env.ctx.db
      .select()
      .from(agentStaffChanges)
      .where(eq(agentStaffChanges.pkid, changeId));
    expect(change?.appliedAt).not.toBeNull();
  });

  it('a rejected change leaves the person as it was', async () => {
    const saved = await json(
      await post('agency01', 'agentstaff/update', {
        ...person,
        id: String(staffId),
        title: '高级工程师',
        phone: '13812345671',
      }),
    );
    const changeId = saved.data.changeId as number;
    const rejected = await post('authority01', 'agentStaffChange/approve', {
      id: String(changeId),
      decision: 'reject',
      opinion: '手机号码与本人不符',
    });
    expect(rejected.status).toBe(200);
    expect((await personRow(staffId)).phone).toBe('13812345670');
  });

  it('refuses an edit that changes nothing, and bad input, with 400 and nothing changed', async () => {
    const same = await post('agency01', 'agentstaff/update', {
      ...person,
      id: String(staffId),
      title: '高级工程师',
    });
    expect(same.status).toBe(400);
    expect((await json(same)).message).toBe('没有修改任何内容');
    const bad = await post('agency01', 'agentstaff/update', { ...person, id: String(staffId), phone: '12' });
    expect(bad.status).toBe(400);
    expect(await json(bad)).toMatchObject({ field: 'phone', message: '请输入正确手机号' });
    const open = await env.ctx.db
      .select()
      .from(agentStaffChanges)
      .where(eq(agentStaffChanges.staffId, staffId));
    expect(open.every((change) => change.auditStatus === 2 || change.auditStatus === 3)).toBe(true);
  });

  it("keeps another agency's people and changes out of reach", async () => {
    const other = await demoPerson(env.ctx.db, 'other');
    const edit = await post('agency01', 'agentstaff/update', { ...person, id: String(other!.staffId) });
    expect(edit.status).toBe(404);
    expect((await post('agency01', `agentstaff/delete/${other!.staffId}`, {})).status).toBe(404);
    expect((await personRow(other!.staffId)).deletedAt).toBeNull();
    const changes = await json(await as('agency01').fetch('/smsend/agentStaffChange/query?rows=100'));
    expect(changes.rows.every((row) => row.organizationId === AGENCY_ORG_ID)).toBe(true);
    expect((await as('owner01').fetch('/smsend/agentStaffChange/query')).status).toBe(403);
  });
});

describe('a blacklisted person', () => {
  // In force from long ago, so on every clock the test or the review engine reads.
  const blacklist = (name: string, idCardNo: string) =>
    env.ctx.db.insert(creditEntries).values({
      kind: 'personBlacklist',
      personName: name,
      idCardNo,
      reason: '出借执业证书',
      startDate: '2000-01-01',
    });

  it('cannot be put in by changing an approved person to their ID card number', async () => {
    const id = await addPerson({ ...person, idCardNo: idCard('37010219870315811') });
    await approvePerson(id);
    const listed = idCard('37010219800303812');
    await blacklist('钱黑名', listed);
    const changes = await env.ctx.db.select().from(agentStaffChanges);
    const edit = await post('agency01', 'agentstaff/update', { ...person, id: String(id), idCardNo: listed });
    expect(edit.status).toBe(409);
    expect(await json(edit)).toMatchObject({
      message: '该人员在人员黑名单中，不能添加为从业人员',
      field: 'idCardNo',
    });
    expect(await env.ctx.db.select().from(agentStaffChanges)).toHaveLength(changes.length);
    expect((await personRow(id)).idCardNo).not.toBe(listed);
  });

  it('blacklisted while the addition was under review is not approved', async () => {
    const idCardNo = idCard('37010219870315822');
    const id = await addPerson({ ...person, name: '周待审', idCardNo });
    await blacklist('周待审', idCardNo);
    const approved = await post('authority01', 'agentstaff/approve', { id: String(id), decision: 'approve' });
    expect(approved.status).toBe(409);
    expect((await json(approved)).message).toBe('该人员在人员黑名单中，不能通过审核');
    expect((await personRow(id)).auditStatus).toBe(1);
    // A rejection is still possible.
    const rejected = await post('authority01', 'agentstaff/approve', {
      id: String(id),
      decision: 'reject',
      opinion: '该人员已被列入人员黑名单',
    });
    expect(rejected.status).toBe(200);
  });
});

describe('deleting a person', () => {
  it('takes the person out of the lists and keeps it readable from its history', async () => {
    const id = await addPerson({ ...person, idCardNo: idCard('37010219870315777') });
    await approvePerson(id);
    const deleted = await json(await post('agency01', `agentstaff/delete/${id}`, {}));
    expect(deleted).toMatchObject({ success: true, message: '已删除' });
    const list = await json(await as('agency01').fetch('/smsend/agentstaff/query?rows=100'));
    expect(list.rows.map((row) => row.staffId)).not.toContain(id);
    const detail = await json(await as('agency01').fetch(`/smsend/agentstaff/queryOne/${id}`));
    expect(detail.data.deletedAt).not.toBeNull();
    expect((detail.data.records as unknown[]).length).toBe(2);
    // Gone means gone: no second delete, no edit.
    expect((await post('agency01', `agentstaff/delete/${id}`, {})).status).toBe(404);
  });

  it("also by the spec's GET, which another site cannot send (issue 21)", async () => {
    const id = await addPerson({ ...person, idCardNo: idCard('37010219870315888') });
    await approvePerson(id);
    for (const site of ['cross-site', 'same-site']) {
      const refused = await as('agency01').fetch(`/smsend/agentstaff/delete/${id}`, {
        headers: { 'sec-fetch-site': site },
      });
      expect(refused.status, site).toBe(403);
    }
    const foreignReferer = await as('agency01').fetch(`/smsend/agentstaff/delete/${id}`, {
      headers: { referer: 'https://evil.example/' },
    });
    expect(foreignReferer.status).toBe(403);
    const still = await json(await as('agency01').fetch('/smsend/agentstaff/query?rows=100'));
    expect(still.rows.map((row) => row.staffId)).toContain(id);
    const deleted = await json(
      await as('agency01').fetch(`/smsend/agentstaff/delete/${id}`, {
        headers: { 'sec-fetch-site': 'same-origin' },
      }),
    );
    expect(deleted).toMatchObject({ success: true, message: '已删除' });
  });
});
