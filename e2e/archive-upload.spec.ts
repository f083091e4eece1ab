/**
 * The archive's resumable chunked upload in Chromium with the console's real uploader (simple-uploader.js,
 * issue 22): staff01 opens a case it works on (/workflow/myDetials) and uploads a file of eight chunks;
 * the server is stopped after three chunks and started again on the same address, data directory and
 * database; the upload goes on (by itself, or with 重试 when the outage outlasted its retries) and
 * sends only the missing chunks: every chunk is stored by exactly one answered POST. The stored file's
 * sha256, in the list and of its download, is the original's.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { accessibilityViolations } from './fixtures/a11y';
import { screenshotPath } from './fixtures/hall';
import { signInToConsole } from './fixtures/identity';
import { findFreePort, startServer, type StartedServer } from './fixtures/server';

const CHUNK_MB = '0.25';
const CHUNK = 256 * 1024;
const CHUNKS = 8;

let dataDir = '';
let server: StartedServer | undefined;
test.afterAll(async () => {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

interface FolderList {
  data: { files: { id: number; name: string; sha256: string; size: number }[]; canWrite: boolean };
}

/** A case of agency01 that staff01 is assigned to (its folder is writable for staff01). */
async function writableCase(page: Page): Promise<number> {
  const cases = (await (await page.request.get('/smsend/project/case/query?rows=50')).json()) as {
    rows: { caseId: number }[];
  };
  for (const { caseId } of cases.rows) {
    const folder = (await (
      await page.request.get(`/archive/findList.json?dirid=case:${caseId}`)
    ).json()) as FolderList;
    if (folder.data.canWrite) return caseId;
  }
  throw new Error('staff01 works on no case of the demo data');
}

/** The chunkNumber field of a chunk POST's multipart body. */
function chunkNumberOf(body: string | null): number {
  const match = /name="chunkNumber"\r\n\r\n(\d+)/.exec(body ?? '');
  return match ? Number(match[1]) : -1;
}

test('staff upload a file in chunks; the server restarts in the middle; only the missing chunks are sent', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  dataDir = await mkdtemp(path.join(tmpdir(), 'survey-e2e-archive-'));
  const root = process.cwd();
  const port = await findFreePort();
  const env = { ARCHIVE_CHUNK_MB: CHUNK_MB };
  server = await startServer({ root, dataDir, port, env });

  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 1366, height: 900 },
  });
  const page = await context.newPage();
  await signInToConsole(page, 'staff01', '/workbench/home');
  const caseId = await writableCase(page);
  await page.goto(`/workflow/myDetials?id=${caseId}`);
  await expect(page.getByRole('heading', { name: '上传文件' })).toBeVisible();
  expect(await accessibilityViolations(page, 'main')).toEqual([]);

  // A PDF of eight chunks and a bit (the last chunk takes the rest).
  const bytes = randomBytes(CHUNKS * CHUNK + 4321);
  bytes.write('%PDF-1.7\n', 0, 'latin1');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const name = `竣工测量成果报告${Date.now() % 100000}.pdf`;

  // Every chunk POST: its number and, when answered, the status. The first three chunk POSTs go
  // through; later ones wait until the server has stopped, so the restart falls in the middle
  // however fast the machine is.
  const answered: { chunk: number; status: number; afterRestart: boolean }[] = [];
  let restarted = false;
  let passed = 0;
  let openGate = () => {};
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  await page.route('**/archive/upload', async (route) => {
    if (route.request().method() === 'POST' && ++passed > 3) await gate;
    await route.continue().catch(() => {});
  });
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/archive/upload')
      answered.push({
        chunk: chunkNumberOf(request.postData()),
        status: response.status(),
        afterRestart: restarted,
      });
  });

  await page
    .getByLabel('选择文件', { exact: true })
    .setInputFiles({ name, mimeType: 'application/pdf', buffer: bytes });
  await expect(page.getByRole('status').filter({ hasText: /正在上传/ })).toBeVisible();
  await page.screenshot({ path: screenshotPath('archive-upload-progress-1366'), fullPage: true });

  // Three chunks in, the server goes down and comes back on the same address and data.
  await expect
    .poll(() => answered.filter((a) => a.status === 200).length, { timeout: 60_000 })
    .toBeGreaterThanOrEqual(3);
  await server.stop();
  const storedBefore = answered.filter((a) => a.status === 200).length;
  expect(storedBefore).toBe(3);
  restarted = true;
  openGate();
  server = await startServer({ root, dataDir, port, env });

  // The uploader retries by itself; when the outage outlasted its retries, 重试 resumes.
  const done = page.getByRole('status').filter({ hasText: '上传成功' });
  await expect(async () => {
    const retry = page.getByRole('button', { name: `重试 ${name}` });
    if (await retry.isVisible()) await retry.click();
    await expect(done).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 120_000 });

  // Each chunk stored by exactly one answered POST; after the restart only the missing ones went.
  const stored = answered.filter((a) => a.status === 200).map((a) => a.chunk);
  expect([...stored].sort((a, b) => a - b)).toEqual(Array.from({ length: CHUNKS }, (_, i) => i + 1));
  expect(answered.filter((a) => a.afterRestart && a.status === 200)).toHaveLength(CHUNKS - storedBefore);

  // The stored file is the original: its recorded sha256 and its download's.
  const folder = (await (
    await page.request.get(`/archive/findList.json?dirid=case:${caseId}`)
  ).json()) as FolderList;
  const record = folder.data.files.find((file) => file.name === name)!;
  expect(record).toMatchObject({ size: bytes.length, sha256 });
  const download = await page.request.get(`/archive/download/${record.id}`);
  expect(
    createHash('sha256')
      .update(await download.body())
      .digest('hex'),
  ).toBe(sha256);

  // The list shows it, with preview and download links.
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
  await expect(page.getByRole('link', { name: `下载 ${name}` })).toBeVisible();
  await page.screenshot({ path: screenshotPath('archive-upload-done-1366'), fullPage: true });
  expect(await accessibilityViolations(page, 'main')).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: screenshotPath('archive-upload-done-390'), fullPage: true });
  await context.close();
});
