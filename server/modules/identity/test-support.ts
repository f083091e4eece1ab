/**
 * Test helpers for identity and for every module that needs a signed-in caller: a seeded context,
 * a browser-like client (cookie jar over `app.request`) and sign-on as a demo account.
 */
import type { Hono } from 'hono';
import { afterAll, beforeAll } from 'vitest';
import type { AppContext, AppEnv } from '@server/app-context';
import { createApp } from '@server/app';
import { DEMO_PASSWORD, demoAccounts } from '@server/seed';
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
 * contracts and their reviews), a fixed captcha and a clock tests can move (it does not run by itself). Proxy headers are trusted,
 * so each test browser has its own address (X-Forwarded-For).
 */
export interface IdentityTestContext {
  ctx: TestContext;
  app: Hono<AppEnv>;
  clock: { now: Date; advance(ms: number): void };
}

export async function createIdentityTestContext({ projects = 0 } = {}): Promise<IdentityTestContext> {
  const clock = {
    // The real time when the file starts: the demo city's dates count back from when its template was
    // made (server/test/templates.ts), so what the product writes on this clock comes after them, as
    // in a running product (issue 21: every write takes its time from this clock).
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const ctx = await createTestContext(
    { CAPTCHA_TEST_CODE: TEST_CAPTCHA, TRUST_PROXY: 'true' },
    { now: () => clock.now },
    { demoProjects: projects },
  );
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
 * An anonymous browser (`anonymous`) and one browser signed in as each of `accounts` (by default every
 * demo account), by login name: for authorization matrices and for tests acting as several people.
 */
export async function signInDemoBrowsers(
  app: Parameters<typeof createBrowser>[0],
  accounts: readonly string[] = demoLoginNames,
): Promise<Record<string, Browser>> {
  const browsers: Record<string, Browser> = { anonymous: createBrowser(app) };
  for (const loginname of accounts) {
    const browser = createBrowser(app);
    await signInAs(browser, loginname);
    browsers[loginname] = browser;
  }
  return browsers;
}

/** A test file's app, its context and its signed-in browsers (see signedInTestApp). */
export interface SignedInTestApp extends IdentityTestContext {
  browsers: Record<string, Browser>;
  /** The browser signed in as `loginname` (or `anonymous`). */
  as(loginname: string): Browser;
  /** The same browser, named before it exists: it is looked up on each use (for the top of a file). */
  browser(loginname: string): Browser;
  /** A POST of `fields` as an urlencoded form, as `loginname`. */
  postForm(loginname: string, path: string, fields: Record<string, string>): Promise<Response>;
  /** A POST of `fields` and `files` as multipart form data, as `loginname`. */
  postMultipart(
    loginname: string,
    path: string,
    fields: Record<string, string>,
    files?: Record<string, File>,
  ): Promise<Response>;
}

/**
 * The usual set-up of a test file that calls the app as several people: before its tests, a context
 * (createIdentityTestContext), `prepare` (for data the sign-ins need) and browsers signed in as
 * `accounts` (signInDemoBrowsers); after them, the context is disposed. The fields are filled in
 * before the first test: read them inside tests and hooks, not at the top of the file.
 */
export function signedInTestApp({
  accounts = demoLoginNames,
  projects = 0,
  prepare,
  timeout = 240_000,
}: {
  accounts?: readonly string[];
  projects?: number;
  prepare?: (env: IdentityTestContext) => Promise<void>;
  timeout?: number;
} = {}): SignedInTestApp {
  const env = {
    browsers: {},
    as: (loginname: string) => env.browsers[loginname] as Browser,
    browser: (loginname: string): Browser => ({
      fetch: (input, init) => env.as(loginname).fetch(input, init),
      get client() {
        return env.as(loginname).client;
      },
      get ip() {
        return env.as(loginname).ip;
      },
      get cookies() {
        return env.as(loginname).cookies;
      },
      cookieHeader: (path) => env.as(loginname).cookieHeader(path),
    }),
    postForm: (loginname: string, path: string, fields: Record<string, string>) =>
      env.as(loginname).fetch(path, form(fields)),
    postMultipart: (
      loginname: string,
      path: string,
      fields: Record<string, string>,
      files: Record<string, File> = {},
    ) => env.as(loginname).fetch(path, multipart(fields, files)),
  } as SignedInTestApp;
  beforeAll(async () => {
    Object.assign(env, await createIdentityTestContext({ projects }));
    await prepare?.(env);
    env.browsers = await signInDemoBrowsers(env.app, accounts);
  }, timeout);
  afterAll(() => env.ctx?.dispose());
  return env;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- tests read the fields they assert on */
/** The JSON envelope the legacy calls answer with, loosely typed. */
export interface JsonEnvelope {
  success: boolean;
  message: string;
  data: any;
  object: any;
  rows: any[];
  total: number;
  [field: string]: any;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** A response's JSON body as a JsonEnvelope. */
export const json = async (response: Response): Promise<JsonEnvelope> => await response.json();

/** A POST of `fields` as an urlencoded form. */
export const form = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  body: new URLSearchParams(fields),
});

/** A POST of `fields` and `files` as multipart form data. */
export function multipart(
  fields: Record<string, string | File>,
  files: Record<string, File> = {},
): RequestInit {
  const body = new FormData();
  for (const [key, value] of Object.entries({ ...fields, ...files })) body.set(key, value);
  return { method: 'POST', body };
}

/** A small PDF file (its bytes begin as a PDF's do), for uploads. */
export const pdf = (name: string, text = '测试') =>
  new File([new TextEncoder().encode(`%PDF-1.4\n%${text}\n`)], name);

/** A small PNG file (its bytes begin as a PNG's do), for uploads. */
export const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], name);
