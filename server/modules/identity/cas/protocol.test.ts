/**
 * CAS Protocol 3.0 (issue 11) followed step by step as a relying party would: a registered service
 * sends the browser to /cas/login, takes the ticket from the redirect and validates it at
 * /validate, /serviceValidate and /p3/serviceValidate (exact XML and JSON shapes); renew, gateway,
 * error codes, unregistered services at every entry point, the REST protocol and single logout to a
 * receiver on 127.0.0.1.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { casLogoutOutbox, scheduledJobs, users } from '@server/db/schema';
import { md5Hex } from '@shared/auth/md5';
import { roles } from '@shared/domain/roles';
import {
  createBrowser,
  createIdentityTestContext,
  DEMO_PASSWORD,
  signInAs,
  type Browser,
} from '../test-support';
import { deliverDueLogouts, RETRY_DELAYS_MS, SINGLE_LOGOUT_JOB } from './single-logout';

let env: Awaited<ReturnType<typeof createIdentityTestContext>>;
let admin: Browser;

const APP = 'https://app.example.gov.cn/portal/';
const APP_PATTERN = '^https://app\\.example\\.gov\\.cn/portal/.*';

beforeAll(async () => {
  env = await createIdentityTestContext();
  admin = createBrowser(env.app);
  await signInAs(admin, 'admin');
  const saved = await admin.fetch('/cas/services/save', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: '测试应用',
      serviceId: APP_PATTERN,
      attributes: ['username', 'depname', 'roles'],
      // Tests reach loopback only: its logout requests go to a closed local port.
      logoutUrl: 'http://127.0.0.1:1/cas-logout',
      enabled: true,
    }),
  });
  expect(saved.status).toBe(200);
});
afterAll(() => env.ctx.dispose());

/** The redirect's target of a 302, else fails. */
function location(response: Response): string {
  expect(response.status).toBe(302);
  return response.headers.get('location') ?? '';
}

/** Steps 1–2 of the protocol: /cas/login for a signed-in browser gives service?ticket=ST-…. */
async function ticketFor(browser: Browser, service: string, extra = ''): Promise<string> {
  const target = location(await browser.fetch(`/cas/login?service=${encodeURIComponent(service)}${extra}`));
  const url = new URL(target);
  expect(`${url.origin}${url.pathname}`).toBe(service.split('?')[0]);
  const ticket = url.searchParams.get('ticket') ?? '';
  expect(ticket).toMatch(/^ST-[A-Za-z0-9-]+$/);
  return ticket;
}

/** What the service's back end does: a plain GET, no cookies. */
async function validate(path: string, query: Record<string, string>): Promise<Response> {
  return env.app.request(`/cas/${path}?${new URLSearchParams(query).toString()}`);
}

