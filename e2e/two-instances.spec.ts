/**
 * Scale-out (issue 26): two instances of the server on one PostgreSQL database and one S3-compatible
 * store (s3rver on loopback), behind the shipped nginx front with both in its upstream, sharing one
 * folder of page files. A file uploaded through A downloads through B with the same sha256; the chunks
 * of one upload alternate between A and B and any of them merges; a notice changed through B drops the
 * page file nginx answers from, at once; a message sent through A reaches a browser connected to B; a
 * job made due runs once; sign-in lockouts and phone-code limits count over both; and on SIGTERM B
 * refuses new connections, nginx answers from A, and B's request under way completes.
 *
 * Needs a PostgreSQL server (TEST_DATABASE_URL, which .ci/run provides) and nginx; the test creates
 * its own database and drops it after.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { signOn } from '@shared/auth/sign-on';
import { LOCKOUT_FAILURES } from '@server/modules/identity/login';
import { ADDRESS_HOURLY_LIMIT } from '@server/modules/identity/sms/service';
import { startLocalS3, type LocalS3 } from '@server/test/s3-server';
import { createDatabase, databaseUrl, dropDatabase } from '@server/test/postgres-admin';
import {
  cookieJarClient,
  DEMO_PASSWORD,
  sameSessionOn,
  signInToConsole,
  signedInClient,
  TEST_CAPTCHA,
} from './fixtures/identity';
import { newMirrorDir, nginxBinary, startNginxFront, type NginxFront } from './fixtures/nginx-front';
import { startServer, type StartedServer } from './fixtures/server';

const root = path.join(import.meta.dirname, '..');
const database = `survey_e2e_two_${randomUUID().slice(0, 8)}`;
let s3: LocalS3 | undefined;
let a: StartedServer | undefined;
let b: StartedServer | undefined;
let front: NginxFront | undefined;
let mirrorDir = '';

test.describe.configure({ mode: 'serial' });
test.skip(!process.env.TEST_DATABASE_URL, 'needs a PostgreSQL server: TEST_DATABASE_URL (.ci/run sets it)');
test.skip(!nginxBinary(), 'needs nginx (apt-get install nginx-light)');

test.beforeAll(async () => {
  test.setTimeout(300_000);
  await createDatabase(database);
  s3 = await startLocalS3('survey-two');
  mirrorDir = newMirrorDir();
  const env = {
    DATABASE_URL: databaseUrl(database),
    SEED_PROJECTS: '60',
    TRUST_PROXY: 'true',
    PAGE_MIRROR_DIR: mirrorDir,
    ...s3.environment,
  };
  // A migrates and seeds the empty database; B starts on what A made.
  a = await startServer({ root, env, healthTimeoutMs: 240_000 });
  b = await startServer({ root, env });
  front = await startNginxFront([a.baseUrl, b.baseUrl], mirrorDir);
});

test.afterAll(async () => {
  await front?.stop();
  await a?.stop();
  await b?.stop();
  await s3?.stop();
  if (mirrorDir) await rm(mirrorDir, { recursive: true, force: true });
  await dropDatabase(database).catch(() => {});
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

test('a file goes in through one instance and out through the other; chunks of one upload alternate', async () => {
  const onA = await signedInClient(a!.baseUrl, 'staff01');
  const onB = sameSessionOn(onA, b!.baseUrl);
  // A survey case of staff01's agency whose archive folder staff01 may write.
  const cases = (await (await onA.http(onA.url('business', 'project/case/query', { rows: 50 }))).json()) as {
    rows: { caseId: number }[];
  };
  let dirid = '';
  for (const { caseId } of cases.rows) {
    const folder = (await (
      await onB.http(onB.url('archive', 'findList.json', { dirid: `case:${caseId}` }))
    ).json()) as {
      data: { canWrite: boolean };
    };
    if (folder.data.canWrite) dirid = `case:${caseId}`;
    if (dirid) break;
  }
  expect(dirid, 'staff01 works on a case of the demo data').not.toBe('');

  const chunkSize = 256 * 1024;
  const bytes = randomBytes(4 * chunkSize + 999);
  bytes.write('%PDF-1.7\n', 0, 'latin1');
  const name = `两实例成果${Date.now() % 100000}.pdf`;
  const identifier = `${bytes.length}-two-instances-${Date.now()}`;
  const totalChunks = 4;
  for (let n = 1; n <= totalChunks; n++) {
    const start = (n - 1) * chunkSize;
    const end = n === totalChunks ? bytes.length : start + chunkSize;
    const form = new FormData();
    const fields = {
      chunkNumber: n,
      chunkSize,
      currentChunkSize: end - start,
      totalSize: bytes.length,
      identifier,
      filename: name,
      relativePath: name,
      totalChunks,
      dirid,
      describe: '两实例测试',
      uploadType: 0,
    };
    for (const [key, value] of Object.entries(fields)) form.set(key, String(value));
    form.set('file', new Blob([bytes.subarray(start, end)]), name);
    const instance = n % 2 === 1 ? onA : onB;
    const answer = await instance.http(instance.url('archive', 'upload'), { method: 'POST', body: form });
    expect(answer.status, `chunk ${n}`).toBe(200);
  }
  const merged = (await (
    await onA.http(onA.url('archive', 'merge', { identifier, filename: name, type: 'pdf', dirid }))
  ).json()) as { data: { id: number; sha256: string } };
  expect(merged.data.sha256).toBe(sha256(bytes));

  // Through B, and through nginx (either instance): the same bytes.
  for (const client of [onB, sameSessionOn(onA, front!.baseUrl)]) {
    const download = await client.http(client.url('archive', `download/${merged.data.id}`));
    expect(download.status).toBe(200);
    expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(sha256(bytes));
  }
});

test('a notice published through B drops the page file nginx answers from, at once', async () => {
  const get = (pathname: string) =>
    fetch(new URL(pathname, front!.baseUrl), { headers: { 'accept-encoding': 'gzip' } });
  await get('/guide/message/0');
  await expect.poll(async () => (await get('/guide/message/0')).headers.get('x-front-cache')).toBe('FILE');

  const title = `经由第二实例发布的公告（${Date.now()}）`;
  const adminOnB = await signedInClient(b!.baseUrl, 'admin');
  await adminOnB.call('notices', 'oanotices/add', {
    body: { noticeTitle: title, noticeType: 0, noticeContent: '<p>各单位：请知悉。</p>', state: 1 },
  });
  const published = Date.now();
  await expect.poll(async () => (await get('/guide/message/0')).text(), { timeout: 1_000 }).toContain(title);
  expect(Date.now() - published).toBeLessThan(1_000);
});

/** The unread count on the console's bell. */
async function unreadOnBell(page: Page): Promise<number> {
  const bell = page.locator('header.cl-header').getByRole('button', { name: /^消息通知/ });
  return Number(/(\d+) 条未读/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
}

// owner02 (pkid 15 in the demo data), as in e2e/messages.spec.ts.
const RECIPIENT_PKID = 15;

test('a message sent through A reaches a browser connected to B', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: b!.baseUrl });
  const page = await context.newPage();
  await signInToConsole(page, 'owner02', '/noticemanger/statistical');
  const bell = page.locator('header.cl-header').getByRole('button', { name: /^消息通知/ });
  await expect(bell).toHaveAttribute('aria-label', /条未读|没有未读消息/);
  const before = await unreadOnBell(page);

  const adminOnA = await signedInClient(a!.baseUrl, 'admin');
  await adminOnA.call('business', 'project/message/send', {
    body: { userId: RECIPIENT_PKID, content: `e2e：经由第一实例发送的消息（${Date.now()}）` },
  });
  await expect.poll(() => unreadOnBell(page), { timeout: 10_000 }).toBe(before + 1);
  await context.close();
});

