import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '@server/app';
import { departments, notices, users } from '@server/db/schema';
import { createFront, type AstroHandler, type FrontOptions } from '@server/front';
import { createHallServices } from '@server/hall-services';
import { noticeState } from '@shared/domain/statuses';
import type { SessionUser } from '@server/lib/session-user';
import { setNoticeState } from '@server/modules/notices/manage-service';
import { createTestContext, type TestContext } from '@server/test/test-context';
import {
  PAGE_CACHE_CHANNEL,
  PROXY_CACHE_SECONDS,
  createPageCache,
  normalizeCacheKey,
  notifyPageCache,
  onPageCacheNotification,
  parseTags,
  type PageCache,
} from './page-cache';
import { listenLocally, type LocalServer } from '@server/test/local-server';

let ctx: TestContext;
let local: LocalServer;
let base: string;
let renders: string[] = [];
let pageCache: PageCache;
/** The notice maintainer who publishes in these tests (publishing writes an audit record by them). */
let editor: SessionUser;
/** Response headers the stand-in page adds (per test). */
let extraHeaders: Record<string, string> = {};

// Stands in for Astro's handler: writes like @astrojs/node does (writeHead, write chunks, end) and
// renders the published notice titles from the database, opting in to the cache with its tags.
const astro: AstroHandler = async (req, res) => {
  renders.push(req.url ?? '');
  const rows = await ctx.db
    .select({ title: notices.noticeTitle })
    .from(notices)
    .where(eq(notices.state, 1))
    .orderBy(desc(notices.noticeTime));
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'x-page-cache': 'notices',
    ...extraHeaders,
  });
  res.write('<ul>');
  for (const row of rows) res.write(`<li>${row.title}</li>`);
  res.end('</ul>');
};

/** Our front around the stand-in page; with `resolveUser`, visitors count as signed in. */
function frontWith(resolveUser?: FrontOptions['resolveUser']) {
  return createFront({
    api: createApp(ctx),
    apiBases: Object.values(ctx.config.apiBases),
    astro,
    staticFiles: () => false,
    pageLocals: { services: createHallServices(ctx), apiBases: ctx.config.apiBases },
    pageCache,
    logger: ctx.logger,
    resolveUser,
  });
}

beforeAll(async () => {
  ctx = await createTestContext();
  pageCache = ctx.pageCache;
  await ctx.db.insert(notices).values([
    { pkid: 1, noticeTitle: '已发布的通知', state: 1 },
    { pkid: 2, noticeTitle: '草稿中的通知', state: 0 },
  ]);
  const [department] = await ctx.db
    .insert(departments)
    .values({ name: '市自然资源和规划局', kind: 'authority' })
    .returning({ pkid: departments.pkid });
  const [user] = await ctx.db
    .insert(users)
    .values({ loginname: 'editor', username: '公告管理员', loginpwd: '!', depid: department!.pkid })
    .returning({ pkid: users.pkid });
  editor = {
    pkid: user!.pkid,
    loginname: 'editor',
    username: '公告管理员',
    depid: department!.pkid,
    depname: '市自然资源和规划局',
    userphone: null,
    useremail: null,
    userlevel: 1,
    userstate: 1,
    roleIds: ['1'],
    isAdmin: true,
    sessionHash: '',
    tgtHash: '',
  };
  local = await listenLocally(frontWith());
  base = local.base;
}, 60_000);

afterAll(async () => {
  await local.close();
  await ctx.dispose();
});

beforeEach(() => {
  renders = [];
  extraHeaders = {};
  pageCache.invalidate(['notices']);
});

function get(path: string, headers: Record<string, string> = {}) {
  return fetch(`${base}${path}`, { headers: { 'accept-encoding': 'identity', ...headers } });
}

describe('normalizeCacheKey', () => {
  it('sorts the query and drops empty parameters', () => {
    expect(normalizeCacheKey('/a?b=&c=2&a=1')).toBe('/a?a=1&c=2');
    expect(normalizeCacheKey('/a?b=')).toBe('/a');
    expect(normalizeCacheKey('/a')).toBe('/a');
    expect(normalizeCacheKey('/a?x=%E4%B8%AD&x=1')).toBe('/a?x=1&x=%E4%B8%AD');
  });

  it('knows only the listed tags', () => {
    expect(parseTags('notices, statistics,unknown')).toEqual(['notices', 'statistics']);
    expect(parseTags('nothing')).toBeNull();
    expect(parseTags(undefined)).toBeNull();
  });
});

