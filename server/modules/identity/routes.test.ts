import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { smsOutbox, users } from '@server/db/schema';
import { createApp } from '@server/app';
import { departmentIds } from '@server/seed';
import { md5Hex } from '@shared/auth/md5';
import { captchaImageUrl, signOn, signOut, verifyCaptcha } from '@shared/auth/sign-on';
import { roles } from '@shared/domain/roles';
import { canOpen, matchRoute, routes } from '@shared/domain/routes';
import { ADDRESS_HOURLY_LIMIT } from './sms/service';
import { sameService } from './external-entry/provider';
import {
  createBrowser,
  DEMO_PASSWORD,
  signInAs,
  TEST_CAPTCHA,
  type Browser,
  signedInTestApp,
} from './test-support';
import { loadCurrentUser } from '@shared/auth/current-user';

const env = signedInTestApp({ accounts: [] });

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

function form(fields: Record<string, string>, extra: RequestInit = {}): RequestInit {
  return { method: 'POST', body: new URLSearchParams(fields), ...extra };
}

async function json(
  response: Response,
): Promise<{ success: boolean; message: string; data: unknown; field?: string }> {
  return (await response.json()) as { success: boolean; message: string; data: unknown; field?: string };
}

/** POST {cas}/rest/tickets after loading and verifying the captcha in this browser. */
async function requestTgt(browser: Browser, username: string, password = DEMO_PASSWORD): Promise<Response> {
  await browser.fetch('/cas/captcha/captcha.do');
  expect((await browser.fetch('/cas/captcha/verifyq.do', form({ captcha: TEST_CAPTCHA }))).status).toBe(200);
  return browser.fetch('/cas/rest/tickets', form({ username, password: md5Hex(password) }));
}

async function serviceTicket(browser: Browser, tgt: string, service = 'http://localhost/uc/service') {
  const response = await browser.fetch(`/cas/rest/tickets/${tgt}`, form({ service }));
  expect(response.status).toBe(200);
  return (await response.text()).trim();
}

async function currentStatus(browser: Browser): Promise<number> {
  return (await browser.fetch('/uc/user/current.json')).status;
}

