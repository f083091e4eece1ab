/**
 * The authorization matrix of the messages and audit-opinion calls: an anonymous caller, the guest
 * (pkid 21, treated as not signed in) and each of the 8 demo roles.
 */
import { describe, expect, it } from 'vitest';
import { auditOpinions, messages } from '@server/db/schema';
import { demoAccounts } from '@server/seed';
import { GUEST_USER_ID, roles } from '@shared/domain/roles';
import {
  createBrowser,
  signInAs,
  signInAsGuest,
  type Browser,
  signedInTestApp,
} from '../identity/test-support';

const env = signedInTestApp({ accounts: [] });

interface Actor {
  name: string;
  pkid: number;
  role: string | null;
}

const actors: Actor[] = [
  { name: 'anonymous', pkid: 0, role: null },
  { name: 'guest', pkid: GUEST_USER_ID, role: null },
  ...demoAccounts.map((account) => ({ name: account.loginname, pkid: account.pkid, role: account.role })),
];

const managers = new Set(['admin', 'authority', 'auditor']);

interface Call {
  label: string;
  method: 'GET' | 'POST' | 'DELETE';
  path: (fixture: Fixture) => string;
  body?: (fixture: Fixture) => Record<string, string>;
  expected: (actor: Actor) => number;
}

interface Fixture {
  ownMessage: number;
  ownMessages: number[];
  opinion: number;
  opinions: number[];
}

const anyUser = () => 200;
const manager = (actor: Actor) => (actor.role && managers.has(actor.role) ? 200 : 403);
const adminOnly = (actor: Actor) => (actor.role === 'admin' ? 200 : 403);

const m = '/smsend/project/message';
const o = '/smsend/auditManageInfo';
const calls: Call[] = [
  { label: 'query', method: 'GET', path: () => `${m}/query?pageIndex=1&pageSize=10`, expected: anyUser },
  { label: 'count', method: 'GET', path: () => `${m}/count`, expected: anyUser },
  { label: 'update', method: 'GET', path: (f) => `${m}/update?id=${f.ownMessage}`, expected: anyUser },
  {
    label: 'updateAll',
    method: 'POST',
    path: () => `${m}/updateAll`,
    body: (f) => ({ ids: f.ownMessages.join(',') }),
    expected: anyUser,
  },
  { label: 'delete', method: 'GET', path: (f) => `${m}/delete?id=${f.ownMessage}`, expected: anyUser },
  {
    label: 'deleteAll',
    method: 'POST',
    path: () => `${m}/deleteAll`,
    body: (f) => ({ ids: f.ownMessages.join(',') }),
    expected: anyUser,
  },
  {
    label: 'send',
    method: 'POST',
    path: () => `${m}/send`,
    body: () => ({ roleId: roles.sharing.id, content: '矩阵测试' }),
    expected: adminOnly,
  },
  {
    label: 'opinions list',
    method: 'GET',
    path: () => `${o}/getListByPage?pageIdx=1&pageSize=10`,
    expected: anyUser,
  },
  {
    label: 'opinion add',
    method: 'POST',
    path: () => `${o}/add`,
    body: () => ({ content: `意见 ${Math.random()}` }),
    expected: manager,
  },
  { label: 'opinion delete', method: 'DELETE', path: (f) => `${o}/delete/${f.opinion}`, expected: manager },
  {
    label: 'opinion batchDelete',
    method: 'POST',
    path: () => `${o}/batchDelete`,
    body: (f) => ({ ids: f.opinions.join(',') }),
    expected: manager,
  },
];

async function browserFor(actor: Actor): Promise<Browser> {
  const browser = createBrowser(env.app);
  if (actor.name === 'guest') {
    await signInAsGuest(env.ctx, browser);
  } else if (actor.role) {
    await signInAs(browser, actor.name);
  }
  return browser;
}

async function fixtureFor(actor: Actor): Promise<Fixture> {
  const userId = actor.pkid > 0 ? actor.pkid : 2;
  const own = await env.ctx.db
    .insert(messages)
    .values([1, 2, 3].map((i) => ({ userId, messageContent: `${actor.name} ${i}` })))
    .returning({ id: messages.messageId });
  const opinions = await env.ctx.db
    .insert(auditOpinions)
    .values([1, 2, 3].map((i) => ({ content: `${actor.name} 意见 ${i}` })))
    .returning({ id: auditOpinions.pkid });
  const ids = (rows: { id: number }[]) => rows.map((row) => row.id);
  return {
    ownMessage: own[0]?.id ?? 0,
    ownMessages: ids(own).slice(1),
    opinion: opinions[0]?.id ?? 0,
    opinions: ids(opinions).slice(1),
  };
}

describe('authorization matrix over messages and audit opinions', () => {
  it.each(actors.map((actor) => [actor.name, actor] as const))('%s', async (_name, actor) => {
    const browser = await browserFor(actor);
    const fixture = await fixtureFor(actor);
    const mismatches: string[] = [];
    for (const call of calls) {
      const response = await browser.fetch(call.path(fixture), {
        method: call.method,
        ...(call.body ? { body: new URLSearchParams(call.body(fixture)) } : {}),
      });
      const want = actor.role ? call.expected(actor) : 401;
      if (response.status !== want) mismatches.push(`${call.label}: ${response.status}, expected ${want}`);
    }
    const stream = await browser.fetch(`${m}/stream`);
    const wantStream = actor.role ? 200 : 401;
    if (stream.status !== wantStream) mismatches.push(`stream: ${stream.status}, expected ${wantStream}`);
    await stream.body?.cancel();
    expect(mismatches).toEqual([]);
  });
});
