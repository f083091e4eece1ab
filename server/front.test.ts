import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { SIGN_IN_LOCATION, createFront, type AstroHandler, type FrontOptions } from './front';
import { createHallServices } from './hall-services';
import { createStaticHandler } from './lib/static-files';
import { createTestContext, type TestContext } from './test/test-context';
import { listenLocally, type LocalServer } from '@server/test/local-server';

let ctx: TestContext;
let local: LocalServer;
let base: string;
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'front-client-'));
const astroCalls: { url: string | undefined; locals: object | undefined }[] = [];

// Stands in for Astro's built handler (a framework, not our service): records what reaches it.
const astro: AstroHandler = (req, res, _next, locals) => {
  astroCalls.push({ url: req.url, locals });
  if (req.url?.includes('explode')) throw new Error('render failed');
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.end('<h1>page</h1>');
};

/** The front as these tests run it: the real API and static files, the stand-in Astro above. */
function frontOptions(): FrontOptions {
  return {
    api: createApp(ctx),
    apiBases: Object.values(ctx.config.apiBases),
    astro,
    staticFiles: createStaticHandler(clientDir),
    pageLocals: { services: createHallServices(ctx), apiBases: ctx.config.apiBases },
    logger: ctx.logger,
  };
}

beforeAll(async () => {
  ctx = await createTestContext();
  fs.mkdirSync(path.join(clientDir, '_astro'));
  fs.writeFileSync(path.join(clientDir, '_astro', 'app.abc123.js'), 'console.log(1)');
  fs.mkdirSync(path.join(clientDir, '403'));
  fs.writeFileSync(path.join(clientDir, '403', 'index.html'), '<h1>无权访问</h1>');
  const front = createFront(frontOptions());
  local = await listenLocally(front);
  base = local.base;
});

afterAll(async () => {
  await local.close();
  await ctx.dispose();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('front server', () => {
  it('sends API bases straight to the API, never to Astro', async () => {
    const before = astroCalls.length;
    const response = await fetch(`${base}/smsend/statistics/getInfo`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { success: boolean }).success).toBe(true);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f]{16}$/);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(astroCalls.length).toBe(before);
  });

  it('serves hashed assets with immutable caching and revalidates by ETag', async () => {
    const response = await fetch(`${base}/_astro/app.abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(response.headers.get('content-type')).toContain('javascript');
    const again = await fetch(`${base}/_astro/app.abc123.js`, {
      headers: { 'if-none-match': response.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
  });

  it('serves prerendered pages from the build without Astro', async () => {
    const response = await fetch(`${base}/403`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('无权访问');
  });

  it('renders the public guide pages and a demand with its selection record to a visitor without a session (spec section 2)', async () => {
    for (const page of ['/guide/workPlace', '/guide/matter/1', '/demand/demandDetails?id=1']) {
      const response = await fetch(`${base}${page}`, { redirect: 'manual' });
      expect(response.status, page).not.toBe(302);
      expect(astroCalls.at(-1)?.url, page).toBe(page);
    }
  });

  it('renders public hall pages through Astro with the in-process services', async () => {
    const response = await fetch(`${base}/hall/home`);
    expect(response.status).toBe(200);
    const call = astroCalls.at(-1);
    expect(call?.url).toBe('/hall/home');
    expect(call?.locals).toHaveProperty('services.statistics.getHallCounts');
  });

  it('sends a visitor without a session from any other page home to sign in (spec entry rules)', async () => {
    for (const page of ['/contract/ContractList', '/demand/demandQuery']) {
      const response = await fetch(`${base}${page}`, { redirect: 'manual' });
      expect(response.status, page).toBe(302);
      expect(response.headers.get('location')).toBe(SIGN_IN_LOCATION);
    }
    // A path without any page is not behind the guard: it is not there (issue 11, the 404 page).
    expect((await fetch(`${base}/no/such/page`, { redirect: 'manual' })).status).toBe(404);
  });

  it('keeps the request id of a trusted proxy only (TRUST_PROXY, deploy/nginx)', async () => {
    const proxyId = 'a'.repeat(32);
    // Not trusted here: any incoming id is replaced.
    const untrusted = await fetch(`${base}/healthz`, { headers: { 'x-request-id': proxyId } });
    expect(untrusted.headers.get('x-request-id')).toMatch(/^[0-9a-f]{16}$/);
    expect(untrusted.headers.get('x-request-id')).not.toBe(proxyId);

    const trusting = http.createServer(createFront({ ...frontOptions(), trustProxy: true }));
    await new Promise<void>((resolve) => trusting.listen(0, '127.0.0.1', resolve));
    try {
      const trustedBase = `http://127.0.0.1:${(trusting.address() as AddressInfo).port}`;
      const kept = await fetch(`${trustedBase}/healthz`, { headers: { 'x-request-id': proxyId } });
      expect(kept.headers.get('x-request-id')).toBe(proxyId);
      // Something that is not an id (here a forged log line) is replaced even from the proxy.
      const forged = await fetch(`${trustedBase}/healthz`, { headers: { 'x-request-id': 'x" level=error' } });
      expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f]{16}$/);
    } finally {
      await new Promise((resolve) => trusting.close(resolve));
    }
  });

  it('shows the request id, never a stack, when a page fails to render', async () => {
    const response = await fetch(`${base}/admin?explode=1`);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).toContain(response.headers.get('x-request-id') ?? 'missing');
    expect(text).not.toContain('render failed');
  });
});