describe('single sign-on (CAS-compatible)', () => {
  it('answers 201, a Location and an HTML form ending /rest/tickets/TGT-…', async () => {
    const browser = createBrowser(env.app);
    const response = await requestTgt(browser, 'agency01');
    expect(response.status).toBe(201);
    const location = response.headers.get('location') ?? '';
    expect(location).toMatch(/^http:\/\/localhost\/cas\/rest\/tickets\/TGT-[A-Za-z0-9-]+$/);
    const html = await response.text();
    const action = /action="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(action).toBe(location);
    const tgt = action.split('/').at(-1) ?? '';
    expect(tgt).toMatch(/^TGT-[A-Za-z0-9-]{40,}$/);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('CASTGC='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/cas/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('marks cookies Secure when the request came over TLS through the trusted proxy', async () => {
    const browser = createBrowser(env.app);
    const response = await browser.fetch('/cas/captcha/captcha.do', {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers.getSetCookie()[0]).toMatch(
      /SMS_SESSION=SID-[0-9a-f]+;.*HttpOnly;.*Secure;.*SameSite=Lax/,
    );
  });

  it('401 for wrong credentials and unknown accounts, 400 for missing fields, never 500', async () => {
    for (const [username, password] of [
      ['agency01', 'Wrong2026'],
      ['nobody', DEMO_PASSWORD],
      ['guest', DEMO_PASSWORD],
    ] as const) {
      const response = await requestTgt(createBrowser(env.app), username, password);
      expect(response.status).toBe(401);
      expect((await json(response)).message).toBe('登录失败，用户名或者密码错误，请重试！');
    }
    const browser = createBrowser(env.app);
    const noName = await browser.fetch('/cas/rest/tickets', form({ password: md5Hex('x') }));
    expect(noName.status).toBe(400);
    expect(await json(noName)).toMatchObject({ message: '请输入登录账户', field: 'username' });
    const noPassword = await browser.fetch('/cas/rest/tickets', form({ username: 'agency01' }));
    expect(noPassword.status).toBe(400);
    expect((await json(noPassword)).message).toBe('请输入登录密码');
    const garbage = await browser.fetch('/cas/rest/tickets', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(garbage.status).toBe(400);
  });

  it('needs a captcha verified by the same browser session, once, within 5 minutes', async () => {
    const login = (browser: Browser) =>
      browser.fetch('/cas/rest/tickets', form({ username: 'staff01', password: md5Hex(DEMO_PASSWORD) }));
    const fresh = createBrowser(env.app);
    const without = await login(fresh);
    expect(without.status).toBe(400);
    expect((await json(without)).message).toBe('请先输入正确的验证码');

    const browser = createBrowser(env.app);
    expect((await requestTgt(browser, 'staff01')).status).toBe(201);
    expect((await login(browser)).status).toBe(400);

    // Another browser cannot use this browser's verification.
    await browser.fetch('/cas/captcha/captcha.do');
    await browser.fetch('/cas/captcha/verifyq.do', form({ captcha: TEST_CAPTCHA }));
    expect((await login(createBrowser(env.app))).status).toBe(400);

    env.clock.advance(5 * MINUTE + 1000);
    expect((await login(browser)).status).toBe(400);
  });

  it('verifyq.do answers 验证码正确, or a warning text', async () => {
    const browser = createBrowser(env.app);
    const image = await browser.fetch('/cas/captcha/captcha.do');
    expect(image.headers.get('content-type')).toContain('image/svg+xml');
    expect(image.headers.get('cache-control')).toBe('no-store');
    expect(await image.text()).toContain('<svg');
    const wrong = await browser.fetch('/cas/captcha/verifyq.do', form({ captcha: 'zzzz' }));
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).message).toBe('验证码错误，请重新输入');
    const empty = await browser.fetch('/cas/captcha/verifyq.do', form({ captcha: '' }));
    expect((await json(empty)).message).toBe('请输入验证码');
    const right = await browser.fetch(
      '/cas/captcha/verifyq.do',
      form({ captcha: TEST_CAPTCHA.toUpperCase() }),
    );
    expect(await json(right)).toMatchObject({ success: true, message: '验证码正确' });
    // The code is spent by the verification.
    expect((await browser.fetch('/cas/captcha/verifyq.do', form({ captcha: TEST_CAPTCHA }))).status).toBe(
      400,
    );
  });

  it('a service ticket validates once, for its service, within 10 seconds', async () => {
    const browser = createBrowser(env.app);
    const tgt = await signInAs(browser, 'auditor01');

    const other = createBrowser(env.app);
    const ticket = await serviceTicket(browser, tgt);
    expect(ticket).toMatch(/^ST-[A-Za-z0-9-]{40,}$/);
    expect((await other.fetch(`/uc/service?ticket=${ticket}`)).status).toBe(200);
    expect(await currentStatus(other)).toBe(200);
    expect((await createBrowser(env.app).fetch(`/uc/service?ticket=${ticket}`)).status).toBe(401);

    const late = await serviceTicket(browser, tgt);
    env.clock.advance(10_001);
    expect((await createBrowser(env.app).fetch(`/uc/service?ticket=${late}`)).status).toBe(401);

    // A failed validation (wrong service) spends the ticket too.
    const misdirected = await serviceTicket(browser, tgt, 'http://localhost/smsend/service');
    expect((await createBrowser(env.app).fetch(`/uc/service?ticket=${misdirected}`)).status).toBe(401);
    expect((await createBrowser(env.app).fetch(`/smsend/service?ticket=${misdirected}`)).status).toBe(401);

    expect((await createBrowser(env.app).fetch('/uc/service?ticket=ST-guess')).status).toBe(401);
  });

  it('refuses a ticket for a malformed service with 400, and later tickets still work (issue 11, finding 7)', async () => {
    const browser = createBrowser(env.app);
    const tgt = await signInAs(browser, 'auditor01');
    for (const service of [
      'http://[::1',
      'http://exa mple.com/x',
      '/\\evil.example',
      '//evil.example',
      'javascript:alert(1)',
      '/uc/service\r\nx',
    ]) {
      const response = await browser.fetch(`/cas/rest/tickets/${tgt}`, form({ service }));
      expect(response.status, service).toBe(400);
      expect(await response.text(), service).toContain('service 参数不是有效的地址');
    }
    const ticket = await serviceTicket(browser, tgt);
    expect((await createBrowser(env.app).fetch(`/uc/service?ticket=${ticket}`)).status).toBe(200);
    const entry = await serviceTicket(browser, tgt, env.ctx.config.externalIdentityService);
    const checked = await createBrowser(env.app).fetch(
      '/task/newSystemLogin/checkTicket',
      form({ ticket: entry }),
    );
    expect(checked.status).toBe(200);
    expect(sameService('http://[::1', '/uc/service')).toBe(false);
  });

  it('a ticket-granting ticket dies after 2 hours idle', async () => {
    const browser = createBrowser(env.app);
    const tgt = await signInAs(browser, 'district01');
    env.clock.advance(2 * HOUR - MINUTE);
    expect(await currentStatus(browser)).toBe(200);
    env.clock.advance(2 * HOUR - MINUTE);
    expect(await currentStatus(browser)).toBe(200);
    env.clock.advance(2 * HOUR + 1000);
    expect(await currentStatus(browser)).toBe(401);
    expect((await browser.fetch(`/cas/rest/tickets/${tgt}`, form({ service: '/uc/service' }))).status).toBe(
      404,
    );
  });

  it('a ticket-granting ticket lives 8 hours at most, however busy', async () => {
    const browser = createBrowser(env.app);
    const tgt = await signInAs(browser, 'share01');
    for (let hour = 0; hour < 7; hour++) {
      env.clock.advance(HOUR);
      expect(await currentStatus(browser)).toBe(200);
    }
    env.clock.advance(HOUR + 1000);
    expect(await currentStatus(browser)).toBe(401);
    expect((await browser.fetch(`/cas/rest/tickets/${tgt}`, form({ service: '/uc/service' }))).status).toBe(
      404,
    );
    expect(
      (await browser.fetch('/cas/rest/tickets/TGT-unknown', form({ service: '/uc/service' }))).status,
    ).toBe(404);
  });

  it('logout ends the ticket and every session opened from it, on every base', async () => {
    const browser = createBrowser(env.app);
    const tgt = await signInAs(browser, 'authority01');
    // A second session from the same ticket (as on a base served by another host).
    const elsewhere = createBrowser(env.app);
    expect(
      (
        await elsewhere.fetch(
          `/smsend/service?ticket=${await serviceTicket(browser, tgt, '/smsend/service')}`,
        )
      ).status,
    ).toBe(200);
    expect(await currentStatus(elsewhere)).toBe(200);

    const logout = await browser.fetch('/cas/logout');
    expect(logout.status).toBe(200);
    expect(await currentStatus(browser)).toBe(401);
    expect(await currentStatus(elsewhere)).toBe(401);
    expect((await browser.fetch(`/cas/rest/tickets/${tgt}`, form({ service: '/uc/service' }))).status).toBe(
      404,
    );
    expect(browser.cookies.has('SMS_SESSION')).toBe(false);
  });

  it('deleteTgtEx ends a ticket by id or by one of its service tickets', async () => {
    const first = createBrowser(env.app);
    const tgt = await signInAs(first, 'owner01');
    const anyone = createBrowser(env.app);
    expect((await anyone.fetch(`/cas/deleteTgtEx?tgt=${tgt}`)).status).toBe(200);
    expect(await currentStatus(first)).toBe(401);

    const second = createBrowser(env.app);
    const other = await signInAs(second, 'owner01');
    const st = await serviceTicket(second, other);
    expect((await anyone.fetch(`/cas/deleteTgtEx?geoServiceTicket=${st}`)).status).toBe(200);
    expect(await currentStatus(second)).toBe(401);
  });

  it('sends a browser to a same-site page after logout, never elsewhere', async () => {
    const browser = createBrowser(env.app);
    await signInAs(browser, 'owner01');
    const away = await browser.fetch('/cas/logout?service=https://evil.example/', {
      headers: { accept: 'text/html' },
    });
    expect(away.status).toBe(302);
    expect(away.headers.get('location')).toBe('/');
    const home = await browser.fetch('/cas/logout?service=/hall/home');
    expect(home.headers.get('location')).toBe('/hall/home');
  });

  it.each([
    '/%5Cevil.example',
    '/%5C%5Cevil.example',
    '/%09/evil.example',
    '//evil.example',
    '/%0D%0ALocation:%20https://evil.example',
  ])(
    'does not leave the site for %s, however a browser would read it (issue 11, finding 3)',
    async (service) => {
      const response = await createBrowser(env.app).fetch(`/cas/logout?service=${service}`, {
        headers: { accept: 'text/html' },
      });
      expect(response.status).toBe(302);
      const location = response.headers.get('location') ?? '';
      expect(location).toBe('/');
      expect(new URL(location, 'http://localhost/').host).toBe('localhost');
    },
  );
});

describe('two instances', () => {
  it('share sessions and tickets through the database', async () => {
    const first = createBrowser(env.app);
    const tgt = await signInAs(first, 'auditor01');
    const secondInstance = createApp(env.ctx);
    const onSecond = await secondInstance.request('http://localhost/uc/user/current.json', {
      headers: { cookie: first.cookieHeader('/uc') },
    });
    expect(onSecond.status).toBe(200);
    const ticket = await secondInstance.request(`http://localhost/cas/rest/tickets/${tgt}`, {
      method: 'POST',
      body: new URLSearchParams({ service: '/uc/service' }),
    });
    expect(await ticket.text()).toMatch(/^ST-/);
    await secondInstance.request('http://localhost/cas/logout', {
      headers: { cookie: first.cookieHeader('/cas') },
    });
    expect(await currentStatus(first)).toBe(401);
  });
});

describe('brute force', () => {
  it('refuses an account after 5 wrong passwords within 15 minutes, with a clear message', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await requestTgt(createBrowser(env.app), 'staff01', 'Wrong2026')).status).toBe(401);
    }
    const locked = await requestTgt(createBrowser(env.app), 'staff01');
    expect(locked.status).toBe(429);
    expect((await json(locked)).message).toBe('密码错误次数过多，请15分钟后再试');
    env.clock.advance(15 * MINUTE + 1000);
    expect((await requestTgt(createBrowser(env.app), 'staff01')).status).toBe(201);
  });

  it('refuses an address after 5 wrong passwords on any accounts', async () => {
    const ip = '192.0.2.77';
    for (const name of ['a1', 'a2', 'a3', 'a4', 'a5']) {
      expect((await requestTgt(createBrowser(env.app, ip), name, 'Wrong2026')).status).toBe(401);
    }
    expect((await requestTgt(createBrowser(env.app, ip), 'auditor01')).status).toBe(429);
    expect((await requestTgt(createBrowser(env.app), 'auditor01')).status).toBe(201);
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request from another origin', async () => {
    const browser = createBrowser(env.app);
    await browser.fetch('/cas/captcha/captcha.do');
    const foreign = await browser.fetch(
      '/cas/captcha/verifyq.do',
      form({ captcha: TEST_CAPTCHA }, { headers: { origin: 'https://evil.example' } }),
    );
    expect(foreign.status).toBe(403);
    const byReferer = await env.app.request('http://localhost/cas/captcha/verifyq.do', {
      method: 'POST',
      body: new URLSearchParams({ captcha: TEST_CAPTCHA }),
      headers: { referer: 'https://evil.example/page', cookie: browser.cookieHeader('/cas') },
    });
    expect(byReferer.status).toBe(403);
    const sameSite = await browser.fetch(
      '/cas/captcha/verifyq.do',
      form({ captcha: TEST_CAPTCHA }, { headers: { origin: 'http://localhost' } }),
    );
    expect(sameSite.status).toBe(200);
  });

  it('refuses a state-changing request whose Fetch Metadata says cross-site or same-site (issue 21)', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const browser = createBrowser(env.app);
      await browser.fetch('/cas/captcha/captcha.do');
      // No Origin and no Referer (an attacker page can suppress the Referer): Fetch Metadata decides.
      const posted = await browser.fetch(
        '/cas/captcha/verifyq.do',
        form({ captcha: TEST_CAPTCHA }, { headers: { 'sec-fetch-site': site } }),
      );
      expect(posted.status, `POST ${site}`).toBe(403);
      expect((await json(posted)).message).toBe('拒绝跨站请求');
      // The spec's state-changing GETs are guarded the same way.
      const got = await createBrowser(env.app).fetch('/uc/sendShortMessage?userphone=13900002222', {
        headers: { 'sec-fetch-site': site },
      });
      expect(got.status, `GET ${site}`).toBe(403);
    }
    for (const site of ['same-origin', 'none']) {
      const browser = createBrowser(env.app);
      await browser.fetch('/cas/captcha/captcha.do');
      const posted = await browser.fetch(
        '/cas/captcha/verifyq.do',
        form({ captcha: TEST_CAPTCHA }, { headers: { 'sec-fetch-site': site } }),
      );
      expect(posted.status, `POST ${site}`).toBe(200);
    }
    const typed = await createBrowser(env.app).fetch('/uc/sendShortMessage?userphone=13900003333', {
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(typed.status).toBe(200);
  });

  it('still refuses a foreign Origin on a state-changing GET when no Fetch Metadata is sent', async () => {
    const got = await createBrowser(env.app).fetch('/uc/sendShortMessage?userphone=13900004444', {
      headers: { referer: 'https://evil.example/page' },
    });
    expect(got.status).toBe(403);
  });
});

