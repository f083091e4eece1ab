/**
 * The product behind nginx as deployed (deploy/nginx, decision 0008): a server of ours with
 * TRUST_PROXY=true and PAGE_MIRROR_DIR, nginx with the shipped template in front. nginx answers the
 * public hall pages as files (or for a second, with a query string) and nothing else; signing in and
 * the console work through it; a published notice reaches the hall through nginx at once.
 */
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { newMirrorDir, startNginxFront, type NginxFront } from './fixtures/nginx-front';
import { muteNoticeDialog } from './fixtures/hall';
import { signInThroughDialog, signedInClient } from './fixtures/identity';
import { startServer, type StartedServer } from './fixtures/server';

const root = path.join(import.meta.dirname, '..');
let server: StartedServer | undefined;
let front: NginxFront | undefined;
let dataDir: string;
let mirrorDir: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'survey-nginx-front-'));
  mirrorDir = newMirrorDir();
  server = await startServer({ root, dataDir, env: { TRUST_PROXY: 'true', PAGE_MIRROR_DIR: mirrorDir } });
  front = await startNginxFront(server.baseUrl, mirrorDir);
});

test.afterAll(async () => {
  await front?.stop();
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
  await rm(mirrorDir, { recursive: true, force: true });
});

/** A GET through nginx as a browser sends it (gzip), without following redirects. */
function get(pathname: string, headers: Record<string, string> = {}) {
  return fetch(new URL(pathname, front!.baseUrl), {
    headers: { 'accept-encoding': 'gzip', ...headers },
    redirect: 'manual',
  });
}

test('nginx answers public hall pages itself, as files or for a second, and nothing else', async () => {
  // Rendered once by our server, then answered by nginx as a file: the same page, our security
  // headers and caching rule.
  const first = await get('/');
  expect(first.status).toBe(200);
  const page = await first.text();
  await expect.poll(async () => (await get('/')).headers.get('x-front-cache')).toBe('FILE');
  const file = await get('/');
  expect(await file.text()).toBe(page);
  expect(file.headers.get('content-encoding')).toBe('gzip');
  expect(file.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(file.headers.get('vary')).toBe('Accept-Encoding');
  expect(file.headers.get('cache-control')).toBe('public, no-cache');
  expect(file.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
  expect(file.headers.get('x-frame-options')).toBe('DENY');
  expect(file.headers.get('strict-transport-security')).toBeNull(); // plain HTTP
  // What reached our server carries nginx's request id (kept with TRUST_PROXY); a file has none.
  expect(first.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
  expect(file.headers.get('x-request-id')).toBeNull();
  const plain = await get('/', { 'accept-encoding': 'identity' });
  expect(plain.headers.get('x-front-cache')).toBe('FILE');
  expect(plain.headers.get('content-encoding')).toBeNull();
  expect(await plain.text()).toBe(page);

  // A page with a query string is kept by nginx for our one second, then asked for again.
  await get('/?from=nginx-test');
  await expect.poll(async () => (await get('/?from=nginx-test')).headers.get('x-front-cache')).toBe('HIT');
  const kept = await get('/?from=nginx-test');
  expect(kept.headers.get('x-accel-expires')).toBeNull();
  expect(kept.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
  expect(kept.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const again = await get('/?from=nginx-test');
  expect(again.status).toBe(200);
  expect(['REVALIDATED', 'UPDATING', 'STALE', 'EXPIRED', 'HIT']).toContain(
    again.headers.get('x-front-cache'),
  );

  // A page behind the sign-in guard is never kept: each anonymous visit is sent to sign in.
  for (let i = 0; i < 3; i++) {
    const guarded = await get('/contract/ContractList');
    expect(guarded.status).toBe(302);
    expect(['MISS', 'BYPASS', null]).toContain(guarded.headers.get('x-front-cache'));
  }
  // Neither are calls, missing pages or a POST to a page's path.
  for (const pathname of [
    '/oa/oanotices/getNoticeList?pageNumber=1&pageSize=5',
    '/404-nothing-here',
    '/healthz',
  ]) {
    await get(pathname);
    const second = await get(pathname);
    expect(['MISS', 'BYPASS', null], pathname).toContain(second.headers.get('x-front-cache'));
  }
  const posted = await fetch(new URL('/', front!.baseUrl), { method: 'POST', redirect: 'manual' });
  expect(posted.headers.get('x-front-cache')).not.toBe('FILE');
});

test('through nginx a visitor signs in, opens the console, and sees a published notice at once', async ({
  page,
}) => {
  const base = front!.baseUrl;
  // The notices list is answered by nginx as a file before the notice exists.
  await get('/guide/message/0');
  await expect.poll(async () => (await get('/guide/message/0')).headers.get('x-front-cache')).toBe('FILE');

  const title = `经由前置代理发布的公告（${Date.now()}）`;
  const admin = await signedInClient(base, 'admin');
  await admin.call('notices', 'oanotices/add', {
    body: { noticeTitle: title, noticeType: 0, noticeContent: '<p>各单位：请知悉。</p>', state: 1 },
  });
  await muteNoticeDialog(page);
  // The publication dropped the page from our cache and its file from disk: the next visitor sees it.
  const after = await get('/guide/message/0');
  expect(after.headers.get('x-front-cache')).not.toBe('FILE');
  expect(await after.text()).toContain(title);

  await page.goto(`${base}/guide/message/0`);
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await signInThroughDialog(page, 'admin');
  await page.goto(`${base}/noticemanger/message/0`);
  await expect(page.getByRole('heading', { level: 1, name: /通知公告管理/ })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText(title)).toBeVisible();
});