describe('the front page cache', () => {
  it('renders once, then answers from the cache with an ETag, 304 and compressed bodies', async () => {
    const first = await get('/guide/message/0?page=1&keyword=');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('MISS');
    expect(first.headers.get('x-page-cache')).toBeNull();
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    const html = await first.text();
    expect(html).toContain('已发布的通知');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);

    // Same page, parameters in another order with an empty one: one render in all.
    const second = await get('/guide/message/0?keyword=&page=1');
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(await second.text()).toBe(html);
    expect(renders).toHaveLength(1);

    const notModified = await get('/guide/message/0?page=1', { 'if-none-match': etag as string });
    expect(notModified.status).toBe(304);

    const raw = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      http
        .get(`${base}/guide/message/0?page=1`, { headers: { 'accept-encoding': 'gzip, br' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    });
    expect(raw.encoding).toBe('br');
    expect(brotliDecompressSync(raw.body).toString()).toBe(html);
    const gz = await new Promise<Buffer>((resolve, reject) => {
      http
        .get(`${base}/guide/message/0?page=1`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve(Buffer.concat(chunks)));
        })
        .on('error', reject);
    });
    expect(gunzipSync(gz).toString()).toBe(html);
    expect(renders).toHaveLength(1);
  });

  it('names each answer by its own request id, hits and 304s included, with the page headers once', async () => {
    const first = await get('/guide/message/0');
    const etag = first.headers.get('etag') as string;
    const hit = await get('/guide/message/0');
    const notModified = await get('/guide/message/0', { 'if-none-match': etag });
    const ids = [first, hit, notModified].map((response) => response.headers.get('x-request-id'));
    expect(ids.every((id) => /^[0-9a-f]{16}$/.test(id ?? ''))).toBe(true);
    expect(new Set(ids).size).toBe(3);
    expect(hit.headers.get('x-cache')).toBe('HIT');
    expect(hit.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(hit.headers.get('vary')).toBe('Accept-Encoding');
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('etag')).toBe(etag);
    expect(notModified.headers.get('content-type')).toBeNull();
  });

  it('lets a proxy in front keep its pages for a second, and only its pages (deploy/nginx)', async () => {
    const first = await get('/guide/message/0');
    const hit = await get('/guide/message/0');
    const notModified = await get('/guide/message/0', {
      'if-none-match': first.headers.get('etag') as string,
    });
    for (const answer of [first, hit, notModified])
      expect(answer.headers.get('x-accel-expires')).toBe(String(PROXY_CACHE_SECONDS));
    // A page that does not opt in, a page behind the guard and a call carry nothing a proxy would keep.
    extraHeaders = { 'x-page-cache': 'none' };
    const notOptedIn = await get('/guide/message/1');
    expect(notOptedIn.status).toBe(200);
    expect(notOptedIn.headers.get('x-accel-expires')).toBeNull();
    const guarded = await fetch(`${base}/demand/demandQuery`, { redirect: 'manual' });
    expect(guarded.status).toBe(302);
    expect(guarded.headers.get('x-accel-expires')).toBeNull();
    expect((await get('/healthz')).headers.get('x-accel-expires')).toBeNull();
  });

  it('keeps no page behind the sign-in guard, even one that opts in', async () => {
    const guarded = http.createServer(frontWith(async () => ({ roleIds: ['1'] })));
    await new Promise<void>((resolve) => guarded.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(guarded.address() as AddressInfo).port}/demand/demandQuery`;
      for (let i = 0; i < 2; i++) expect((await fetch(url)).headers.get('x-cache')).toBeNull();
      expect(renders).toEqual(['/demand/demandQuery', '/demand/demandQuery']);
      expect(pageCache.size).toBe(0);
    } finally {
      await new Promise((resolve) => guarded.close(resolve));
    }
  });

  it('never keeps a page that sets a cookie or says no-store', async () => {
    extraHeaders = { 'set-cookie': 'a=1' };
    await get('/guide/message/0');
    await get('/guide/message/0');
    extraHeaders = { 'cache-control': 'no-store' };
    const third = await get('/guide/message/0');
    expect(third.headers.get('cache-control')).toBe('no-store');
    await get('/guide/message/0');
    expect(renders).toHaveLength(4);
    expect(pageCache.size).toBe(0);
  });

  it('shows a notice published through the service layer on the next request', async () => {
    expect(await (await get('/guide/message/0')).text()).not.toContain('草稿中的通知');
    expect((await get('/guide/message/0')).headers.get('x-cache')).toBe('HIT');

    await setNoticeState(ctx, editor, 2, noticeState.code.published);

    const after = await get('/guide/message/0');
    expect(after.headers.get('x-cache')).toBe('MISS');
    expect(await after.text()).toContain('草稿中的通知');
    await ctx.db.update(notices).set({ state: 0 }).where(eq(notices.pkid, 2));
  });

  it('a second instance drops its pages when the first one publishes (NOTIFY page_cache)', async () => {
    // A second cache listening on the same database stands for a second instance.
    const other = createPageCache();
    const received: string[] = [];
    const stop = await ctx.listen(PAGE_CACHE_CHANNEL, (payload) => {
      received.push(payload);
      onPageCacheNotification(other)(payload);
    });
    try {
      const dropped = vi.spyOn(other, 'invalidate');
      await setNoticeState(ctx, editor, 2, noticeState.code.published);
      await ctx.notificationsDelivered();
      expect(received).toEqual(['notices']);
      expect(dropped).toHaveBeenCalledWith(['notices']);
    } finally {
      await stop();
      await ctx.db.update(notices).set({ state: 0 }).where(eq(notices.pkid, 2));
    }
  });

  it('a NOTIFY from a rolled-back transaction invalidates nothing', async () => {
    const received: string[] = [];
    const stop = await ctx.listen(PAGE_CACHE_CHANNEL, (payload) => received.push(payload));
    try {
      await ctx.db
        .transaction(async (tx) => {
          await notifyPageCache(tx, ['downloads']);
          throw new Error('rollback');
        })
        .catch(() => {});
      await notifyPageCache(ctx.db, ['agencies']);
      await ctx.notificationsDelivered();
      expect(received).toEqual(['agencies']);
    } finally {
      await stop();
    }
  });
});
