/**
 * Message pages in memory (page-cache.ts): a page call after a message is sent, read or deleted shows
 * it at once, whoever wrote it (this module, another module's transaction, plain SQL: the table's
 * triggers announce every write), also on another instance; one user's page is never another's; a
 * load under way when a change arrives is not kept.
 */
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createApp } from '@server/app';
import { listenForDataChanges } from '@server/data-changes';
import { messages } from '@server/db/schema';
import { withServices } from '@server/services';
import type { MessageQuery } from '@shared/validation/messages';
import { createBrowser, signInAs, type Browser, signedInTestApp } from '../identity/test-support';
import { createMessagePageCache, type MessagePage } from './page-cache';
import { sendMessage } from './service';

const OWNER = 2;
const AGENCY = 3;
const base = '/smsend/project/message';
const firstPage = `${base}/query?pageIndex=1&pageSize=10`;

const env = signedInTestApp({ accounts: ['owner01', 'agency01'] });
const owner = env.browser('owner01');
const agency = env.browser('agency01');

interface Page {
  rows: { messageId: number; messageContent: string; hasRead: boolean }[];
  total: number;
}

async function page(browser: Browser, path = firstPage): Promise<Page> {
  const response = await browser.fetch(path);
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
}

/**
 * The page after a write made outside this instance's message calls (another module's transaction,
 * plain SQL): PGlite delivers the trigger's NOTIFY at commit, so the very next call shows it; a
 * PostgreSQL server delivers it on this instance's listening connection a moment after the commit
 * returns, so there the page is asked once it has arrived.
 */
async function pageAfterOtherWrite(
  browser: Browser,
  shows: (seen: Page) => boolean,
  path = firstPage,
): Promise<Page> {
  if (process.env.TEST_DB === 'postgres') await env.ctx.notificationsDelivered();
  const seen = await page(browser, path);
  expect(shows(seen)).toBe(true);
  return seen;
}

/**
 * Pages, and checks the page is now held in memory (so the next call is a hit). On PostgreSQL the
 * NOTIFY of an earlier write can still arrive after a page already shows that write; it rightly drops
 * a load under way, so the page is asked once every earlier notification has arrived.
 */
async function cachedPage(browser: Browser, path = firstPage): Promise<Page> {
  await env.ctx.notificationsDelivered();
  const before = env.ctx.services.messagePages.size;
  const seen = await page(browser, path);
  expect(env.ctx.services.messagePages.size).toBeGreaterThanOrEqual(Math.max(before, 1));
  expect(await page(browser, path)).toEqual(seen);
  return seen;
}

describe('message pages in memory (one instance)', () => {
  it('shows a message sent by an administrator at once', async () => {
    const admin = createBrowser(env.app);
    await signInAs(admin, 'admin');
    const before = await cachedPage(agency);
    const sent = await admin.fetch(`${base}/send`, {
      method: 'POST',
      body: new URLSearchParams({ userId: String(AGENCY), content: '缓存后发送的消息' }),
    });
    expect(sent.status).toBe(200);
    const after = await page(agency);
    expect(after.total).toBe(before.total + 1);
    expect(after.rows[0]?.messageContent).toBe('缓存后发送的消息');
  });

  it("shows a message another module sends in its own transaction at once (the table's trigger)", async () => {
    const before = await cachedPage(owner);
    await env.ctx.db.transaction((tx) =>
      sendMessage(tx, { toUserId: OWNER, content: '审核结果：通过', at: env.clock.now }),
    );
    const after = await pageAfterOtherWrite(owner, (seen) => seen.total === before.total + 1);
    expect(after.rows[0]?.messageContent).toBe('审核结果：通过');
  });

  it('shows writes made with plain SQL at once (insert, update, delete)', async () => {
    await cachedPage(owner);
    const [row] = await env.ctx.db
      .insert(messages)
      .values({ userId: OWNER, messageContent: '数据库直接写入', addTime: env.clock.now })
      .returning({ messageId: messages.messageId });
    const inserted = await pageAfterOtherWrite(owner, (seen) => seen.rows[0]?.messageId === row!.messageId);
    expect(inserted.rows[0]?.hasRead).toBe(false);

    await env.ctx.db.update(messages).set({ hasRead: true }).where(eq(messages.messageId, row!.messageId));
    await pageAfterOtherWrite(owner, (seen) => seen.rows[0]?.hasRead === true);

    await env.ctx.db.execute(sql`delete from messages where message_id = ${row!.messageId}`);
    const deleted = await pageAfterOtherWrite(owner, (seen) => seen.total === inserted.total - 1);
    expect(deleted.rows.some((r) => r.messageId === row!.messageId)).toBe(false);
  });

  it('shows a message marked read and one deleted through the calls at once', async () => {
    await env.ctx.db
      .insert(messages)
      .values({ userId: OWNER, messageContent: '待读消息', addTime: env.clock.now });
    await pageAfterOtherWrite(owner, (seen) => seen.rows[0]?.messageContent === '待读消息');
    const before = await cachedPage(owner);
    const newest = before.rows[0]!;
    expect(newest.hasRead).toBe(false);
    expect((await owner.fetch(`${base}/update?id=${newest.messageId}`)).status).toBe(200);
    expect((await page(owner)).rows[0]).toMatchObject({ messageId: newest.messageId, hasRead: true });

    const unreadOnly = `${base}/query?pageIndex=1&pageSize=10&hasRead=false`;
    const unread = await cachedPage(owner, unreadOnly);
    const victim = unread.rows[0]!;
    expect((await owner.fetch(`${base}/delete?id=${victim.messageId}`)).status).toBe(200);
    const afterDelete = await page(owner, unreadOnly);
    expect(afterDelete.total).toBe(unread.total - 1);
    expect(afterDelete.rows.some((r) => r.messageId === victim.messageId)).toBe(false);
    expect((await page(owner)).rows.some((r) => r.messageId === victim.messageId)).toBe(false);
  });

  it("never answers one user's page to another", async () => {
    await env.ctx.db.insert(messages).values([
      { userId: OWNER, messageContent: '只给建设单位', addTime: env.clock.now },
      { userId: AGENCY, messageContent: '只给测绘单位', addTime: env.clock.now },
    ]);
    await pageAfterOtherWrite(owner, (seen) => seen.rows[0]?.messageContent === '只给建设单位');
    await pageAfterOtherWrite(agency, (seen) => seen.rows[0]?.messageContent === '只给测绘单位');
    const ownerPage = await cachedPage(owner);
    const agencyPage = await cachedPage(agency);
    expect(ownerPage.rows[0]?.messageContent).toBe('只给建设单位');
    expect(agencyPage.rows[0]?.messageContent).toBe('只给测绘单位');
    const ownerIds = await env.ctx.db
      .select({ id: messages.messageId })
      .from(messages)
      .where(eq(messages.userId, OWNER));
    const theirs = new Set(ownerIds.map((r) => r.id));
    expect(agencyPage.rows.some((r) => theirs.has(r.messageId))).toBe(false);
    expect(ownerPage.rows.every((r) => theirs.has(r.messageId))).toBe(true);
  });
});

