/**
 * The in-memory sessions: a signed-in call is answered from memory after the first, and whatever ends
 * or changes a sign-on takes effect at once — here, and on another instance through NOTIFY (that part
 * needs a PostgreSQL server two contexts can share: the postgres project).
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '@server/app';
import { listenForDataChanges } from '@server/data-changes';
import { withServices } from '@server/services';
import { createSessionCache } from './session-cache';
import { createBrowser, signInAs, signedInTestApp } from './test-support';

const env = signedInTestApp({ accounts: [] });

const current = async (browser: ReturnType<typeof createBrowser>) => {
  const response = await browser.fetch('/uc/user/current.json');
  return { status: response.status, body: (await response.json()) as { data?: { username: string } } };
};

describe('signed-in sessions in memory', () => {
  it('keeps a session after its first call, and forgets it at logout', async () => {
    const browser = createBrowser(env.app);
    await signInAs(browser, 'district01');
    env.ctx.services.sessions.drop('*');
    expect((await current(browser)).status).toBe(200);
    expect(env.ctx.services.sessions.size).toBe(1);
    await browser.fetch('/cas/logout');
    expect(env.ctx.services.sessions.size).toBe(0);
    expect((await current(browser)).status).toBe(401);
  });

  it('shows a changed name on the next call', async () => {
    const browser = createBrowser(env.app);
    await signInAs(browser, 'share01');
    const before = await current(browser);
    const me = (await (await browser.fetch('/uc/user/current.json')).json()) as { data: { pkid: number } };
    await browser.fetch(`/uc/user/${me.data.pkid}.json`, {
      method: 'PUT',
      body: new URLSearchParams({ username: '共享单位联系人' }),
    });
    expect(before.body.data?.username).not.toBe('共享单位联系人');
    expect((await current(browser)).body.data?.username).toBe('共享单位联系人');
  });

  it('reads notifications: one session, a ticket, a user, or everything', () => {
    const cache = createSessionCache();
    const entry = (pkid: number, tgt: string, session: string) => ({
      user: { pkid, tgtHash: tgt, sessionHash: session } as never,
      expiresAt: new Date(),
      lastUsedAt: new Date(),
      lastSeenAt: new Date(),
    });
    cache.set('s1', entry(1, 't1', 's1'));
    cache.set('s2', entry(1, 't2', 's2'));
    cache.set('s3', entry(2, 't3', 's3'));
    cache.set('s4', entry(3, 't4', 's4'));
    cache.onNotification('tgt:t1');
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.get('s2')).toBeDefined();
    cache.onNotification('user:1,session:s3');
    expect([cache.get('s2'), cache.get('s3')]).toEqual([undefined, undefined]);
    expect(cache.get('s4')).toBeDefined();
    cache.onNotification('*');
    expect(cache.size).toBe(0);
  });

  it('shares one load among calls that miss together, and keeps none that a drop overtook', async () => {
    const cache = createSessionCache();
    const entry = (pkid: number) => ({
      user: { pkid, tgtHash: `t${pkid}`, sessionHash: `s${pkid}` } as never,
      expiresAt: new Date(),
      lastUsedAt: new Date(),
      lastSeenAt: new Date(),
    });
    let loads = 0;
    const loader = (pkid: number) => async () => (loads++, entry(pkid));
    const together = await Promise.all([cache.load('s1', loader(1)), cache.load('s1', loader(1))]);
    expect(together[0]).toBe(together[1]);
    expect(loads).toBe(1);
    expect(cache.get('s1')).toBeDefined();

    // A logout (or a user's change) while the session is being read: answered, not kept, not shared.
    for (const scope of [{ session: 's2' }, { user: 2 }] as const) {
      let finish!: (value: ReturnType<typeof entry>) => void;
      const slow = cache.load('s2', () => new Promise((resolve) => (finish = resolve)));
      cache.drop(scope);
      const after = cache.load('s2', loader(2));
      finish(entry(2));
      await Promise.all([slow, after]);
      expect(cache.get('s2')).toBeDefined(); // the load begun after the drop
      cache.drop({ session: 's2' });
      const again = cache.load('s2', () => new Promise((resolve) => (finish = resolve)));
      cache.drop(scope);
      finish(entry(2));
      await again;
      expect(cache.get('s2')).toBeUndefined();
    }
  });
});

describe('on another instance', () => {
  it('ends a session there as soon as it is logged out here (NOTIFY sessions)', async () => {
    // A second instance: its own memory and listener, on the same database.
    const { services: _ours, dispose: _dispose, ...shared } = env.ctx;
    const other = withServices({ ...shared }, { now: env.ctx.services.now });
    const stopListening = await listenForDataChanges(env.ctx.listen, other);
    try {
      const otherApp = createApp(other);
      const browser = createBrowser(env.app);
      await signInAs(browser, 'auditor01');
      const onOther = () =>
        otherApp.request('http://localhost/uc/user/current.json', {
          headers: { cookie: browser.cookieHeader('/uc') },
        });
      expect((await onOther()).status).toBe(200);
      expect(other.services.sessions.size).toBe(1);
      await browser.fetch('/cas/logout');
      await env.ctx.notificationsDelivered();
      expect(other.services.sessions.size).toBe(0);
      expect((await onOther()).status).toBe(401);
    } finally {
      await stopListening();
    }
  });
});
