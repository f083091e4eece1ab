/**
 * Agency change requests (agentChange/*): only an approved agency asks, one open request at a time, an
 * unchanged copy is refused; the current data stays in force until a reviewer approves; the
 * comparison names the changed fields; another agency cannot see the request; approval applies it and
 * the hall shows the new data.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentOrganizations } from '@server/db/schema';
import { createBrowser, signedInTestApp, json } from '@server/modules/identity/test-support';
import { agencyForm } from './test-support';

const env = signedInTestApp({ accounts: ['agency01', 'agency03', 'agency05', 'authority01'] });

const { as } = env;
const NEW_ADDRESS = '云州市云中区新址大道99号';

async function own(who: string) {
  return (await json(await as(who).fetch('/smsend/agentorg/querySelf', { method: 'POST' }))).object;
}

const changeOf = (org: Record<string, unknown>, edits: Record<string, string>) =>
  agencyForm(org, { reason: '办公地址搬迁', ...edits });

describe('agency change requests', () => {
  it('only an approved agency without an open request may ask', async () => {
    expect(
      (await json(await as('agency01').fetch('/smsend/agentChange/checkOrgChange'))).object,
    ).toMatchObject({
      canChange: true,
    });
    expect(
      (await json(await as('agency03').fetch('/smsend/agentChange/checkOrgChange'))).object,
    ).toMatchObject({
      canChange: false,
      message: '机构审核通过后才能申请变更',
    });
    const pending = (await json(await as('agency05').fetch('/smsend/agentChange/checkOrgChange'))).object;
    expect(pending).toMatchObject({ canChange: false, message: '已有未完成的变更申请' });
    expect(pending.openChangeId).toBeGreaterThan(0);
  });

  it('reviewers check any agency by id; an agency only its own (checkOrgChangeByOrgId)', async () => {
    const pendingOrg = (await own('agency05')).organizationId as number;
    const byId = (who: string, id: number) =>
      as(who).fetch(`/smsend/agentChange/checkOrgChangeByOrgId?organizationId=${id}`);
    const seen = (await json(await byId('authority01', pendingOrg))).object;
    expect(seen).toMatchObject({ canChange: false, message: '已有未完成的变更申请' });
    expect(seen.openChangeId).toBeGreaterThan(0);
    expect((await json(await byId('agency05', pendingOrg))).object).toEqual(seen);
    expect((await byId('agency01', pendingOrg)).status).toBe(404);
    expect((await byId('authority01', 999_999)).status).toBe(404);
    const bad = await byId('authority01', 0);
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe('请提供正确的机构编号');
  });

  it('names the fields a change may touch (agentChange/metadata/changeField)', async () => {
    const fields = (await json(await as('agency01').fetch('/smsend/agentChange/metadata/changeField')))
      .object as { value: string; label: string }[];
    expect(fields).toContainEqual({ value: 'address', label: '办公地址' });
    const states = (await json(await as('agency01').fetch('/smsend/agentChange/metadata/auditStatus')))
      .object as { value: number; label: string }[];
    expect(states).toContainEqual({ value: 1, label: '待审核' });
    expect((await as('agency01').fetch('/smsend/agentChange/metadata/nothing')).status).toBe(400);
  });

  it('finds the organization of an account for whoever may see it (queryOneByUserId)', async () => {
    const org = await own('agency05');
    const [row] = await env.ctx.db
      .select({ userId: agentOrganizations.userId })
      .from(agentOrganizations)
      .where(eq(agentOrganizations.organizationId, org.organizationId));
    const byUser = (who: string, userId: number) =>
      as(who).fetch(`/smsend/agentorg/queryOneByUserId?userId=${userId}`);
    const seen = (await json(await byUser('authority01', row?.userId as number))).object;
    expect(seen).toMatchObject({ organizationId: org.organizationId, orgName: org.orgName });
    expect((await json(await byUser('agency05', row?.userId as number))).object.organizationId).toBe(
      org.organizationId,
    );
    // Another agency: as if the account had registered nothing.
    expect((await byUser('agency01', row?.userId as number)).status).toBe(404);
    expect((await byUser('authority01', 999_999)).status).toBe(404);
  });

  it('refuses an unchanged copy and a bad phone, and changes nothing', async () => {
    const org = await own('agency01');
    const same = await as('agency01').fetch('/smsend/agentChange/updateSelfChange', changeOf(org, {}));
    expect(same.status).toBe(400);
    expect((await json(same)).message).toBe('变更内容与当前信息相同，请修改后再提交');
    const phone = await as('agency01').fetch(
      '/smsend/agentChange/updateSelfChange',
      changeOf(org, { contactPhone: '123' }),
    );
    expect(phone.status).toBe(400);
    const listed = await json(
      await as('agency01').fetch('/smsend/agentChange/querySelfChange', { method: 'POST' }),
    );
    expect(listed.total).toBe(0);
  });

  it('is reviewed side by side and applied only on approval', async () => {
    const org = await own('agency01');
    const oldAddress = org.address as string;
    const asked = await as('agency01').fetch(
      '/smsend/agentChange/updateSelfChange',
      changeOf(org, { address: NEW_ADDRESS }),
    );
    expect(asked.status).toBe(200);
    const change = (await json(asked)).data;
    expect(change).toMatchObject({ auditStatus: 1, changedFields: ['address'] });
    // The current data stays in force meanwhile, in the console and in the hall.
    expect((await own('agency01')).address).toBe(oldAddress);
    const hallBefore = await createBrowser(env.app).fetch(
      `/intermediaryhall/orgdetail?id=${org.organizationId}`,
    );
    if (hallBefore.status === 200) expect(await hallBefore.text()).not.toContain(NEW_ADDRESS);
    // One open request at a time.
    const again = await as('agency01').fetch(
      '/smsend/agentChange/updateSelfChange',
      changeOf(org, { address: `${NEW_ADDRESS}B` }),
    );
    expect(again.status).toBe(409);
    // Another agency cannot see it.
    expect(
      (await as('agency05').fetch(`/smsend/agentChange/queryOneOrgChange?id=${change.pkid}`)).status,
    ).toBe(404);

    const todo = await json(
      await as('authority01').fetch('/smsend/agentChange/toDoChangeList', { method: 'POST' }),
    );
    expect(todo.rows.map((row: { pkid: number }) => row.pkid)).toContain(change.pkid);
    const seen = (
      await json(await as('authority01').fetch(`/smsend/agentChange/queryOneOrgChange?id=${change.pkid}`))
    ).object;
    expect(seen.before.address).toBe(oldAddress);
    expect(seen.data.address).toBe(NEW_ADDRESS);
    expect(seen.review.allowed).toEqual(expect.arrayContaining(['approve', 'reject']));

    const decide = (fields: Record<string, string>) =>
      as('authority01').fetch('/smsend/agentChange/approve', {
        method: 'POST',
        body: new URLSearchParams({ id: String(change.pkid), ...fields }),
      });
    expect((await decide({ auditStatus: '3' })).status).toBe(400);
    expect((await own('agency01')).address).toBe(oldAddress);
    expect((await decide({ auditStatus: '2', opinion: '同意变更。' })).status).toBe(200);
    const [row] = await env.ctx.db
      .select({ address: agentOrganizations.address })
      .from(agentOrganizations)
      .where(eq(agentOrganizations.organizationId, org.organizationId));
    expect(row?.address).toBe(NEW_ADDRESS);
    const after = (
      await json(await as('agency01').fetch(`/smsend/agentChange/queryOneOrgChange?id=${change.pkid}`))
    ).object;
    expect(after.auditStatus).toBe(2);
    expect(after.appliedAt).not.toBeNull();
    const timeline = (
      await json(await as('agency01').fetch(`/smsend/agentChange/orgChangeAuditInfo?id=${change.pkid}`))
    ).object;
    expect(timeline.map((record: { opinion: string | null }) => record.opinion)).toContain('同意变更。');
  });
});
