import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '@server/app-context';
import { roles } from '@shared/domain/roles';
import { bindGuardContext, requireRoles, requireUser } from './guard';
import { createBrowser, createIdentityTestContext, signInAs } from './test-support';

let env: Awaited<ReturnType<typeof createIdentityTestContext>>;
/** A module as later issues write one: its own routes behind the guards. */
let moduleApp: Hono<AppEnv>;

beforeAll(async () => {
  env = await createIdentityTestContext();
  moduleApp = new Hono<AppEnv>();
  moduleApp.use(bindGuardContext(env.ctx));
  moduleApp.onError((error, c) =>
    c.json({ message: error.message }, (error as { status?: 401 }).status ?? 500),
  );
  moduleApp.get('/any', requireUser(), (c) => c.json({ pkid: c.get('user').pkid }));
  moduleApp.get('/owners', requireRoles(roles.owner.id), (c) => c.json({ roles: c.get('user').roleIds }));
});
afterAll(() => env.ctx.dispose());

async function statusFor(path: string, loginname?: string): Promise<number> {
  const browser = createBrowser(env.app);
  if (loginname) await signInAs(browser, loginname);
  const response = await moduleApp.request(`http://localhost${path}`, {
    headers: { cookie: browser.cookieHeader(path) },
  });
  return response.status;
}

describe('requireUser / requireRoles', () => {
  it('puts the signed-in user on the context, 401 otherwise', async () => {
    expect(await statusFor('/any')).toBe(401);
    const browser = createBrowser(env.app);
    await signInAs(browser, 'staff01');
    const response = await moduleApp.request('http://localhost/any', {
      headers: { cookie: browser.cookieHeader('/any') },
    });
    expect(await response.json()).toEqual({ pkid: 4 });
  });

  it('lets the listed roles and the administrator through, 403 for the others', async () => {
    expect(await statusFor('/owners')).toBe(401);
    expect(await statusFor('/owners', 'owner01')).toBe(200);
    expect(await statusFor('/owners', 'admin')).toBe(200);
    expect(await statusFor('/owners', 'agency01')).toBe(403);
    expect(await statusFor('/owners', 'share01')).toBe(403);
  });
});
