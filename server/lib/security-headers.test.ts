import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@server/app';
import { createFront, type AstroHandler } from '@server/front';
import { createHallServices } from '@server/hall-services';
import { createTestContext, type TestContext } from '@server/test/test-context';
import { createPageCache } from './page-cache';
import {
  astroInlineScripts,
  contentSecurityPolicy,
  createSecurityHeaders,
  scriptHash,
} from './security-headers';
import { listenLocally, type LocalServer } from '@server/test/local-server';

let ctx: TestContext;
let local: LocalServer;
let base: string;

// Stands in for Astro: answers bare `text/html` (as @astrojs/node does) and opts in to the page cache.
const astro: AstroHandler = (_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html', 'x-page-cache': 'notices' });
  res.end('<p>大厅</p>');
};

beforeAll(async () => {
  ctx = await createTestContext();
  const front = createFront({
    api: createApp(ctx),
    apiBases: Object.values(ctx.config.apiBases),
    astro,
    staticFiles: (req, res, pathname) => {
      if (pathname !== '/file.js') return false;
      res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
      res.end('1');
      return true;
    },
    pageLocals: { services: createHallServices(ctx), apiBases: ctx.config.apiBases },
    pageCache: createPageCache(),
    logger: ctx.logger,
    securityHeaders: createSecurityHeaders({ tiandituToken: undefined, trustProxy: true }),
  });
  local = await listenLocally(front);
  base = local.base;
}, 60_000);

afterAll(async () => {
  await local.close();
  await ctx.dispose();
});

function expectSecurityHeaders(response: Response, label: string): void {
  const csp = response.headers.get('content-security-policy') ?? '';
  expect(csp, label).toContain("script-src 'self' 'sha256-");
  expect(csp, label).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(csp, label).toContain("frame-ancestors 'none'");
  expect(response.headers.get('x-frame-options'), label).toBe('DENY');
  expect(response.headers.get('referrer-policy'), label).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(response.headers.get('permissions-policy'), label).toMatch(/camera=\(\).*geolocation=\(\)/);
}

describe('security headers (issue 11, finding 4)', () => {
  it('go out with rendered pages, page-cache hits, static files, API answers and 404s', async () => {
    const miss = await fetch(`${base}/hall/home`);
    expect(miss.headers.get('x-cache')).toBe('MISS');
    expectSecurityHeaders(miss, 'page (miss)');
    const hit = await fetch(`${base}/hall/home`);
    expect(hit.headers.get('x-cache')).toBe('HIT');
    expectSecurityHeaders(hit, 'page (hit)');
    expectSecurityHeaders(await fetch(`${base}/file.js`), 'static file');
    expectSecurityHeaders(await fetch(`${base}/healthz`), 'API');
    expectSecurityHeaders(await fetch(`${base}/uc/no-such-call.json`), 'API 404');
  });

  it('send HSTS only over TLS (here: a trusted proxy saying https) and never keep it in the page cache', async () => {
    const plain = await fetch(`${base}/guide/message/0`);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const overTls = await fetch(`${base}/guide/message/0`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(overTls.headers.get('x-cache')).toBe('HIT');
    expect(overTls.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    // Rendered over TLS first, then asked for over plain HTTP: the stored page carries no HSTS.
    const renderedOverTls = await fetch(`${base}/guide/message/1`, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(renderedOverTls.headers.get('x-cache')).toBe('MISS');
    expect(renderedOverTls.headers.get('strict-transport-security')).not.toBeNull();
    const afterwards = await fetch(`${base}/guide/message/1`);
    expect(afterwards.headers.get('x-cache')).toBe('HIT');
    expect(afterwards.headers.get('strict-transport-security')).toBeNull();
  });

  it('allow exactly the inline scripts Astro writes, and Tianditu images only with a key', () => {
    const csp = contentSecurityPolicy({ tiandituToken: undefined });
    for (const script of astroInlineScripts) expect(csp).toContain(scriptHash(script));
    expect(astroInlineScripts.length).toBe(6);
    expect(csp).not.toContain('tianditu');
    expect(contentSecurityPolicy({ tiandituToken: 'key' })).toMatch(
      /img-src [^;]*https:\/\/\*\.tianditu\.gov\.cn/,
    );
  });
});

describe('hall page headers (issue 11, finding 10)', () => {
  it('say the page is UTF-8', async () => {
    const response = await fetch(`${base}/intermediaryhall/orgselect`);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const hit = await fetch(`${base}/intermediaryhall/orgselect`);
    expect(hit.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('never show the internal page-cache opt-in, also not to HEAD', async () => {
    for (const method of ['HEAD', 'GET', 'HEAD']) {
      const response = await fetch(`${base}/downLoad/servicelist?m=${method}`, { method });
      expect(response.headers.get('x-page-cache'), method).toBeNull();
    }
  });
});
