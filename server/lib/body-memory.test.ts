/**
 * Issue 11, finding 1: 200 MB bodies sent to several calls over a real socket are refused while they
 * stream, so the server's memory hardly grows (it grew by 740 MB on one body before the limit).
 */
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrowser, createIdentityTestContext, signInAs } from '@server/modules/identity/test-support';
import { listenLocally, type LocalServer } from '@server/test/local-server';

let env: Awaited<ReturnType<typeof createIdentityTestContext>>;
let local: LocalServer;
let base: string;
/** The administrator's cookies: the maintainers' calls read their bodies only for them. */
let adminCookie: string;

beforeAll(async () => {
  env = await createIdentityTestContext();
  local = await listenLocally(getRequestListener(env.app.fetch));
  base = local.base;
  const admin = createBrowser(env.app);
  await signInAs(admin, 'admin');
  adminCookie = admin.cookieHeader('/');
}, 60_000);

afterAll(async () => {
  await local.close();
  await env.ctx.dispose();
});

const MB = 1024 * 1024;
const BODY_BYTES = 200 * MB;

/** Streams up to 200 MB (no Content-Length) and reports what came back and how much was sent. */
async function send(path: string, contentType: string, head: string) {
  const chunk = new Uint8Array(MB).fill(0x61);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(head));
    },
    pull(controller) {
      if (sent >= BODY_BYTES) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  try {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      body,
      headers: { 'content-type': contentType, origin: base, cookie: adminCookie },
      duplex: 'half',
    } as RequestInit);
    return { status: response.status, text: await response.text(), sent };
  } catch {
    // The server may close the connection before the client stops writing.
    return { status: 0, text: '', sent };
  }
}

describe('request bodies (issue 11, finding 1)', () => {
  it('refuses 200 MB bodies to several calls with 413 while the server grows by less than a body', async () => {
    const boundary = 'xB0UNDARYx';
    const calls: [string, string, string][] = [
      ['/uc/user.json', 'application/json', '{"username":"'],
      ['/uc/user.json', 'application/x-www-form-urlencoded', 'username='],
      [
        '/cas/rest/tickets',
        `multipart/form-data; boundary=${boundary}`,
        `--${boundary}\r\nContent-Disposition: form-data; name="username"\r\n\r\n`,
      ],
      ['/oa/oanotices/add', 'application/json', '{"noticeTitle":"'],
    ];
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    try {
      for (const [path, type, head] of calls) {
        const result = await send(path, type, head);
        // Refused (413) before the whole body was read, or cut off; never taken.
        expect([413, 0], `${path} ${type}: ${result.status} ${result.text}`).toContain(result.status);
        if (result.status === 413) expect(result.text).toMatch(/[\u4e00-\u9fa5]/);
        expect(result.sent, path).toBeLessThan(BODY_BYTES);
      }
    } finally {
      clearInterval(sampler);
    }
    // RSS is the whole test process: the client streaming from here and garbage the collector has
    // not returned yet count too (under 1 MB on a quiet machine; 50 to 77 MB, once 123 MB, on a loaded
    // CI machine), so the bound sits below what it guards against, with room for that noise: a server
    // that buffers one whole body grows by 200 MB or more (740 MB before the limit). That every body
    // was cut off before its end is checked above.
    expect((peak - before) / MB).toBeLessThan(BODY_BYTES / MB - 50);
  }, 120_000);

  it('stops a 200 MB upload just past the 50 MB file limit', async () => {
    // An upload call holds the file it reads (up to the 50 MB limit), so it is measured on its own:
    // the body stops there, not at 200 MB.
    const boundary = 'xB0UNDARYx';
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const result = await send(
      '/smsend/download/add',
      `multipart/form-data; boundary=${boundary}`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.zip"\r\n\r\n`,
    ).finally(() => clearInterval(sampler));
    expect([413, 0]).toContain(result.status);
    expect(result.sent / MB).toBeLessThan(64);
    // RSS holds the file the call read (50 MB), what the client in this same process wrote (up to
    // 64 MB) and garbage the collector has not yet returned (seen from 29 to 50 MB on a loaded CI
    // machine), so a tight bound here is noise. What it guards is the regression it was written for:
    // a server that buffers the whole 200 MB body grows by more than that.
    expect((peak - before) / MB).toBeLessThan(BODY_BYTES / MB - 50);
  }, 120_000);
});