describe('phone codes', () => {
  const phone = '13900001111';

  it('writes a 6-digit code to the outbox, refuses a resend within 60 s and caps a day', async () => {
    const browser = createBrowser(env.app);
    const sent = await browser.fetch(`/uc/sendShortMessage?userphone=${phone}`);
    // Demo mode (the tests' configuration) says where the code can be read.
    expect(await json(sent)).toMatchObject({
      success: true,
      message:
        '验证码已发送。演示环境不发送真实短信：验证码可由系统管理员（admin）在“系统管理 › 短信发件箱”（/system/smsOutbox）查看',
    });
    const [row] = await env.ctx.db.select().from(smsOutbox).where(eq(smsOutbox.userphone, phone));
    expect(row?.code).toMatch(/^\d{6}$/);
    expect(row?.content).toContain(row?.code ?? 'none');

    const again = await browser.fetch(`/uc/sendShortMessage?userphone=${phone}`);
    expect(again.status).toBe(429);
    expect((await json(again)).message).toBe('验证码已发送，请60秒后再试');

    for (let sent = 1; sent < env.ctx.config.smsDailyLimit; sent++) {
      env.clock.advance(61_000);
      expect((await browser.fetch(`/uc/sendShortMessage?userphone=${phone}`)).status).toBe(200);
    }
    env.clock.advance(61_000);
    const capped = await browser.fetch(`/uc/sendShortMessage?userphone=${phone}`);
    expect(capped.status).toBe(429);
    expect((await json(capped)).message).toBe('今日获取验证码次数已达上限，请明天再试');
  });

  it('caps the codes one address may request per hour over all numbers', async () => {
    const browser = createBrowser(env.app, '198.51.100.9');
    for (let n = 0; n < ADDRESS_HOURLY_LIMIT; n++) {
      expect(
        (await browser.fetch(`/uc/sendShortMessage?userphone=1350000${String(n).padStart(4, '0')}`)).status,
      ).toBe(200);
    }
    const flooded = await browser.fetch('/uc/sendShortMessage?userphone=13500009999');
    expect(flooded.status).toBe(429);
    expect((await json(flooded)).message).toBe('获取验证码过于频繁，请稍后再试');
    expect((await createBrowser(env.app).fetch('/uc/sendShortMessage?userphone=13500009999')).status).toBe(
      200,
    );
    env.clock.advance(HOUR + 1000);
    expect((await browser.fetch('/uc/sendShortMessage?userphone=13500009998')).status).toBe(200);
  });

  it('rejects a malformed number', async () => {
    const response = await createBrowser(env.app).fetch('/uc/sendShortMessage?userphone=12345');
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe('请输入正确手机号');
  });
});

