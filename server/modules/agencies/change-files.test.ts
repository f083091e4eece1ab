/**
 * Attachments of an agency change request (agentChange/updateSelfChange, multipart): a change may
 * replace the licence or add files; reviewers see the attachments before and after; the agency's
 * attachments stay in force until approval, which replaces them; missing or disguised files are
 * refused and change nothing; another agency cannot reach the change's files (404).
 */
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentOrgAttachments, agentOrgChanges } from '@server/db/schema';
import { signedInTestApp, json } from '@server/modules/identity/test-support';
import { agencyForm } from './test-support';
import { agencyMessages } from '@shared/validation/agencies';
import { contentMismatchMessage } from '@shared/validation/upload';

const env = signedInTestApp({ accounts: ['agency01', 'agency05', 'authority01'] });

const { as } = env;
const pdf = (name: string) => new File([new TextEncoder().encode('%PDF-1.4\n%新执照\n')], name);

async function own(who: string) {
  return (await json(await as(who).fetch('/smsend/agentorg/querySelf', { method: 'POST' }))).object;
}

const changeOf = (org: Record<string, unknown>, edits: Record<string, string | File>) =>
  agencyForm(org, { reason: '营业执照换发', ...edits });

const ask = (org: Record<string, unknown>, edits: Record<string, string | File>) =>
  as('agency01').fetch('/smsend/agentChange/updateSelfChange', changeOf(org, edits));
const changeCount = async () => (await env.ctx.db.select({ n: count() }).from(agentOrgChanges))[0]?.n;

describe('attachments of an agency change', () => {
  it('refuses a disguised file and a change that removes a required attachment, storing nothing', async () => {
    const org = await own('agency01');
    const before = await changeCount();
    const disguised = await ask(org, { licence: new File([new TextEncoder().encode('MZ')], '执照.pdf') });
    expect(disguised.status).toBe(400);
    expect((await json(disguised)).message).toBe(contentMismatchMessage);
    const licence = org.attachments.find((file: { kind: number }) => file.kind === 1).fileId as string;
    const removed = await ask(org, { removeFileIds: licence });
    expect(removed.status).toBe(400);
    expect(await json(removed)).toMatchObject({ message: agencyMessages.licenceRequired, field: 'licence' });
    const unknown = await ask(org, { removeFileIds: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
    expect(await changeCount()).toBe(before);
  });

  it('shows old and new side by side and replaces the attachments only on approval', async () => {
    const org = await own('agency01');
    const oldFiles = org.attachments as { fileId: string; kind: number; fileName: string }[];
    const asked = await ask(org, { licence: pdf('新营业执照.pdf'), other: pdf('变更说明.pdf') });
    expect(asked.status).toBe(200);
    const change = (await json(asked)).data;
    expect(change.changedFields).toEqual(['attachments']);
    expect(change.beforeFiles.map((file: { fileId: string }) => file.fileId)).toEqual(
      oldFiles.map((file) => file.fileId),
    );
    expect(
      change.dataFiles.map((file: { kind: number; fileName: string }) => [file.kind, file.fileName]),
    ).toEqual([
      [1, '新营业执照.pdf'],
      ...oldFiles.filter((file) => file.kind !== 1).map((file) => [file.kind, file.fileName]),
      [3, '变更说明.pdf'],
    ]);
    // In force meanwhile: the old attachments.
    expect((await own('agency01')).attachments.map((file: { fileId: string }) => file.fileId)).toEqual(
      oldFiles.map((file) => file.fileId),
    );
    const seen = (
      await json(await as('authority01').fetch(`/smsend/agentChange/queryOneOrgChange?id=${change.pkid}`))
    ).object;
    expect(seen.dataFiles).toHaveLength(change.dataFiles.length);
    const newLicence = change.dataFiles.find(
      (file: { fileName: string }) => file.fileName === '新营业执照.pdf',
    ).fileId as string;
    const preview = await as('authority01').fetch(`/smsend/agentorg/file/preview?id=${newLicence}`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-disposition')).toMatch(/^inline/);
    expect((await as('agency01').fetch(`/smsend/agentorg/file/download?id=${newLicence}`)).status).toBe(200);
    expect((await as('agency05').fetch(`/smsend/agentorg/file/preview?id=${newLicence}`)).status).toBe(404);

    const approved = await as('authority01').fetch('/smsend/agentChange/approve', {
      method: 'POST',
      body: new URLSearchParams({ id: String(change.pkid), auditStatus: '2', opinion: '同意。' }),
    });
    expect(approved.status).toBe(200);
    const rows = await env.ctx.db
      .select({ fileId: agentOrgAttachments.fileId })
      .from(agentOrgAttachments)
      .where(eq(agentOrgAttachments.organizationId, org.organizationId));
    expect(rows.map((row) => row.fileId).sort()).toEqual(
      change.dataFiles.map((file: { fileId: string }) => file.fileId).sort(),
    );
    // The replaced licence is still readable from the change's history.
    const oldLicence = oldFiles.find((file) => file.kind === 1)!.fileId;
    expect((await as('authority01').fetch(`/smsend/agentorg/file/preview?id=${oldLicence}`)).status).toBe(
      200,
    );
  });
});