describe('message pages on another instance', () => {
  it('drops a page there as soon as a message is sent here (NOTIFY messages from the trigger)', async () => {
    // A second instance: its own memory and listener, on the same database.
    const { services: _ours, dispose: _dispose, ...shared } = env.ctx;
    const other = withServices({ ...shared }, { now: env.ctx.services.now });
    const stopListening = await listenForDataChanges(env.ctx.listen, other);
    try {
      const otherApp = createApp(other);
      const onOther = async () => {
        const response = await otherApp.request(`http://localhost${firstPage}`, {
          headers: { cookie: owner.cookieHeader(base) },
        });
        expect(response.status).toBe(200);
        return (await response.json()) as Page;
      };
      const before = await onOther();
      expect(other.services.messagePages.size).toBe(1);
      await env.ctx.db.transaction((tx) =>
        sendMessage(tx, { toUserId: OWNER, content: '另一实例可见', at: env.clock.now }),
      );
      // PGlite delivers at commit; a PostgreSQL server through the other instance's own connection.
      await env.ctx.notificationsDelivered();
      expect(other.services.messagePages.size).toBe(0);
      const after = await onOther();
      expect(after.total).toBe(before.total + 1);
      expect(after.rows[0]?.messageContent).toBe('另一实例可见');
    } finally {
      await stopListening();
    }
  });
});

describe('the cache itself', () => {
  const query: MessageQuery = { pageIndex: 1, pageSize: 10, hasRead: undefined };
  const pageOf = (total: number): MessagePage => ({ rows: [], total });

  function deferred() {
    let resolve!: (page: MessagePage) => void;
    const promise = new Promise<MessagePage>((r) => (resolve = r));
    return { promise, resolve };
  }

  it('does not keep a page whose load began before a change for its user', async () => {
    const cache = createMessagePageCache();
    cache.setListening(true);
    const slow = deferred();
    const loading = cache.get(7, query, () => slow.promise);
    cache.onNotification('7');
    slow.resolve(pageOf(1));
    expect((await loading).total).toBe(1);
    expect(cache.size).toBe(0);
    expect((await cache.get(7, query, async () => pageOf(2))).total).toBe(2);
    expect((await cache.get(7, query, async () => pageOf(3))).total).toBe(2);
  });

  it('shares a load under way only with calls made before the next change', async () => {
    const cache = createMessagePageCache();
    cache.setListening(true);
    const first = deferred();
    let loads = 0;
    const a = cache.get(7, query, () => (loads++, first.promise));
    const b = cache.get(7, query, () => (loads++, first.promise));
    cache.invalidate([7]);
    const c = cache.get(7, query, async () => (loads++, pageOf(9)));
    first.resolve(pageOf(1));
    expect([(await a).total, (await b).total, (await c).total]).toEqual([1, 1, 9]);
    expect(loads).toBe(2);
  });

  it('keys pages by user and query, and keeps none while not listening', async () => {
    const cache = createMessagePageCache();
    expect((await cache.get(7, query, async () => pageOf(1))).total).toBe(1);
    expect(cache.size).toBe(0);
    cache.setListening(true);
    const kept = await cache.get(7, query, async () => pageOf(1));
    // Shared by every caller that finds it: nobody may change it (strict mode throws).
    expect(Object.isFrozen(kept) && Object.isFrozen(kept.rows)).toBe(true);
    expect(() => ((kept as { total: number }).total = 5)).toThrow(TypeError);
    expect((await cache.get(8, query, async () => pageOf(2))).total).toBe(2);
    expect((await cache.get(7, { ...query, hasRead: false }, async () => pageOf(3))).total).toBe(3);
    expect((await cache.get(7, query, async () => pageOf(4))).total).toBe(1);
    cache.onNotification('8');
    expect((await cache.get(7, query, async () => pageOf(5))).total).toBe(1);
    expect((await cache.get(8, query, async () => pageOf(6))).total).toBe(6);
    cache.setListening(false);
    expect(cache.size).toBe(0);
  });
});