test('a job asked to run now runs once, though both instances poll the same schedule', async () => {
  test.setTimeout(120_000);
  const db = new pg.Client({ connectionString: databaseUrl(database) });
  await db.connect();
  try {
    const row = async () =>
      (
        await db.query<{ run_count: number; locked_by: string | null; next_run_at: Date }>(
          `select run_count, locked_by, next_run_at from scheduled_jobs where name = 'credit-expiry'`,
        )
      ).rows[0]!;
    // A daily job: between the rounds nothing but the request makes it due. Once through A's 立即执行,
    // once through B's, once by the row alone (both instances find it due at their next poll).
    const adminOnA = await signedInClient(a!.baseUrl, 'admin');
    const adminOnB = sameSessionOn(adminOnA, b!.baseUrl);
    const rounds: (() => Promise<unknown>)[] = [
      () => adminOnA.call('task', 'monitor/job/edit', { body: { ...creditExpiry, runNow: 'true' } }),
      () => adminOnB.call('task', 'monitor/job/edit', { body: { ...creditExpiry, runNow: 'true' } }),
      () => db.query(`update scheduled_jobs set next_run_at = now() where name = 'credit-expiry'`),
    ];
    for (const makeDue of rounds) {
      const before = (await row()).run_count;
      await makeDue();
      await expect.poll(async () => (await row()).run_count, { timeout: 10_000 }).toBe(before + 1);
      // Both instances poll every 2 s (JOB_POLL_SECONDS of the e2e server): 5 s is two polls of each.
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      const after = await row();
      expect(after.run_count).toBe(before + 1);
      expect(after.locked_by).toBeNull();
      expect(after.next_run_at.getTime()).toBeGreaterThan(Date.now());
    }
  } finally {
    await db.end();
  }
});

const creditExpiry = { jobName: 'credit-expiry', schedule: 'daily 00:05', enabled: 'true' };

/** One sign-on attempt through `baseUrl` from `address` (as nginx would forward it): its status. */
async function signOnStatus(baseUrl: string, address: string, loginname: string, password: string) {
  const client = cookieJarClient(baseUrl, new Map(), { 'X-Forwarded-For': address });
  await client.http.get(client.url('cas', 'captcha/captcha.do'));
  try {
    await signOn(client, { username: loginname, password, captcha: TEST_CAPTCHA });
    return 200;
  } catch (error) {
    return (error as { status?: number }).status;
  }
}

