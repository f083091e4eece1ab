/**
 * Test helpers for identity and for every module that needs a signed-in caller: a seeded context,
 * a browser-like client (cookie jar over `app.request`) and sign-on as a demo account.
 */
import type { Hono } from 'hono';
import type { AppContext, AppEnv } from '@server/app-context';
import { createApp } from '@server/app';
import { DEMO_PASSWORD, demoAccounts, seedDemo } from '@server/db/seed';
import { createTestContext, type TestContext } from '@server/test/test-context';
import { defaultApiBases } from '@shared/api/bases';
import { createApiClient, type ApiClient } from '@shared/api/client';
import { signOn } from '@shared/auth/sign-on';
import { GUEST_USER_ID } from '@shared/domain/roles';
import { SESSION_COOKIE } from './http';
import { createTicketGrantingTicket, openSession } from './sessions';
import { hashId } from './tokens';

export const TEST_CAPTCHA = 'Ab3d';
/** The demo accounts' password, as the seed sets it. */
export { DEMO_PASSWORD };
const TEST_ORIGIN = 'http://localhost';

/**
 * A context with the demo accounts (and no projects unless asked: projects bring authorizations,
 * contracts and their reviews), a fixed captcha and a clock tests can move. Proxy headers are trusted,
 * so each test browser has its own address (X-Forwarded-For).
 */
export async function createIdentityTestContext({ projects = 0 } = {}): Promise<{
  ctx: TestContext;
  app: Hono<AppEnv>;
  clock: { now: Date; advance(ms: number): void };
}> {
  const clock = {
    now: new Date('2026-03-02T09:00:00Z'),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const ctx = await createTestContext(
    { CAPTCHA_TEST_CODE: TEST_CAPTCHA, TRUST_PROXY: 'true' },
    { now: () => clock.now },
  );
  await seedDemo(ctx.db, { projects, storeFile: (bytes) => ctx.storage.write(bytes) });
  return { ctx, app: createApp(ctx), clock };
}

export interface Browser {
  /** fetch over the app, keeping cookies like a browser (path-scoped, deleted on Max-Age=0). */
  fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  client: ApiClient;
  ip: string;
  cookies: Map<string, { value: string; path: string }>;
  cookieHeader(path: string): string;
}

let nextAddress = 1;

/** A browser with its own cookies and (unless given) its own client address. */
export function createBrowser(
  app: Hono<AppEnv>,
  ip = `10.0.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`,
  origin = TEST_ORIGIN,
): Browser {
  const cookies = new Map<string, { value: string; path: string }>();
  const cookieHeader = (path: string) =>
    [...cookies.entries()]
      .filter(
        ([, cookie]) =>
          path === cookie.path ||
          path.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`),
      )
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input instanceof Request ? input : new URL(String(input), origin), init);
    const url = new URL(request.url);
    const headers = new Headers(request.headers);
    const jar = cookieHeader(url.pathname);
    if (jar) headers.set('cookie', jar);
    headers.set('x-forwarded-for', ip);
    if (request.method !== 'GET' && request.method !== 'HEAD' && !headers.has('origin'))
      headers.set('origin', origin);
    const response = await app.request(new Request(request, { headers }));
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      const value = rest.join('=');
      const path =
        attributes
          .map((a) => a.trim())
          .find((a) => a.toLowerCase().startsWith('path='))
          ?.slice(5) ?? '/';
      const expired = attributes.some((a) => /^max-age=0$/i.test(a.trim())) || value === '';
      if (!name) continue;
      if (expired) cookies.delete(name.trim());
      else cookies.set(name.trim(), { value, path });
    }
    return response;
  };
  const client = createApiClient({
    bases: defaultApiBases,
    origin,
    fetch,
  });
  return { fetch, client, ip, cookies, cookieHeader };
}

/** Loads the captcha (binding it to the browser) and signs on through the real sequence. */
export async function signInAs(
  browser: Browser,
  username: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  await browser.fetch('/cas/captcha/captcha.do');
  const { tgt } = await signOn(browser.client, { username, password, captcha: TEST_CAPTCHA });
  return tgt;
}

/**
 * Gives the browser a session as the guest user (GUEST_USER_ID). The guest cannot sign on with a
 * password; the legacy platform handed it a session, and so does this.
 */
export async function signInAsGuest(ctx: AppContext, browser: Browser): Promise<void> {
  const tgt = await createTicketGrantingTicket(ctx, GUEST_USER_ID);
  const token = await openSession(ctx, undefined, { tgtHash: hashId(tgt), userId: GUEST_USER_ID });
  browser.cookies.set(SESSION_COOKIE, { value: token ?? '', path: '/' });
}

/** The demo accounts' login names, one per role (README). */
export const demoLoginNames: readonly string[] = demoAccounts.map((account) => account.loginname);

/**
 * For authorization matrices: an anonymous browser (`anonymous`) and one browser signed in as each
 * demo account, by login name.
 */
export async function signInDemoBrowsers(
  app: Parameters<typeof createBrowser>[0],
): Promise<Record<string, Browser>> {
  const browsers: Record<string, Browser> = { anonymous: createBrowser(app) };
  for (const loginname of demoLoginNames) {
    const browser = createBrowser(app);
    await signInAs(browser, loginname);
    browsers[loginname] = browser;
  }
  return browsers;
}
