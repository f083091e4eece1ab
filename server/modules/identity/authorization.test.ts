/**
 * The authorization matrix of issue 3: every /uc and /cas call, for an anonymous caller, the guest
 * (pkid 21, treated as not signed in) and each of the 8 demo roles.
 */
import { describe, expect, it } from 'vitest';
import { demoAccounts, departmentIds } from '@server/seed';
import { GUEST_USER_ID } from '@shared/domain/roles';
import { createBrowser, signInAs, signInAsGuest, type Browser, signedInTestApp } from './test-support';

const env = signedInTestApp({ accounts: [] });

type Actor = { name: string; pkid: number; depid: number; signedIn: boolean; isAdmin: boolean };

const actors: Actor[] = [
  { name: 'anonymous', pkid: 2, depid: departmentIds.construction, signedIn: false, isAdmin: false },
  { name: 'guest', pkid: GUEST_USER_ID, depid: departmentIds.admin, signedIn: false, isAdmin: false },
  ...demoAccounts.map((account) => ({
    name: account.loginname,
    pkid: account.pkid,
    depid: departmentIds[account.department],
    signedIn: true,
    isAdmin: account.role === 'admin',
  })),
];

interface Call {
  label: string;
  method?: 'GET' | 'POST' | 'PUT';
  path: (actor: Actor) => string;
  body?: Record<string, string>;
  /** Expected status for a signed-in caller (anonymous and guest get `anonymous`). */
  expected: (actor: Actor) => number;
  anonymous: number;
}

const other = (actor: Actor) => (actor.pkid === 1 ? 2 : 1);
const otherDept = (actor: Actor) =>
  actor.depid === departmentIds.admin ? departmentIds.construction : departmentIds.admin;
const adminOnly = (actor: Actor) => (actor.isAdmin ? 200 : 403);
let phone = 13600000000;

const calls: Call[] = [
  { label: 'current user', path: () => '/uc/user/current.json', expected: () => 200, anonymous: 401 },
  {
    label: 'own modules',
    path: (a) => `/uc/module/permis/${a.pkid}.json`,
    expected: () => 200,
    anonymous: 401,
  },
  {
    label: "another's modules",
    path: (a) => `/uc/module/permis/${other(a)}.json`,
    expected: adminOnly,
    anonymous: 401,
  },
  { label: 'own record', path: (a) => `/uc/user/${a.pkid}.json`, expected: () => 200, anonymous: 401 },
  {
    label: "another's record",
    path: (a) => `/uc/user/${other(a)}.json`,
    expected: adminOnly,
    anonymous: 401,
  },
  {
    label: 'change own record',
    method: 'PUT',
    path: (a) => `/uc/user/${a.pkid}.json`,
    body: { descinfo: '测试' },
    expected: () => 200,
    anonymous: 401,
  },
  {
    label: "change another's record",
    method: 'PUT',
    path: (a) => `/uc/user/${other(a)}.json`,
    body: { descinfo: '测试' },
    expected: adminOnly,
    anonymous: 401,
  },
  {
    label: 'own department users',
    path: (a) => `/uc/user/queryByDept.json?depid=${a.depid}`,
    expected: () => 200,
    anonymous: 401,
  },
  {
    label: 'other department users',
    path: (a) => `/uc/user/queryByDept.json?depid=${otherDept(a)}`,
    expected: adminOnly,
    anonymous: 401,
  },
  {
    label: 'own child departments',
    path: (a) => `/uc/department/child/useAdminPri/${a.depid}`,
    expected: () => 200,
    anonymous: 401,
  },
  {
    label: 'other child departments',
    path: (a) => `/uc/department/child/useAdminPri/${otherDept(a)}`,
    expected: adminOnly,
    anonymous: 401,
  },
  { label: 'sms outbox', path: () => '/uc/sms/outbox.json', expected: adminOnly, anonymous: 401 },
  {
    label: 'username check',
    path: () => '/uc/user/isrepeat.json?username=someone',
    expected: () => 200,
    anonymous: 200,
  },
  {
    label: 'phone code',
    path: () => `/uc/sendShortMessage?userphone=${phone++}`,
    expected: () => 200,
    anonymous: 200,
  },
  {
    label: 'register (empty)',
    method: 'POST',
    path: () => '/uc/user.json',
    body: {},
    expected: () => 400,
    anonymous: 400,
  },
  { label: 'captcha image', path: () => '/cas/captcha/captcha.do', expected: () => 200, anonymous: 200 },
  {
    label: 'captcha verify (wrong)',
    method: 'POST',
    path: () => '/cas/captcha/verifyq.do',
    body: { captcha: 'zzzz' },
    expected: () => 400,
    anonymous: 400,
  },
  {
    label: 'ticket without captcha',
    method: 'POST',
    path: () => '/cas/rest/tickets',
    body: { username: 'admin', password: '0'.repeat(32) },
    expected: () => 400,
    anonymous: 400,
  },
  {
    label: 'service ticket for an unknown TGT',
    method: 'POST',
    path: () => '/cas/rest/tickets/TGT-unknown',
    body: { service: '/uc/service' },
    expected: () => 404,
    anonymous: 404,
  },
  {
    label: 'service with a bad ticket',
    path: () => '/uc/service?ticket=ST-bad',
    expected: () => 401,
    anonymous: 401,
  },
  {
    label: 'perfectData without an external check',
    method: 'POST',
    path: () => '/task/register/perfectData',
    body: { username: '单位', userphone: '13812345678', usertype: '1' },
    expected: () => 401,
    anonymous: 401,
  },
  {
    label: 'deleteTgtEx (unknown)',
    path: () => '/cas/deleteTgtEx?tgt=TGT-unknown',
    expected: () => 200,
    anonymous: 200,
  },
];

