/**
 * Answers of busy read calls in memory (result-cache.ts): kept until a table they read changes,
 * whoever writes it (a call of ours, plain SQL: the tables' triggers announce every write); a load
 * under way when a change arrives is not kept; one user's answer is never another's.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@server/app';
import { createBrowser, signInAs, TEST_CAPTCHA, type Browser } from '@server/modules/identity/test-support';
import { createTestContext, type TestContext } from '@server/test/test-context';
import { announcedTables, answerKey, createResultCache } from './result-cache';

describe('the result cache on its own', () => {
  const user = { pkid: 1, roleIds: ['1'], isAdmin: true };
  const counting = () => {
    let loads = 0;
    return { load: async () => ({ rows: [{ n: ++loads }], total: loads }), loads: () => loads };
  };

  it('keeps an answer until a table it read changes, not another', async () => {
    const cache = createResultCache();
    cache.setListening(true);
    const source = counting();
    const key = answerKey('project/query', user, { page: 1 });
    expect((await cache.get(['projects'], key, source.load)).total).toBe(1);
    expect((await cache.get(['projects'], key, source.load)).total).toBe(1);
    cache.onNotification('stages');
    expect((await cache.get(['projects'], key, source.load)).total).toBe(1);
    cache.onNotification('projects');
    expect((await cache.get(['projects'], key, source.load)).total).toBe(2);
    cache.onNotification('*');
    expect((await cache.get(['projects'], key, source.load)).total).toBe(3);
    expect(source.loads()).toBe(3);
  });

  it('does not keep a load that a change overtook, and keeps nothing while not listening', async () => {
    const cache = createResultCache();
    const source = counting();
    const key = answerKey('x', user, {});
    await cache.get(['projects'], key, source.load);
    await cache.get(['projects'], key, source.load);
    expect(source.loads()).toBe(2);

    cache.setListening(true);
    let release!: () => void;
    const slow = cache.get(['projects'], key, async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return source.load();
    });
    await Promise.resolve();
    cache.invalidate(['projects']);
    release();
    expect((await slow).total).toBe(3);
    expect((await cache.get(['projects'], key, source.load)).total).toBe(4);
    expect(cache.size).toBe(1);
  });

  it('gives an aged answer while one load refreshes it; not past twice its age, nor after a change', async () => {
    let clock = 0;
    const cache = createResultCache({ ttlMs: 10_000, now: () => clock });
    cache.setListening(true);
    const source = counting();
    const key = answerKey('x', user, {});
    expect((await cache.get(['projects'], key, source.load)).total).toBe(1);

    // Aged: the callers get the kept answer at once, and one load (not one each) runs behind them.
    clock = 12_000;
    let release!: () => void;
    const slowLoad = async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return source.load();
    };
    expect((await cache.get(['projects'], key, slowLoad)).total).toBe(1);
    expect((await cache.get(['projects'], key, slowLoad)).total).toBe(1);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(source.loads()).toBe(2);
    expect((await cache.get(['projects'], key, source.load)).total).toBe(2);

    // Past twice its age it is not given: the caller waits for the load.
    clock = 40_000;
    expect((await cache.get(['projects'], key, source.load)).total).toBe(3);

    // Aged and overtaken by a change: never from memory.
    clock = 52_000;
    cache.onNotification('projects');
    expect((await cache.get(['projects'], key, source.load)).total).toBe(4);

    // A refresh that fails leaves the aged answer to be given until it is too old.
    clock = 64_000;
    const failing = async (): Promise<{ rows: { n: number }[]; total: number }> => {
      throw new Error('database away');
    };
    expect((await cache.get(['projects'], key, failing)).total).toBe(4);
    clock = 80_000;
    await expect(cache.get(['projects'], key, failing)).rejects.toThrow('database away');
  });

  it('keys answers by user, roles and input, and freezes what it shares', async () => {
    const cache = createResultCache();
    cache.setListening(true);
    const source = counting();
    const a = await cache.get(['projects'], answerKey('c', user, { page: 1 }), source.load);
    await cache.get(['projects'], answerKey('c', { ...user, pkid: 2 }, { page: 1 }), source.load);
    await cache.get(['projects'], answerKey('c', { ...user, roleIds: ['5'] }, { page: 1 }), source.load);
    await cache.get(['projects'], answerKey('c', user, { page: 2 }), source.load);
    expect(source.loads()).toBe(4);
    expect(Object.isFrozen(a) && Object.isFrozen(a.rows) && Object.isFrozen(a.rows[0])).toBe(true);
  });
});

describe('cached project lists (one instance, the real triggers)', () => {
  let env: { ctx: TestContext; app: ReturnType<typeof createApp> };
  let admin: Browser;
  let owner: Browser;
  const list = '/smsend/project/query?page=1&rows=5';

  beforeAll(async () => {
    // Like the identity context, with generated projects (that one seeds none).
    const ctx = await createTestContext(
      { CAPTCHA_TEST_CODE: TEST_CAPTCHA, TRUST_PROXY: 'true' },
      {},
      { demoProjects: 60 },
    );
    env = { ctx, app: createApp(ctx) };
    admin = createBrowser(env.app);
    owner = createBrowser(env.app);
    await Promise.all([signInAs(admin, 'admin'), signInAs(owner, 'owner01')]);
  }, 180_000);
  afterAll(() => env.ctx.dispose());

  const rows = async (browser: Browser, path = list) => {
    const response = await browser.fetch(path);
    expect(response.status).toBe(200);
    return (await response.json()) as { rows: { pkid: number; projectName: string }[]; total: number };
  };

  /** PGlite delivers the NOTIFY at commit; a PostgreSQL server a moment later (waited for). */
  async function afterDelivery(check: () => Promise<boolean>) {
    if (process.env.TEST_DB === 'postgres') await env.ctx.notificationsDelivered();
    expect(await check()).toBe(true);
  }

  it('has a trigger announcing every table the cache lists, and no other', async () => {
    const found = await env.ctx.db.execute(
      sql`select distinct c.relname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
          join pg_proc p on p.oid = t.tgfoid where p.proname = 'announce_table_change' order by 1`,
    );
    const names = (found as unknown as { rows: { name: string }[] }).rows.map((row) => row.name);
    expect(names).toEqual([...announcedTables].sort());
  });

  it('answers the next page from memory and shows a change made in plain SQL at once', async () => {
    const first = await rows(admin);
    expect(first.rows.length).toBeGreaterThan(0);
    const size = env.ctx.services.results.size;
    expect(size).toBeGreaterThan(0);
    expect(await rows(admin)).toEqual(first);
    expect(env.ctx.services.results.size).toBe(size);

    const target = first.rows[0]!;
    await env.ctx.db.execute(
      sql`update projects set project_name = ${`${target.projectName}（已改名）`} where pkid = ${target.pkid}`,
    );
    await afterDelivery(async () => (await rows(admin)).rows[0]?.projectName.endsWith('（已改名）') ?? false);
  });

  it("never gives one user's answer to another", async () => {
    const all = await rows(admin);
    const own = await rows(owner);
    expect(own.total).toBeLessThan(all.total);
    expect(await rows(owner)).toEqual(own);
    expect(await rows(admin)).toEqual(all);
  });

  it("drops the owner's demand records when a demand changes", async () => {
    const path = '/smsend/project/findProjectsRecord?pageIndex=1&pageSize=5';
    const before = await rows(owner, path);
    expect(before.total).toBeGreaterThan(0);
    await env.ctx.db.execute(sql`delete from project_demands where pkid = (
      select d.pkid from project_demands d join projects p on p.pkid = d.project_id
      join construction_units c on c.construction_id = p.construction_id
      where c.user_id = 2 and not exists (select 1 from project_authorizations a where a.demand_id = d.pkid)
        and not exists (select 1 from contracts k where k.demand_id = d.pkid)
      order by d.pkid desc limit 1)`);
    await afterDelivery(async () => (await rows(owner, path)).total === before.total - 1);
  });
});
