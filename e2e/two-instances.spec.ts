/**
 * Scale-out (issue 26): two instances of the server on one PostgreSQL database and one S3-compatible
 * store (s3rver on loopback), behind the shipped nginx front with both in its upstream, sharing one
 * folder of page files. A file uploaded through A downloads through B with the same sha256; the chunks
 * of one upload alternate between A and B and any of them merges; a notice changed through B drops the
 * page file nginx answers from, at once; a message sent through A reaches a browser connected to B.
 *
 * Needs a PostgreSQL server (TEST_DATABASE_URL, which .ci/run provides) and nginx; the test creates
 * its own database and drops it after.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startLocalS3, type LocalS3 } from '@server/test/s3-server';
import { createDatabase, databaseUrl, dropDatabase } from '@server/test/postgres-admin';
import { sameSessionOn, signInToConsole, signedInClient } from './fixtures/identity';
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