async function browserFor(actor: Actor): Promise<Browser> {
  const browser = createBrowser(env.app);
  if (actor.name === 'guest') {
    await signInAsGuest(env.ctx, browser);
  } else if (actor.signedIn) {
    await signInAs(browser, actor.name);
  }
  return browser;
}

describe('authorization matrix over /uc and /cas', () => {
  it.each(actors.map((actor) => [actor.name, actor] as const))('%s', async (_name, actor) => {
    const browser = await browserFor(actor);
    const mismatches: string[] = [];
    for (const call of calls) {
      const response = await browser.fetch(call.path(actor), {
        method: call.method ?? 'GET',
        ...(call.body ? { body: new URLSearchParams(call.body) } : {}),
      });
      const want = actor.signedIn ? call.expected(actor) : call.anonymous;
      if (response.status !== want) mismatches.push(`${call.label}: ${response.status}, expected ${want}`);
      const text = await response.text();
      if (/scrypt\$|loginpwd/.test(text)) mismatches.push(`${call.label}: leaks a password hash`);
    }
    const logout = await browser.fetch('/cas/logout');
    if (logout.status !== 200) mismatches.push(`logout: ${logout.status}`);
    if ((await browser.fetch('/uc/user/current.json')).status !== 401)
      mismatches.push('still signed in after logout');
    expect(mismatches).toEqual([]);
  });
});

describe('people in a department (issue 11, finding 2)', () => {
  it('shows members their colleagues without phone or e-mail; administrators see both', async () => {
    const agency = createBrowser(env.app);
    await signInAs(agency, 'agency01');
    const staffDept = (await (await agency.fetch('/uc/user/current.json')).json()) as {
      data: { depid: number };
    };
    const asMember = (await (
      await agency.fetch(`/uc/user/queryByDept.json?depid=${staffDept.data.depid}`)
    ).json()) as {
      data: { loginname: string; userphone: string | null; useremail: string | null }[];
    };
    expect(asMember.data.length).toBeGreaterThan(1);
    expect(asMember.data.every((user) => user.userphone === null && user.useremail === null)).toBe(true);

    const admin = createBrowser(env.app);
    await signInAs(admin, 'admin');
    const asAdmin = (await (
      await admin.fetch(`/uc/user/queryByDept.json?depid=${staffDept.data.depid}`)
    ).json()) as {
      data: { userphone: string | null; useremail: string | null }[];
    };
    expect(asAdmin.data.some((user) => user.userphone !== null || user.useremail !== null)).toBe(true);
  });
});