describe('registration', () => {
  async function outboxCode(admin: Browser, userphone: string): Promise<string> {
    const response = await admin.fetch(`/uc/sms/outbox.json?userphone=${userphone}`);
    const rows = (await json(response)).data as { code: string }[];
    return rows[0]?.code ?? '';
  }

  it('registers an agency and an owner with the SMS code from the outbox, who then sign on', async () => {
    const admin = createBrowser(env.app);
    await signInAs(admin, 'admin');
    for (const [loginname, usertype, roleId, depid] of [
      ['newagency', '1', roles.agency.id, departmentIds.agency],
      ['newowner', '2', roles.owner.id, departmentIds.construction],
    ] as const) {
      const userphone = loginname === 'newagency' ? '13700000001' : '13700000002';
      const browser = createBrowser(env.app);
      expect(await json(await browser.fetch(`/uc/user/isrepeat.json?username=${loginname}`))).toMatchObject({
        data: false,
      });
      await browser.fetch(`/uc/sendShortMessage?userphone=${userphone}`);
      const phoneverify = await outboxCode(admin, userphone);
      const response = await browser.fetch(`/uc/user.json?captcha=&phoneverify=${phoneverify}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          loginname,
          loginpwd: 'Register2026',
          username: '云州新单位',
          userphone,
          usertype,
        }),
      });
      expect(await json(response)).toMatchObject({ success: true, message: '注册成功，请登录' });
      expect(await json(await browser.fetch(`/uc/user/isrepeat.json?username=${loginname}`))).toMatchObject({
        data: true,
        message: '用户名已经存在，请修改！',
      });

      await signInAs(browser, loginname, 'Register2026');
      const user = await loadCurrentUser(browser.client);
      expect(user).toMatchObject({
        loginname,
        username: '云州新单位',
        roleid: roleId,
        depid,
        userlevel: 3,
        userstate: 1,
      });
      const [row] = await env.ctx.db.select().from(users).where(eq(users.loginname, loginname));
      expect(row).toMatchObject({ accredit: 0, submanager: 0 });
      expect(row?.loginpwd).toMatch(/^scrypt\$/);
    }
  });

  it('checks the phone code, the account name and every field', async () => {
    const browser = createBrowser(env.app);
    const userphone = '13700000003';
    await browser.fetch(`/uc/sendShortMessage?userphone=${userphone}`);
    const body = {
      loginname: 'another',
      loginpwd: 'Register2026',
      username: '单位',
      userphone,
      usertype: '2',
    };
    const post = (fields: Record<string, string>, phoneverify = '000000') =>
      browser.fetch(`/uc/user.json?phoneverify=${phoneverify}`, form(fields));
    const wrongCode = await post(body);
    expect(wrongCode.status).toBe(400);
    expect(await json(wrongCode)).toMatchObject({
      message: '手机验证码错误或已过期，请重新获取',
      field: 'phoneverify',
    });
    const taken = await post({ ...body, loginname: 'owner01' });
    expect(taken.status).toBe(409);
    expect((await json(taken)).message).toBe('用户名已经存在，请修改！');
    for (const [field, value, message] of [
      ['loginname', '', '账号不能为空'],
      ['loginname', '张三', '账号不能是汉字!'],
      ['loginpwd', '', '请输入密码'],
      // The strength rule on the server (finding 9): the wire carries the password itself.
      ['loginpwd', 'a', '必须是大写、小写、数字的组合且不少于8位！'],
      ['loginpwd', md5Hex('Register2026'), '必须是大写、小写、数字的组合且不少于8位！'],
      ['username', '', '单位名称不能为空'],
      ['userphone', '2380000', '请输入正确手机号'],
      ['usertype', '5', '请选择用户类型'],
    ] as const) {
      const response = await post({ ...body, [field]: value });
      expect(response.status, field).toBe(400);
      expect(await json(response)).toMatchObject({ message, field });
    }
    expect((await json(await post(body, '1234567'))).message).toBe('手机验证码不超过6位');
    expect(await env.ctx.db.select().from(users).where(eq(users.loginname, 'another'))).toEqual([]);
  });
});

describe('profile', () => {
  it('changes the own profile and password; other sessions end', async () => {
    const browser = createBrowser(env.app);
    await signInAs(browser, 'district01');
    const otherDevice = createBrowser(env.app);
    await signInAs(otherDevice, 'district01');
    const me = await loadCurrentUser(browser.client);

    const empty = await browser.fetch(`/uc/user/${me.pkid}.json`, {
      method: 'PUT',
      body: new URLSearchParams({ username: '' }),
    });
    expect(await json(empty)).toMatchObject({ message: '请输入真实姓名', field: 'username' });

    const [before] = await env.ctx.db.select().from(users).where(eq(users.pkid, me.pkid));
    const weak = await browser.fetch(`/uc/user/${me.pkid}.json`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: '弱密码', loginpwd: 'a' }),
    });
    expect(weak.status).toBe(400);
    expect(await json(weak)).toMatchObject({
      message: '必须是大写、小写、数字的组合且不少于8位！',
      field: 'loginpwd',
    });
    expect((await env.ctx.db.select().from(users).where(eq(users.pkid, me.pkid)))[0]).toEqual(before);
    expect(await currentStatus(otherDevice)).toBe(200);

    const saved = await browser.fetch(`/uc/user/${me.pkid}.json`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: '王分局', loginpwd: 'Changed2026' }),
    });
    const savedBody = await json(saved);
    expect(savedBody).toMatchObject({ success: true, message: '保存成功!', data: { username: '王分局' } });
    expect(JSON.stringify(savedBody)).not.toMatch(/scrypt|loginpwd/);
    expect(await currentStatus(browser)).toBe(200);
    expect(await currentStatus(otherDevice)).toBe(401);

    await expect(signInAs(createBrowser(env.app), 'district01')).rejects.toMatchObject({ status: 401 });
    await signInAs(createBrowser(env.app), 'district01', 'Changed2026');
  });
});

describe('external entry', () => {
  it('checkTicket trusts a /cas service ticket for the configured service and opens a session', async () => {
    const portal = createBrowser(env.app);
    const tgt = await signInAs(portal, 'agency01');
    const ticket = await serviceTicket(portal, tgt, env.ctx.config.externalIdentityService);
    const browser = createBrowser(env.app);
    const checked = await browser.fetch('/task/newSystemLogin/checkTicket', form({ ticket }));
    expect(await json(checked)).toMatchObject({
      success: true,
      data: { loginName: 'agency01', needPerfect: false },
    });
    expect(await loadCurrentUser(browser.client)).toMatchObject({ loginname: 'agency01' });
    // Single use.
    expect(
      (await createBrowser(env.app).fetch('/task/newSystemLogin/checkTicket', form({ ticket }))).status,
    ).toBe(401);

    const kx = await serviceTicket(portal, tgt, env.ctx.config.externalIdentityService);
    const other = createBrowser(env.app);
    expect(
      (await other.fetch(`/task/system-login/loginCheckKX?loginName=owner01&ticketId=${kx}`)).status,
    ).toBe(401);
  });
});

describe('module tree', () => {
  it('answers the two-level tree of the user roles', async () => {
    const owner = createBrowser(env.app);
    await signInAs(owner, 'owner01');
    const me = await loadCurrentUser(owner.client);
    const tree = (await json(await owner.fetch(`/uc/module/permis/${me.pkid}.json`))).data as {
      appMetaId: string;
      children: { href: string }[];
    }[];
    const groups = tree.map((node) => node.appMetaId);
    const ownerRoles = [roles.owner.id];
    const expected = new Set(
      routes
        .filter(
          (route) => route.surface === 'console' && route.inMenu !== false && canOpen(route, ownerRoles),
        )
        .map((route) => route.group),
    );
    expect(new Set(groups)).toEqual(expected);
    expect(groups).toContain('demandmanger');
    expect(groups).not.toContain('audituser');
    for (const node of tree) {
      expect(node.children.length).toBeGreaterThan(0);
      for (const child of node.children) {
        const route = matchRoute(child.href);
        expect(route && canOpen(route, ownerRoles), child.href).toBe(true);
      }
    }

    const admin = createBrowser(env.app);
    await signInAs(admin, 'admin');
    const all = (await json(await admin.fetch(`/uc/module/permis/${me.pkid}.json`))).data as unknown[];
    expect(all).toEqual(tree);
  });

  it('gives the staff role a menu entry to its own person record', async () => {
    const staff = createBrowser(env.app);
    await signInAs(staff, 'staff01');
    const me = await loadCurrentUser(staff.client);
    const tree = (await json(await staff.fetch(`/uc/module/permis/${me.pkid}.json`))).data as {
      appMetaId: string;
      children: { name: string; href: string }[];
    }[];
    const leaves = tree.flatMap((node) => node.children);
    expect(leaves).toContainEqual(
      expect.objectContaining({ name: '本人信息', href: '/orgstaff/staffdetail' }),
    );
    // The agency (the person's employer) reaches people from its lists; the entry is the staff role's.
    const agency = createBrowser(env.app);
    await signInAs(agency, 'agency01');
    const agencyMe = await loadCurrentUser(agency.client);
    const agencyTree = (await json(await agency.fetch(`/uc/module/permis/${agencyMe.pkid}.json`))).data as {
      children: { name: string }[];
    }[];
    expect(agencyTree.flatMap((node) => node.children).map((leaf) => leaf.name)).not.toContain('本人信息');
  });
});

describe('signOn round trip through app.request', () => {
  it('signs on every base and the spec text on failure', async () => {
    const browser = createBrowser(env.app);
    await browser.fetch('/cas/captcha/captcha.do');
    await expect(
      signOn(browser.client, { username: 'owner01', password: 'nope', captcha: TEST_CAPTCHA }),
    ).rejects.toMatchObject({ message: '登录失败，用户名或者密码错误，请重试！' });
    await browser.fetch('/cas/captcha/captcha.do');
    const { tgt } = await signOn(browser.client, {
      username: 'owner01',
      password: DEMO_PASSWORD,
      captcha: TEST_CAPTCHA,
    });
    expect(tgt).toMatch(/^TGT-/);
    const user = await loadCurrentUser(browser.client);
    expect(user).toMatchObject({ loginname: 'owner01', roleid: roles.owner.id });
    expect(JSON.stringify(user)).not.toMatch(/scrypt|loginpwd/);

    await signOut(browser.client);
    await expect(loadCurrentUser(browser.client)).rejects.toMatchObject({ code: 'unauthenticated' });
  });

  it('verifyCaptcha answers the server text, or rejects with the warning', async () => {
    const browser = createBrowser(env.app);
    await browser.fetch(captchaImageUrl(browser.client, 1));
    await expect(verifyCaptcha(browser.client, 'zzzz')).rejects.toMatchObject({
      message: '验证码错误，请重新输入',
    });
    await expect(verifyCaptcha(browser.client, TEST_CAPTCHA)).resolves.toBe('验证码正确');
    // Verified beforehand: signOn needs no captcha of its own.
    await expect(
      signOn(browser.client, { username: 'share01', password: DEMO_PASSWORD }),
    ).resolves.toMatchObject({
      tgt: expect.stringMatching(/^TGT-/),
    });
  });
});
