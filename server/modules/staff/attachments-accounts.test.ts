/**
 * A person's attachments and login account through the HTTP app (issue 12): an addition needs the ID
 * card copy (clear message, nothing stored), a disguised file is refused; reviewers preview the files;
 * a change of an approved person shows the attachments before and after and only the approval puts
 * the new ones in force; the agency opens a staff-role account for an approved person, the account
 * signs in and sees only its own record, the agency disables it, deleting the person disables it.
 * Another agency gets 404 for every file and account of these people.
 */
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentStaff, agentStaffAttachments, userRoles, users } from '@server/db/schema';
import {
  demoLoginNames,
  createBrowser,
  signedInTestApp,
  signInAs,
  json,
} from '@server/modules/identity/test-support';
import { roles } from '@shared/domain/roles';
import { idCardCheckCharacter } from '@shared/validation/id-card';
import { PASSWORD_STRENGTH } from '@shared/validation/identity';
import { staffAccountMessages, staffMessages } from '@shared/validation/staff';
import { contentMismatchMessage } from '@shared/validation/upload';

const env = signedInTestApp({
  // agency05: an approved agency other than agency01 (has an organization, so 404 rather than 403).
  accounts: [...demoLoginNames, 'agency05'],
});

const { as } = env;
const idCard = (body: string) => body + idCardCheckCharacter(body);
const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4])], name);
const pdf = (name: string, text = '测试') =>
  new File([new TextEncoder().encode(`%PDF-1.4\n%${text}\n`)], name);

function send(who: string, path: string, fields: Record<string, string>, files: Record<string, File> = {}) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  for (const [key, file] of Object.entries(files)) body.set(key, file);
  return as(who).fetch(`/smsend/${path}`, { method: 'POST', body });
}
const form = (who: string, path: string, fields: Record<string, string>) =>
  as(who).fetch(`/smsend/${path}`, { method: 'POST', body: new URLSearchParams(fields) });
const detail = async (who: string, id: number) =>
  (await json(await as(who).fetch(`/smsend/agentstaff/queryOne/${id}`))).data;
const staffCount = async () => (await env.ctx.db.select({ n: count() }).from(agentStaff))[0]?.n;

const person = (body: string) => ({
  name: '周立新',
  idCardNo: idCard(body),
  phone: '13812345671',
  title: '工程师',
  post: '内业',
});

async function addApproved(body: string): Promise<number> {
  const added = await send('agency01', 'agentstaff/add', person(body), { idCardFile: png('身份证.png') });
  expect(added.status).toBe(200);
  const id = (await json(added)).data.staffId as number;
  const approved = await form('authority01', 'agentstaff/approve', { id: String(id), decision: 'approve' });
  expect(approved.status).toBe(200);
  return id;
}