test('wrong passwords alternated between A and B lock out at the one-instance threshold', async () => {
  test.setTimeout(120_000);
  const instances = [a!.baseUrl, b!.baseUrl];
  // Per account: each try from another address, so only the account's count can lock it.
  for (let n = 0; n < LOCKOUT_FAILURES; n++)
    expect(
      await signOnStatus(instances[n % 2]!, `10.26.1.${n + 1}`, 'owner04', 'wrong-password'),
      `try ${n + 1}`,
    ).toBe(401);
  for (const instance of instances)
    expect(await signOnStatus(instance, '10.26.1.99', 'owner04', DEMO_PASSWORD)).toBe(429);

  // Per address: wrong passwords for several accounts from one address lock that address everywhere.
  for (let n = 0; n < LOCKOUT_FAILURES; n++)
    expect(
      await signOnStatus(instances[n % 2]!, '10.26.2.1', `nobody${n}`, 'wrong-password'),
      `try ${n + 1}`,
    ).toBe(401);
  for (const instance of instances)
    expect(await signOnStatus(instance, '10.26.2.1', 'admin', DEMO_PASSWORD)).toBe(429);
  expect(await signOnStatus(a!.baseUrl, '10.26.2.2', 'admin', DEMO_PASSWORD)).toBe(200);
});

test('phone codes requested alternately from A and B hit the same limits', async () => {
  test.setTimeout(120_000);
  const codeStatus = async (baseUrl: string, address: string, userphone: string) => {
    const client = cookieJarClient(baseUrl, new Map(), { 'X-Forwarded-For': address });
    const answer = await client.http(client.url('uc', 'sendShortMessage', { userphone }), {
      throwHttpErrors: false,
    });
    return answer.status;
  };
  // One phone: a code through A, and through B within the minute is refused.
  expect(await codeStatus(a!.baseUrl, '10.26.3.1', '13926000000')).toBe(200);
  expect(await codeStatus(b!.baseUrl, '10.26.3.2', '13926000000')).toBe(429);
  // One address: its hourly number of codes, alternating instances, then no more from either.
  for (let n = 1; n <= ADDRESS_HOURLY_LIMIT; n++)
    expect(
      await codeStatus(
        n % 2 ? a!.baseUrl : b!.baseUrl,
        '10.26.4.1',
        `139260001${String(n).padStart(2, '0')}`,
      ),
      `code ${n}`,
    ).toBe(200);
  for (const instance of [a!.baseUrl, b!.baseUrl])
    expect(await codeStatus(instance, '10.26.4.1', '13926000199')).toBe(429);
});

/** Resolves when nothing answers a new connection to `baseUrl` (the listener is closed). */
async function refusesConnections(baseUrl: string): Promise<boolean> {
  try {
    await fetch(new URL('/healthz', baseUrl), { signal: AbortSignal.timeout(1_000) });
    return false;
  } catch {
    return true;
  }
}

test('SIGTERM on B: B takes no new connection, nginx answers from A, and the request under way on B completes', async () => {
  const adminOnB = await signedInClient(b!.baseUrl, 'admin');
  const cookie = [...adminOnB.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const body = Buffer.from(
    new URLSearchParams({
      userId: String(RECIPIENT_PKID),
      content: `e2e：停机时仍在进行的请求（${Date.now()}）`,
    }).toString(),
  );
  // A request whose body arrives slowly: under way when SIGTERM comes.
  const target = new URL(adminOnB.url('business', 'project/message/send'), b!.baseUrl);
  const request = http.request(target, {
    method: 'POST',
    agent: false,
    headers: {
      Cookie: cookie,
      Origin: target.origin,
      'Content-Type': 'application/x-www-form-urlencoded',
      'Content-Length': String(body.length),
    },
  });
  const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('end', () =>
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
    });
  });
  request.write(body.subarray(0, 10));
  await new Promise((resolve) => setTimeout(resolve, 300));

  process.kill(b!.pid, 'SIGTERM');
  await expect.poll(() => refusesConnections(b!.baseUrl), { timeout: 2_000 }).toBe(true);
  // Through nginx every request is answered (by A) while B drains.
  const adminThroughFront = sameSessionOn(adminOnB, front!.baseUrl);
  for (let n = 0; n < 6; n++) {
    expect((await fetch(new URL('/readyz', front!.baseUrl))).status).toBe(200);
    const unread = await adminThroughFront.http(adminThroughFront.url('business', 'project/message/count'), {
      throwHttpErrors: false,
    });
    expect(unread.status).toBe(200);
  }

  request.end(body.subarray(10));
  const answer = await answered;
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.text)).toMatchObject({ success: true });
  // And B goes: its process ends on its own once the request is answered.
  await expect
    .poll(
      () => {
        try {
          process.kill(b!.pid, 0);
          return 'running';
        } catch {
          return 'gone';
        }
      },
      { timeout: 10_000 },
    )
    .toBe('gone');
});
