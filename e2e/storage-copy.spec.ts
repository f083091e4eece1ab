/**
 * Moving an installation to an object store (issue 26): the demo's stored files are copied from the
 * local disk to an S3-compatible store (s3rver on loopback) with `npm run storage:copy -- --to s3`,
 * the local copies are taken away, and the product started with STORAGE=s3 serves every file from the
 * store with the same bytes.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startLocalS3 } from '@server/test/s3-server';
import { startServer } from './fixtures/server';

const root = path.join(import.meta.dirname, '..');

async function publicDownloads(baseUrl: string): Promise<Map<number, string>> {
  const list = (await (await fetch(`${baseUrl}/smsend/download/query?page=1&rows=50`)).json()) as {
    rows: { pkid: number }[];
  };
  const hashes = new Map<number, string>();
  for (const { pkid: id } of list.rows) {
    const response = await fetch(`${baseUrl}/smsend/download/file/${id}`);
    expect(response.status, `download ${id}`).toBe(200);
    hashes.set(
      id,
      createHash('sha256')
        .update(new Uint8Array(await response.arrayBuffer()))
        .digest('hex'),
    );
  }
  return hashes;
}

test('storage:copy moves the demo files to the object store and the product serves them from there', async () => {
  test.setTimeout(300_000);
  const s3 = await startLocalS3('survey-moved');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'survey-e2e-copy-'));
  try {
    const onDisk = await startServer({ root, dataDir, env: { SEED_PROJECTS: '30' } });
    const before = await publicDownloads(onDisk.baseUrl);
    await onDisk.stop();
    expect(before.size, 'the demo has public downloads').toBeGreaterThan(0);

    const s3Env = s3.environment;
    const projectNode = path.join(root, 'node_modules', '.bin', 'node');
    // Asynchronously: the store answers from this process, so it must not be blocked while the copy runs.
    const copy = await promisify(execFile)(
      existsSync(projectNode) ? projectNode : process.execPath,
      ['--import', 'tsx', 'server/storage/copy.ts', '--to', 's3'],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir, ...s3Env }, encoding: 'utf8', timeout: 120_000 },
    );
    expect(copy.stdout).toMatch(/copied [1-9]\d* .*failed 0/);

    // The local copies go away: what is served now comes from the store.
    await rename(path.join(dataDir, 'files'), path.join(dataDir, 'files-before-the-move'));
    const onStore = await startServer({ root, dataDir, env: { SEED_PROJECTS: '30', ...s3Env } });
    try {
      expect(await publicDownloads(onStore.baseUrl)).toEqual(before);
    } finally {
      await onStore.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    await s3.stop();
  }
});