describe('attachments of an addition', () => {
  it('needs the ID card copy: a clear message and nothing stored', async () => {
    const before = await staffCount();
    const missing = await send('agency01', 'agentstaff/add', person('37010219900101111'));
    expect(missing.status).toBe(400);
    expect(await json(missing)).toMatchObject({
      success: false,
      message: staffMessages.idCardFileRequired,
      field: 'idCardFile',
    });
    const certificate = await send(
      'agency01',
      'agentstaff/add',
      { ...person('37010219900101111'), certificateNo: 'ZC0531000001' },
      { idCardFile: png('身份证.png') },
    );
    expect(certificate.status).toBe(400);
    expect((await json(certificate)).message).toBe(staffMessages.certificateFileRequired);
    expect(await staffCount()).toBe(before);
  });

  it('refuses a disguised file (content not what the extension says)', async () => {
    const before = await staffCount();
    const disguised = new File([new TextEncoder().encode('MZ not an image')], '身份证.png');
    const response = await send('agency01', 'agentstaff/add', person('37010219900101112'), {
      idCardFile: disguised,
    });
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ message: contentMismatchMessage, field: 'idCardFile' });
    expect(await staffCount()).toBe(before);
  });

  it('shows the files to the reviewer, previewed; another agency gets 404', async () => {
    const added = await send(
      'agency01',
      'agentstaff/add',
      { ...person('37010219900101113'), certificateNo: 'ZC0531000002' },
      { idCardFile: png('身份证.png'), certificateFile: pdf('资格证书.pdf'), otherFile: pdf('学历证明.pdf') },
    );
    expect(added.status).toBe(200);
    const id = (await json(added)).data.staffId as number;
    const seen = await detail('authority01', id);
    expect(
      seen.attachments.map((file: { kind: number; fileName: string }) => [file.kind, file.fileName]),
    ).toEqual([
      [1, '身份证.png'],
      [2, '资格证书.pdf'],
      [3, '学历证明.pdf'],
    ]);
    const certificate = seen.attachments[1].fileId as string;
    const preview = await as('authority01').fetch(`/smsend/agentstaff/file/preview?id=${certificate}`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('application/pdf');
    expect(preview.headers.get('content-disposition')).toMatch(/^inline/);
    expect(await preview.text()).toContain('%PDF-1.4');
    expect((await as('agency01').fetch(`/smsend/agentstaff/file/download?id=${certificate}`)).status).toBe(
      200,
    );
    // Another agency and an owner: as if the file did not exist.
    expect((await as('agency05').fetch(`/smsend/agentstaff/file/preview?id=${certificate}`)).status).toBe(
      404,
    );
    expect((await as('agency05').fetch(`/smsend/agentstaff/file/download?id=${certificate}`)).status).toBe(
      404,
    );
    expect((await as('owner01').fetch(`/smsend/agentstaff/file/preview?id=${certificate}`)).status).toBe(403);
    // An agency's own attachment is not reachable through the staff file call either.
    const org = (await json(await as('agency01').fetch('/smsend/agentorg/querySelf', { method: 'POST' })))
      .object;
    const licence = org.attachments[0].fileId as string;
    expect((await as('agency01').fetch(`/smsend/agentstaff/file/preview?id=${licence}`)).status).toBe(404);
  });
});

describe('a change of an approved person with new attachments', () => {
  it('shows the files before and after; only the approval puts the new ones in force', async () => {
    const id = await addApproved('37010219900101114');
    const oldFiles = (await detail('agency01', id)).attachments as { fileId: string; kind: number }[];
    expect(oldFiles).toHaveLength(1);
    // Nothing changed, nothing sent: refused.
    const same = await send('agency01', 'agentstaff/update', {
      ...person('37010219900101114'),
      id: String(id),
    });
    expect(same.status).toBe(400);
    // The removed ID card copy without a new one: the required attachment is missing.
    const removing = await send('agency01', 'agentstaff/update', {
      ...person('37010219900101114'),
      id: String(id),
      removeFileIds: oldFiles[0]!.fileId,
    });
    expect(removing.status).toBe(400);
    expect((await json(removing)).message).toBe(staffMessages.idCardFileRequired);

    const changed = await send(
      'agency01',
      'agentstaff/update',
      { ...person('37010219900101114'), id: String(id) },
      { idCardFile: png('新身份证.png'), otherFile: pdf('职称证明.pdf') },
    );
    expect(changed.status).toBe(200);
    const changeId = (await json(changed)).data.changeId as number;
    expect(changeId).toBeGreaterThan(0);
    const change = (
      await json(await as('authority01').fetch(`/smsend/agentStaffChange/queryOne/${changeId}`))
    ).data;
    expect(change.filesChanged).toBe(true);
    expect(change.beforeFiles.map((file: { fileName: string }) => file.fileName)).toEqual(['身份证.png']);
    expect(change.dataFiles.map((file: { fileName: string }) => file.fileName)).toEqual([
      '新身份证.png',
      '职称证明.pdf',
    ]);
    // In force meanwhile: the old set.
    expect((await detail('agency01', id)).attachments.map((f: { fileId: string }) => f.fileId)).toEqual(
      oldFiles.map((file) => file.fileId),
    );
    // The new files can be previewed by the reviewer and the agency, not by another agency.
    const newFile = change.dataFiles[0].fileId as string;
    expect((await as('authority01').fetch(`/smsend/agentstaff/file/preview?id=${newFile}`)).status).toBe(200);
    expect((await as('agency01').fetch(`/smsend/agentstaff/file/preview?id=${newFile}`)).status).toBe(200);
    expect((await as('agency05').fetch(`/smsend/agentstaff/file/preview?id=${newFile}`)).status).toBe(404);
    expect((await as('agency05').fetch(`/smsend/agentStaffChange/queryOne/${changeId}`)).status).toBe(404);

    const approved = await form('authority01', 'agentStaffChange/approve', {
      id: String(changeId),
      decision: 'approve',
    });
    expect(approved.status).toBe(200);
    const rows = await env.ctx.db
      .select({ fileId: agentStaffAttachments.fileId })
      .from(agentStaffAttachments)
      .where(eq(agentStaffAttachments.staffId, id));
    expect(rows.map((row) => row.fileId).sort()).toEqual(
      change.dataFiles.map((file: { fileId: string }) => file.fileId).sort(),
    );
  });
});