describe('login', () => {
  it('sends a browser without a session to the sign-on page, and back without ticket with gateway', async () => {
    const browser = createBrowser(env.app);
    expect(location(await browser.fetch(`/cas/login?service=${encodeURIComponent(APP)}`))).toBe(
      `/login?service=${encodeURIComponent(APP)}`,
    );
    expect(location(await browser.fetch(`/cas/login?service=${encodeURIComponent(APP)}&gateway=true`))).toBe(
      APP,
    );
    expect(location(await browser.fetch('/cas/login'))).toBe('/login');
  });

  it('redirects a browser signed in through the hall at once, keeping the service query', async () => {
    const browser = createBrowser(env.app);
    await signInAs(browser, 'agency01');
    const target = location(
      await browser.fetch(`/cas/login?service=${encodeURIComponent(`${APP}a?x=1#top`)}`),
    );
    expect(target).toMatch(/^https:\/\/app\.example\.gov\.cn\/portal\/a\?x=1&ticket=ST-[A-Za-z0-9-]+#top$/);
  });

  it('refuses an unregistered service with a page, and never issues it a ticket anywhere', async () => {
    const browser = createBrowser(env.app);
    const tgt = await signInAs(browser, 'agency01');
    for (const evil of [
      'https://evil.example/steal',
      'https://app.example.gov.cn.evil.example/portal/',
      '/\\evil.example',
    ]) {
      const page = await browser.fetch(`/cas/login?service=${encodeURIComponent(evil)}`);
      expect(page.status).toBe(403);
      expect(await page.text()).toContain('该应用未在统一登录中注册，不能签发登录票据');
      const spec = await browser.fetch(`/cas/rest/tickets/${tgt}`, {
        method: 'POST',
        body: new URLSearchParams({ service: evil }),
      });
      // An address a browser would rewrite (the backslash) is not even an address: 400 (finding 7).
      const malformed = evil.includes('\\');
      expect(spec.status).toBe(malformed ? 400 : 403);
      expect(((await spec.json()) as { message: string }).message).toBe(
        malformed ? 'service 参数不是有效的地址' : '该应用未在统一登录中注册，不能签发登录票据',
      );
    }
    // A disabled registration gives nothing either.
    const list = (await (await admin.fetch('/cas/services/list')).json()) as {
      rows: { id: number; source: string; serviceId: string }[];
    };
    const row = list.rows.find((r) => r.source === 'console' && r.serviceId === APP_PATTERN);
    expect(list.rows[0]?.source).toBe('builtin');
    const off = {
      name: '测试应用',
      serviceId: APP_PATTERN,
      attributes: [],
      logoutUrl: 'http://127.0.0.1:1/cas-logout',
      enabled: false,
    };
    const save = (body: object) =>
      admin.fetch('/cas/services/save', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await save({ ...off, id: row?.id })).status).toBe(200);
    expect((await browser.fetch(`/cas/login?service=${encodeURIComponent(APP)}`)).status).toBe(403);
    expect(
      (await save({ ...off, id: row?.id, enabled: true, attributes: ['username', 'depname', 'roles'] }))
        .status,
    ).toBe(200);
    // The registry validates what it stores.
    const bad = await save({ ...off, serviceId: '^https://(' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe('服务地址规则不是有效的正则表达式');
    expect((await save({ ...off, attributes: ['loginpwd'] })).status).toBe(400);
    expect((await save({ ...off, logoutUrl: 'javascript:alert(1)' })).status).toBe(400);
  });

  it('logout returns to a registered service, and to home for any other address', async () => {
    for (const [service, expected] of [
      [APP, APP],
      ['https://evil.example/steal', '/'],
      ['https://app.example.gov.cn.evil.example/portal/', '/'],
      ['https://app.example.gov.cn/portal/\r\nSet-Cookie: x=1', '/'],
    ] as const) {
      const browser = createBrowser(env.app);
      await signInAs(browser, 'owner01');
      const answer = await browser.fetch(`/cas/logout?service=${encodeURIComponent(service)}`, {
        headers: { accept: 'text/html' },
      });
      expect(location(answer)).toBe(expected);
      expect((await browser.fetch('/uc/user/current.json')).status).toBe(401);
    }
  });

  it('renew asks for the password again and marks that ticket, not the single-sign-on ones', async () => {
    const browser = createBrowser(env.app);
    await signInAs(browser, 'owner01');
    // The first ticket after the password counts as from a new login; use it up.
    const first = await ticketFor(browser, APP);
    expect((await validate('validate', { ticket: first, service: APP, renew: 'true' })).status).toBe(200);
    const sso = await ticketFor(browser, APP);
    const refused = await (
      await validate('p3/serviceValidate', { ticket: sso, service: APP, renew: 'true' })
    ).text();
    expect(refused).toContain('<cas:authenticationFailure code="INVALID_TICKET">');

    expect(location(await browser.fetch(`/cas/login?service=${encodeURIComponent(APP)}&renew=true`))).toBe(
      `/login?service=${encodeURIComponent(APP)}&renew=true`,
    );
    // The sign-on page signs in with the password (the hall's sequence), then comes back.
    await signInAs(browser, 'owner01');
    const renewed = await ticketFor(browser, APP, '&renew=true');
    const body = await (
      await validate('p3/serviceValidate', { ticket: renewed, service: APP, renew: 'true' })
    ).text();
    expect(body).toContain('<cas:user>owner01</cas:user>');
  });
});

describe('validation', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = createBrowser(env.app);
    await signInAs(browser, 'agency01');
  });

  it('p3/serviceValidate answers the exact XML with the attributes the service may see', async () => {
    const ticket = await ticketFor(browser, APP);
    const response = await validate('p3/serviceValidate', {
      ticket,
      service: APP,
      pgtUrl: 'https://x.example/pgt',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const [agency] = await env.ctx.db.select().from(users).where(eq(users.loginname, 'agency01'));
    const depname = await depnameOf(agency?.depid ?? 0);
    expect(await response.text()).toBe(
      '<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">\n' +
        '    <cas:authenticationSuccess>\n' +
        '        <cas:user>agency01</cas:user>\n' +
        '        <cas:attributes>\n' +
        `            <cas:username>${agency?.username}</cas:username>\n` +
        `            <cas:depname>${depname}</cas:depname>\n` +
        `            <cas:roles>${roles.agency.id}</cas:roles>\n` +
        '        </cas:attributes>\n' +
        '    </cas:authenticationSuccess>\n' +
        '</cas:serviceResponse>\n',
    );
  });

  it('serviceValidate (CAS 2.0) answers the user without attributes; JSON on format=JSON', async () => {
    const ticket = await ticketFor(browser, APP);
    expect(await (await validate('serviceValidate', { ticket, service: APP })).text()).toBe(
      '<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">\n' +
        '    <cas:authenticationSuccess>\n' +
        '        <cas:user>agency01</cas:user>\n' +
        '    </cas:authenticationSuccess>\n' +
        '</cas:serviceResponse>\n',
    );
    const again = await ticketFor(browser, APP);
    const json = await (
      await validate('p3/serviceValidate', { ticket: again, service: APP, format: 'JSON' })
    ).json();
    expect(json).toEqual({
      serviceResponse: {
        authenticationSuccess: {
          user: 'agency01',
          attributes: { username: expect.any(String), depname: expect.any(String), roles: [roles.agency.id] },
        },
      },
    });
  });

  it('CAS 1.0 validate answers yes or no as text', async () => {
    const ticket = await ticketFor(browser, APP);
    expect(await (await validate('validate', { ticket, service: APP })).text()).toBe('yes\nagency01\n');
    expect(await (await validate('validate', { ticket, service: APP })).text()).toBe('no\n\n');
  });

  it('answers the protocol error codes', async () => {
    const failure = async (query: Record<string, string>, format?: string) => {
      const response = await validate('serviceValidate', format ? { ...query, format } : query);
      expect(response.status).toBe(200);
      return format ? response.json() : response.text();
    };
    const shape = (code: string) =>
      new RegExp(
        `^<cas:serviceResponse xmlns:cas="http://www\\.yale\\.edu/tp/cas">\\n    <cas:authenticationFailure code="${code}">[^<]+</cas:authenticationFailure>\\n</cas:serviceResponse>\\n$`,
      );
    expect(await failure({ service: APP })).toMatch(shape('INVALID_REQUEST'));
    expect(await failure({ ticket: 'ST-1' })).toMatch(shape('INVALID_REQUEST'));
    expect(await failure({ ticket: 'ST-nonexistent', service: APP })).toMatch(shape('INVALID_TICKET'));

    // Valid once: the second validation fails.
    const once = await ticketFor(browser, APP);
    expect(await failure({ ticket: once, service: APP })).toContain('authenticationSuccess');
    expect(await failure({ ticket: once, service: APP })).toMatch(shape('INVALID_TICKET'));

    // For the exact service it was issued to, and spent by a wrong try.
    const other = await ticketFor(browser, APP);
    expect(await failure({ ticket: other, service: `${APP}other` })).toMatch(shape('INVALID_SERVICE'));
    expect(await failure({ ticket: other, service: APP })).toMatch(shape('INVALID_TICKET'));

    // 10 seconds.
    const late = await ticketFor(browser, APP);
    env.clock.advance(10_001);
    expect(await failure({ ticket: late, service: APP })).toMatch(shape('INVALID_TICKET'));

    const json = (await failure({ ticket: 'ST-nonexistent', service: APP }, 'JSON')) as {
      serviceResponse: { authenticationFailure: { code: string; description: string } };
    };
    expect(json.serviceResponse.authenticationFailure.code).toBe('INVALID_TICKET');
    expect(Object.keys(json.serviceResponse)).toEqual(['authenticationFailure']);
  });

  it('refuses proxy tickets as the protocol says', async () => {
    expect(await (await validate('proxy', {})).text()).toContain('<cas:proxyFailure code="INVALID_REQUEST">');
    expect(await (await validate('proxy', { pgt: 'PGT-1', targetService: APP })).text()).toContain(
      '<cas:proxyFailure code="UNAUTHORIZED_SERVICE">',
    );
  });
});

describe('registry files and /check', () => {
  it('gives tickets to a service of a CAS_SERVICE_REGISTRY file, with its attributes', async () => {
    const config = env.ctx.config as { casServiceFiles: unknown };
    const before = config.casServiceFiles;
    config.casServiceFiles = [
      {
        id: 1001,
        name: '地理信息平台',
        serviceId: '^https://gis\\.example\\.gov\\.cn/.*',
        attributes: ['loginname'],
        logoutUrl: 'http://127.0.0.1:1/gis-logout',
        enabled: true,
        file: 'gis.json',
      },
    ];
    try {
      const browser = createBrowser(env.app);
      await signInAs(browser, 'staff01');
      const service = 'https://gis.example.gov.cn/map';
      const ticket = await ticketFor(browser, service);
      const json = await (await validate('p3/serviceValidate', { ticket, service, format: 'JSON' })).json();
      expect(json).toEqual({
        serviceResponse: { authenticationSuccess: { user: 'staff01', attributes: { loginname: 'staff01' } } },
      });
    } finally {
      config.casServiceFiles = before;
    }
  });

  it("/check opens the session from a ticket issued for this site's /check page only", async () => {
    const signedIn = createBrowser(env.app);
    await signInAs(signedIn, 'owner01');
    const service = 'http://localhost/check?redirect=/guide/message/0';
    const ticket = await ticketFor(signedIn, service);
    const visitor = createBrowser(env.app);
    const check = async (query: Record<string, string>) =>
      (
        (await (await visitor.fetch(`/cas/check?${new URLSearchParams(query).toString()}`)).json()) as {
          data: { signedIn: boolean };
        }
      ).data.signedIn;
    expect(await check({})).toBe(false);
    expect(await check({ ticket, service: `${service}x` })).toBe(false);
    const again = await ticketFor(signedIn, service);
    expect(await check({ ticket: again, service })).toBe(true);
    expect(await check({})).toBe(true);
    expect((await visitor.fetch('/uc/user/current.json')).status).toBe(200);
    // A ticket for another registered service does not open a session here.
    const other = await ticketFor(signedIn, APP);
    expect(await createBrowserCheck({ ticket: other, service: APP })).toBe(false);
  });
});

async function createBrowserCheck(query: Record<string, string>): Promise<boolean> {
  const response = await createBrowser(env.app).fetch(`/cas/check?${new URLSearchParams(query).toString()}`);
  return ((await response.json()) as { data: { signedIn: boolean } }).data.signedIn;
}

describe('REST protocol (/v1/tickets)', () => {
  const loopback = () => createBrowser(env.app, '127.0.0.1');

  it('issues a TGT for the clear password, a service ticket for a registered service, and ends it', async () => {
    const program = loopback();
    const created = await program.fetch('/cas/v1/tickets', {
      method: 'POST',
      body: new URLSearchParams({ username: 'staff01', password: DEMO_PASSWORD }),
    });
    expect(created.status).toBe(201);
    const tgtUrl = created.headers.get('location') ?? '';
    expect(tgtUrl).toMatch(/^http:\/\/localhost\/cas\/v1\/tickets\/TGT-[A-Za-z0-9-]+$/);
    const path = new URL(tgtUrl).pathname;

    const refused = await program.fetch(path, {
      method: 'POST',
      body: new URLSearchParams({ service: 'https://evil.example/' }),
    });
    expect(refused.status).toBe(403);

    const issued = await program.fetch(path, { method: 'POST', body: new URLSearchParams({ service: APP }) });
    expect(issued.status).toBe(200);
    const ticket = await issued.text();
    expect(ticket).toMatch(/^ST-[A-Za-z0-9-]+$/);
    expect(await (await validate('validate', { ticket, service: APP })).text()).toBe('yes\nstaff01\n');

    expect((await program.fetch(path, { method: 'DELETE' })).status).toBe(200);
    const after = await program.fetch(path, { method: 'POST', body: new URLSearchParams({ service: APP }) });
    expect(after.status).toBe(404);
  });

  it('takes the hashed form the hall stores, so the md5 of the password is not a password', async () => {
    const response = await loopback().fetch('/cas/v1/tickets', {
      method: 'POST',
      body: new URLSearchParams({ username: 'staff01', password: md5Hex(DEMO_PASSWORD) }),
    });
    expect(response.status).toBe(401);
  });

  it('is refused without TLS from another address, accepted over TLS behind the trusted proxy', async () => {
    const remote = createBrowser(env.app, '10.9.9.9');
    const plain = await remote.fetch('/cas/v1/tickets', {
      method: 'POST',
      body: new URLSearchParams({ username: 'staff01', password: DEMO_PASSWORD }),
    });
    expect(plain.status).toBe(403);
    expect(((await plain.json()) as { message: string }).message).toContain('HTTPS');
    const tls = await remote.fetch('/cas/v1/tickets', {
      method: 'POST',
      headers: { 'x-forwarded-proto': 'https' },
      body: new URLSearchParams({ username: 'staff01', password: DEMO_PASSWORD }),
    });
    expect(tls.status).toBe(201);
    expect(tls.headers.get('location')).toMatch(/^https:\/\//);
  });

  it('applies the lockout: after 5 wrong passwords even the right one is refused', async () => {
    const program = createBrowser(env.app, '127.0.0.2');
    const attempt = (password: string) =>
      program.fetch('/cas/v1/tickets', {
        method: 'POST',
        body: new URLSearchParams({ username: 'district01', password }),
      });
    for (let i = 0; i < 5; i++) expect((await attempt('Wrong1234')).status).toBe(401);
    expect((await attempt(DEMO_PASSWORD)).status).toBe(429);
    env.clock.advance(16 * 60 * 1000);
  });
});

describe('single logout', () => {
  let receiver: http.Server;
  let port: number;
  const received: { path: string; body: string }[] = [];
  /** Called at each message received (a test awaiting one sets it). */
  let onReceived = () => {};
  let failNext = 0;

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        if (failNext > 0) {
          failNext--;
          res.statusCode = 500;
          res.end();
          return;
        }
        received.push({ path: req.url ?? '', body });
        res.end('ok');
        onReceived();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    // Earlier tests' sign-ons queued messages for the other test service: not this receiver's business.
    await env.ctx.db.delete(casLogoutOutbox);
    port = (receiver.address() as AddressInfo).port;
    const saved = await admin.fetch('/cas/services/save', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: '单点退出测试',
        serviceId: `^http://127\\.0\\.0\\.1:${port}/app/.*`,
        attributes: [],
        logoutUrl: `http://127.0.0.1:${port}/slo`,
        enabled: true,
      }),
    });
    expect(saved.status).toBe(200);
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it('POSTs the SAML LogoutRequest to each service that validated a ticket, with retries', async () => {
    const service = `http://127.0.0.1:${port}/app/home`;
    const browser = createBrowser(env.app);
    await signInAs(browser, 'auditor01');
    const ticket = await ticketFor(browser, service);
    expect(await (await validate('serviceValidate', { ticket, service })).text()).toContain('auditor01');

    failNext = 1;
    const loggedOut = await browser.fetch('/cas/logout');
    expect(loggedOut.status).toBeLessThan(400);
    // Logout did not wait for the service: the message is in the outbox, first attempt fails.
    expect(await deliverDueLogouts(env.ctx)).toBe(0);
    const [pending] = await env.ctx.db
      .select()
      .from(casLogoutOutbox)
      .where(eq(casLogoutOutbox.url, `http://127.0.0.1:${port}/slo`));
    expect(pending?.attempts).toBe(1);
    expect(pending?.lastError).toBe('HTTP 500');
    expect(await deliverDueLogouts(env.ctx)).toBe(0); // not due yet
    env.clock.advance(RETRY_DELAYS_MS[0]);
    expect(await deliverDueLogouts(env.ctx)).toBe(1);

    expect(received).toHaveLength(1);
    expect(received[0]?.path).toBe('/slo');
    const form = new URLSearchParams(received[0]?.body);
    expect(form.get('logoutRequest')).toMatch(
      new RegExp(
        '^<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ' +
          'xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="LR-[0-9a-f-]+" Version="2.0" ' +
          'IssueInstant="\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ">' +
          '<saml:NameID>@NOT_USED@</saml:NameID>' +
          `<samlp:SessionIndex>${ticket}</samlp:SessionIndex>` +
          '</samlp:LogoutRequest>$',
      ),
    );
    expect(await deliverDueLogouts(env.ctx)).toBe(0);
  });

  it('delivers through the job runner right after the logout, which does not wait for it', async () => {
    received.length = 0;
    // Nothing is due when the runner starts and it polls every 30 s: only the logout's "run now"
    // can deliver within the test.
    const runner = env.ctx.services.jobs;
    await runner.ensureScheduled();
    await env.ctx.db.update(scheduledJobs).set({ nextRunAt: new Date(env.clock.now.getTime() + 3_600_000) });
    await runner.start();
    try {
      const service = `http://127.0.0.1:${port}/app/bg`;
      const browser = createBrowser(env.app);
      await signInAs(browser, 'district01');
      const ticket = await ticketFor(browser, service);
      expect(await (await validate('validate', { ticket, service })).text()).toBe('yes\ndistrict01\n');
      const arrived = new Promise<void>((resolve) => (onReceived = resolve));
      expect((await browser.fetch('/cas/logout')).status).toBeLessThan(400);
      await arrived;
      // The run records its outcome once the message is out: stopping waits for it.
      await runner.stop();
      expect(received.map((r) => new URLSearchParams(r.body).get('logoutRequest'))).toEqual([
        expect.stringContaining(`<samlp:SessionIndex>${ticket}</samlp:SessionIndex>`),
      ]);
      const [job] = await env.ctx.db
        .select()
        .from(scheduledJobs)
        .where(eq(scheduledJobs.name, SINGLE_LOGOUT_JOB));
      expect(job).toMatchObject({ lastStatus: 'succeeded', lastMessage: '发送 1 条退出通知' });
    } finally {
      await runner.stop();
    }
  });

  it('the outbox is a job of the runner, listed for administrators', async () => {
    const body = (await (await admin.fetch('/task/monitor/job/list')).json()) as {
      rows: { jobName: string; schedule: string }[];
    };
    expect(body.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ jobName: SINGLE_LOGOUT_JOB, schedule: 'every 1' }),
        expect.objectContaining({ jobName: 'sso-expiry', schedule: 'every 5' }),
      ]),
    );
  });

  it('tells the services when a sign-on expires as well', async () => {
    received.length = 0;
    const service = `http://127.0.0.1:${port}/app/x`;
    const browser = createBrowser(env.app);
    await signInAs(browser, 'share01');
    const ticket = await ticketFor(browser, service);
    expect(await (await validate('validate', { ticket, service })).text()).toBe('yes\nshare01\n');
    env.clock.advance(3 * 60 * 60 * 1000); // past the 2 h idle limit
    // No sign-on needed: the sso-expiry job ends it and the delivery job sends the message.
    await env.ctx.services.jobs.ensureScheduled();
    const outcomes = await env.ctx.services.jobs.runDue();
    expect(outcomes).toEqual(
      expect.arrayContaining([
        { name: 'sso-expiry', status: 'succeeded', message: expect.stringMatching(/^结束 [1-9]/) },
      ]),
    );
    await deliverDueLogouts(env.ctx); // the delivery job ran before or after the sweep: either way
    expect(received.map((r) => new URLSearchParams(r.body).get('logoutRequest'))).toEqual([
      expect.stringContaining(`<samlp:SessionIndex>${ticket}</samlp:SessionIndex>`),
    ]);
  });

  it('an administrator ends all sign-ons of a user, and the services are told', async () => {
    received.length = 0;
    const service = `http://127.0.0.1:${port}/app/admin-ended`;
    const [phone, laptop] = [createBrowser(env.app), createBrowser(env.app)];
    await signInAs(phone, 'owner01');
    await signInAs(laptop, 'owner01');
    const ticket = await ticketFor(phone, service);
    expect(await (await validate('validate', { ticket, service })).text()).toBe('yes\nowner01\n');
    const [owner] = await env.ctx.db.select().from(users).where(eq(users.loginname, 'owner01'));
    const end = (browser: Browser, id: number | string) =>
      browser.fetch(`/uc/user/${id}/logout.json`, { method: 'POST' });

    const other = createBrowser(env.app);
    await signInAs(other, 'district01');
    // The clock moved past the idle limit in the test before: the administrator signs on again.
    const admin = createBrowser(env.app);
    await signInAs(admin, 'admin');
    expect((await end(other, owner!.pkid)).status).toBe(403); // administrators only
    expect((await end(createBrowser(env.app), owner!.pkid)).status).toBe(401);
    expect((await phone.fetch('/uc/user/current.json')).status).toBe(200);
    expect((await end(admin, 999_999)).status).toBe(404);
    const [self] = await env.ctx.db.select().from(users).where(eq(users.loginname, 'admin'));
    const own = await end(admin, self!.pkid);
    expect(own.status).toBe(400);
    expect(await own.json()).toMatchObject({ message: '不能在此结束自己的登录，请使用“退出”' });
    expect((await admin.fetch('/uc/user/current.json')).status).toBe(200);

    const ended = await end(admin, owner!.pkid);
    expect(ended.status).toBe(200);
    expect(await ended.json()).toMatchObject({ success: true, message: '已结束该用户的全部登录' });
    expect((await phone.fetch('/uc/user/current.json')).status).toBe(401);
    expect((await laptop.fetch('/uc/user/current.json')).status).toBe(401);
    expect((await other.fetch('/uc/user/current.json')).status).toBe(200);
    await deliverDueLogouts(env.ctx);
    expect(received.map((r) => new URLSearchParams(r.body).get('logoutRequest'))).toEqual([
      expect.stringContaining(`<samlp:SessionIndex>${ticket}</samlp:SessionIndex>`),
    ]);
  });
});

async function depnameOf(depid: number): Promise<string> {
  const { departments } = await import('@server/db/schema');
  const [row] = await env.ctx.db.select().from(departments).where(eq(departments.pkid, depid));
  return row?.name ?? '';
}
