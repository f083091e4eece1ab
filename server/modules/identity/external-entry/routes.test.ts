import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles, users } from '@server/db/schema';
import { departmentIds } from '@server/seed';
import { roles } from '@shared/domain/roles';
import { createBrowser, createIdentityTestContext } from '../test-support';
import type { IdentityProvider } from './provider';
import { loadCurrentUser } from '@shared/auth/current-user';

let env: Awaited<ReturnType<typeof createIdentityTestContext>>;
const tickets = new Map<string, string>();

beforeAll(async () => {
  env = await createIdentityTestContext();
  // A provincial platform that knows people we have never seen.
  const provider: IdentityProvider = {
    async checkTicket(ticket) {
      const loginName = tickets.get(ticket);
      tickets.delete(ticket);
      return loginName ? { loginName } : null;
    },
  };
  env.ctx.services.identityProvider = provider;
});
afterAll(() => env.ctx.dispose());

function form(fields: Record<string, string>): RequestInit {
  return { method: 'POST', body: new URLSearchParams(fields) };
}

describe('external entry with a first-time user', () => {
  it('asks for perfectData, then creates the account and signs it in', async () => {
    tickets.set('PT-1', 'prov-newowner');
    const browser = createBrowser(env.app);
    const checked = await browser.fetch('/task/newSystemLogin/checkTicket', form({ ticket: 'PT-1' }));
    expect(await checked.json()).toMatchObject({
      success: true,
      data: { loginName: 'prov-newowner', needPerfect: true },
    });
    expect((await browser.fetch('/uc/user/current.json')).status).toBe(401);

    const invalid = await browser.fetch(
      '/task/register/perfectData',
      form({ username: '', userphone: '13812345678', usertype: '2' }),
    );
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ message: '单位名称不能为空' });

    const done = await browser.fetch(
      '/task/register/perfectData',
      form({ username: '省平台建设单位', userphone: '13812345678', usertype: '2' }),
    );
    expect(done.status).toBe(200);
    expect(await loadCurrentUser(browser.client)).toMatchObject({
      loginname: 'prov-newowner',
      roleid: roles.owner.id,
      depid: departmentIds.construction,
    });
    const [row] = await env.ctx.db.select().from(users).where(eq(users.loginname, 'prov-newowner'));
    expect(row?.loginpwd).toBe('!');
    const links = await env.ctx.db
      .select()
      .from(userRoles)
      .where(eq(userRoles.userId, row?.pkid ?? 0));
    expect(links.map((link) => link.roleId)).toEqual([roles.owner.id]);

    // Next time the same person goes straight in.
    tickets.set('PT-2', 'prov-newowner');
    const again = createBrowser(env.app);
    const kx = await again.fetch('/task/system-login/loginCheckKX?loginName=prov-newowner&ticketId=PT-2');
    expect(await kx.json()).toMatchObject({ data: { needPerfect: false } });
    expect((await again.fetch('/uc/user/current.json')).status).toBe(200);
  });

  it('refuses an unknown ticket and perfectData without a checked ticket', async () => {
    const browser = createBrowser(env.app);
    expect(
      (await browser.fetch('/task/newSystemLogin/checkTicket', form({ ticket: 'PT-none' }))).status,
    ).toBe(401);
    const response = await browser.fetch(
      '/task/register/perfectData',
      form({ username: '单位', userphone: '13812345678', usertype: '1' }),
    );
    expect(response.status).toBe(401);
  });
});