describe('login accounts of staff', () => {
  it('opens one only for an approved person of the own agency', async () => {
    const added = await send('agency01', 'agentstaff/add', person('37010219900101115'), {
      idCardFile: png('身份证.png'),
    });
    const pending = (await json(added)).data.staffId as number;
    const early = await form('agency01', 'agentstaff/createAccount', {
      id: String(pending),
      loginname: 'zlx_early',
    });
    expect(early.status).toBe(409);
    expect((await json(early)).message).toBe(staffAccountMessages.notApproved);

    const id = await addApproved('37010219900101116');
    const foreign = await form('agency05', 'agentstaff/createAccount', {
      id: String(id),
      loginname: 'zlx_x',
    });
    expect(foreign.status).toBe(404);
    expect(
      (await form('owner01', 'agentstaff/createAccount', { id: String(id), loginname: 'zlx_y' })).status,
    ).toBe(403);
    const weak = await form('agency01', 'agentstaff/createAccount', {
      id: String(id),
      loginname: 'zlx_weak',
      password: 'abc',
    });
    expect(weak.status).toBe(400);
    const taken = await form('agency01', 'agentstaff/createAccount', {
      id: String(id),
      loginname: 'staff01',
    });
    expect(taken.status).toBe(409);
    expect((await env.ctx.db.select().from(users).where(eq(users.loginname, 'zlx_weak'))).length).toBe(0);
  });

  it('gives a staff-role account with a one-time password that signs in and sees only its own record', async () => {
    const id = await addApproved('37010219900101117');
    const other = await addApproved('37010219900101118');
    const created = await form('agency01', 'agentstaff/createAccount', {
      id: String(id),
      loginname: 'zhoulx',
    });
    expect(created.status).toBe(200);
    const account = (await json(created)).data;
    expect(account).toMatchObject({ loginname: 'zhoulx', userstate: 1 });
    expect(account.initialPassword).toMatch(PASSWORD_STRENGTH);
    const [role] = await env.ctx.db.select().from(userRoles).where(eq(userRoles.userId, account.userId));
    expect(role?.roleId).toBe(roles.staff.id);
    expect((await detail('agency01', id)).account).toEqual({
      userId: account.userId,
      loginname: 'zhoulx',
      userstate: 1,
    });
    const again = await form('agency01', 'agentstaff/createAccount', {
      id: String(id),
      loginname: 'zhoulx2',
    });
    expect(again.status).toBe(409);

    const staff = createBrowser(env.app);
    await signInAs(staff, 'zhoulx', account.initialPassword);
    const self = await json(await staff.fetch('/smsend/agentstaff/querySelf'));
    expect(self.data).toMatchObject({ staffId: id, name: '周立新' });
    // Its own record and files; not its colleagues', not the agency's lists.
    expect(
      (await staff.fetch(`/smsend/agentstaff/file/preview?id=${self.data.attachments[0].fileId}`)).status,
    ).toBe(200);
    const colleague = (await detail('agency01', other)).attachments[0].fileId as string;
    expect((await staff.fetch(`/smsend/agentstaff/file/preview?id=${colleague}`)).status).toBe(404);
    expect((await staff.fetch('/smsend/agentstaff/query')).status).toBe(403);
    expect((await staff.fetch(`/smsend/agentstaff/queryOne/${other}`)).status).toBe(403);

    // Another agency cannot disable it; the own agency can, and the account no longer signs in.
    expect((await form('agency05', `agentstaff/disableAccount/${id}`, {})).status).toBe(404);
    const disabled = await form('agency01', `agentstaff/disableAccount/${id}`, {});
    expect(disabled.status).toBe(200);
    expect((await json(disabled)).data).toMatchObject({ userstate: 0 });
    expect((await staff.fetch('/smsend/agentstaff/querySelf')).status).toBe(401);
    await expect(signInAs(createBrowser(env.app), 'zhoulx', account.initialPassword)).rejects.toThrow();
  });

  it('takes a chosen password, and deleting the person disables the account', async () => {
    const id = await addApproved('37010219900101119');
    const created = await form('agency01', 'agentstaff/createAccount', {
      id: String(id),
      loginname: 'zhoulx_b',
      password: 'Staff2026x',
    });
    expect(created.status).toBe(200);
    expect((await json(created)).data.initialPassword).toBeNull();
    const staff = createBrowser(env.app);
    await signInAs(staff, 'zhoulx_b', 'Staff2026x');
    expect((await staff.fetch('/smsend/agentstaff/querySelf')).status).toBe(200);
    expect((await form('agency01', `agentstaff/delete/${id}`, {})).status).toBe(200);
    const [user] = await env.ctx.db.select().from(users).where(eq(users.loginname, 'zhoulx_b'));
    expect(user?.userstate).toBe(0);
    await expect(signInAs(createBrowser(env.app), 'zhoulx_b', 'Staff2026x')).rejects.toThrow();
  });

  it('resets a forgotten password: the new one signs in, the old one and its sign-ons end', async () => {
    const id = await addApproved('37010219900101120');
    expect((await form('agency01', `agentstaff/resetAccountPassword/${id}`, {})).status).toBe(404);
    const created = await form('agency01', 'agentstaff/createAccount', {
      id: String(id),
      loginname: 'zhoulx_c',
      password: 'Staff2026y',
    });
    expect(created.status).toBe(200);
    const staff = createBrowser(env.app);
    await signInAs(staff, 'zhoulx_c', 'Staff2026y');
    expect((await staff.fetch('/smsend/agentstaff/querySelf')).status).toBe(200);

    expect((await form('agency05', `agentstaff/resetAccountPassword/${id}`, {})).status).toBe(404);
    const reset = await form('agency01', `agentstaff/resetAccountPassword/${id}`, {});
    expect(reset.status).toBe(200);
    const password = (await json(reset)).data.initialPassword as string;
    expect(password).toMatch(PASSWORD_STRENGTH);
    expect((await staff.fetch('/smsend/agentstaff/querySelf')).status).toBe(401);
    await expect(signInAs(createBrowser(env.app), 'zhoulx_c', 'Staff2026y')).rejects.toThrow();
    const again = createBrowser(env.app);
    await signInAs(again, 'zhoulx_c', password);
    expect((await again.fetch('/smsend/agentstaff/querySelf')).status).toBe(200);

    // A disabled account is not given a password: 409, and it still cannot sign in.
    expect((await form('agency01', `agentstaff/disableAccount/${id}`, {})).status).toBe(200);
    const refused = await form('agency01', `agentstaff/resetAccountPassword/${id}`, {});
    expect(refused.status).toBe(409);
    expect((await json(refused)).message).toBe('账号已停用，不能重置密码');
    await expect(signInAs(createBrowser(env.app), 'zhoulx_c', password)).rejects.toThrow();
  });

  it('the demo staff account sees its own record', async () => {
    const self = await as('staff01').fetch('/smsend/agentstaff/querySelf');
    expect(self.status).toBe(200);
    const record = (await json(self)).data;
    expect(record.account).toMatchObject({ loginname: 'staff01', userstate: 1 });
    // The demo people carry their ID card copy, previewable by the person and the authority.
    const idCardCopy = record.attachments.find((file: { kind: number }) => file.kind === 1);
    expect(idCardCopy.fileName).toBe(`${record.name}身份证复印件.pdf`);
    expect(
      (await as('staff01').fetch(`/smsend/agentstaff/file/preview?id=${idCardCopy.fileId}`)).status,
    ).toBe(200);
    expect(
      (await as('authority01').fetch(`/smsend/agentstaff/file/preview?id=${idCardCopy.fileId}`)).status,
    ).toBe(200);
  });
});
