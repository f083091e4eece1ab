/**
 * `npm run storage:copy`: every stored object moves between the local disk and an S3-compatible store
 * (a real s3rver on loopback) under the same key, checked by size and sha256; a second run finds
 * everything there; an object that differs at the destination is copied again; and back.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../test/s3-server';
import { copyStorage, main } from './copy';
import { createS3Storage } from './s3-storage';
import { createFsStorage, type FileStorage } from './storage';

const roots = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'storage-copy-')));
let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3('survey-copy');
});
afterAll(async () => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
  await s3.stop();
});

async function contents(storage: FileStorage): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for await (const { key } of storage.list()) found.set(key, (await storage.read(key)).toString('base64'));
  return found;
}

it('copies every object from disk to the store and back, resumes, and recopies what differs', async () => {
  const disk = createFsStorage(roots[0]!);
  const store = createS3Storage(s3.settings);
  const written = [];
  for (let i = 0; i < 5; i++)
    written.push(await disk.write(new TextEncoder().encode(`成果文件 ${i} `.repeat(i * 999 + 1))));
  written.push(await disk.write(new Uint8Array(0)));

  const first = await copyStorage(disk, store);
  expect(first).toMatchObject({ copied: 6, alreadyThere: 0, failed: [] });
  expect(await contents(store)).toEqual(await contents(disk));

  expect(await copyStorage(disk, store)).toMatchObject({ copied: 0, alreadyThere: 6, failed: [] });

  // Same size, other bytes at the destination: found by the hash, copied again.
  const changed = written[1]!;
  await store.writeStream(Readable.from([new Uint8Array(changed.size).fill(1)]), { key: changed.key });
  expect(await copyStorage(disk, store)).toMatchObject({ copied: 1, alreadyThere: 5 });
  expect(await contents(store)).toEqual(await contents(disk));

  const back = createFsStorage(roots[1]!);
  expect(await copyStorage(store, back)).toMatchObject({ copied: 6, failed: [] });
  expect(await contents(back)).toEqual(await contents(disk));
});

it('reports an object it could not copy and goes on with the others', async () => {
  const disk = createFsStorage(roots[0]!);
  const failing: FileStorage = {
    ...createS3Storage(s3.settings),
    sizeOf: async () => undefined,
    writeStream: async () => {
      throw new Error('store refused');
    },
  };
  const report = await copyStorage(disk, failing);
  expect(report.copied).toBe(0);
  expect(report.failed.length).toBe(6);
  expect(report.failed[0]!.reason).toBe('store refused');
});

it('names its two directions when called without one', async () => {
  expect(await main([])).toBe(2);
});
