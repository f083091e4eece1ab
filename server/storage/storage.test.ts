/**
 * The storage interface on both back ends (issue 26): the local disk and an S3-compatible store (a real
 * s3rver on loopback). Each behaviour is asserted once and run against each.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLocalS3, type LocalS3 } from '../test/s3-server';
import { createS3Storage } from './s3-storage';
import { createFsStorage, MissingContentError, newStorageKey, type FileStorage } from './storage';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-test-'));
let s3: LocalS3 | undefined;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  fs.rmSync(root, { recursive: true, force: true });
  await s3?.stop();
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const keysOf = async (storage: FileStorage) => (await Array.fromAsync(storage.list())).map((o) => o.key);

const backEnds: [string, () => FileStorage][] = [
  ['local disk', () => createFsStorage(root)],
  ['S3-compatible store', () => createS3Storage(s3!.settings)],
];

describe.each(backEnds)('storage on the %s', (_, open) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = open();
  });

  it('writes bytes and reads them back by key, as a whole and as a stream', async () => {
    const bytes = new TextEncoder().encode('测绘成果 survey result');
    const stored = await storage.write(bytes);
    expect(stored).toMatchObject({ size: bytes.byteLength, sha256: sha256(bytes) });
    expect(Buffer.compare(await storage.read(stored.key), Buffer.from(bytes))).toBe(0);
    expect(Buffer.compare(await buffer(storage.stream(stored.key)), Buffer.from(bytes))).toBe(0);
    expect(Buffer.compare(await buffer(await storage.open(stored.key)), Buffer.from(bytes))).toBe(0);
    expect(await storage.sizeOf(stored.key)).toBe(bytes.byteLength);
    expect(await keysOf(storage)).toContain(stored.key);
  });

  it('says plainly when content is missing, removes content, and refuses keys it did not make', async () => {
    const stored = await storage.write(new Uint8Array([1, 2, 3]));
    await storage.remove(stored.key);
    await expect(storage.open(stored.key)).rejects.toBeInstanceOf(MissingContentError);
    await expect(buffer(storage.stream(stored.key))).rejects.toThrow();
    expect(await storage.sizeOf(stored.key)).toBeUndefined();
    expect(await keysOf(storage)).not.toContain(stored.key);
    await expect(storage.read('../../etc/passwd')).rejects.toThrow(/Invalid storage key/);
  });

  it('streams content in with its hash, under a given key when copying, and stores nothing when the source fails', async () => {
    // Over one multipart part of the object store (8 MiB), so both paths are taken.
    const parts = [new Uint8Array(9 * 1024 * 1024).fill(7), new TextEncoder().encode('末尾')];
    const whole = Buffer.concat(parts);
    const stored = await storage.writeStream(
      (async function* () {
        yield* parts;
      })(),
    );
    expect(stored).toMatchObject({ size: whole.byteLength, sha256: sha256(whole) });
    expect(sha256(await storage.read(stored.key))).toBe(sha256(whole));

    const key = newStorageKey();
    expect(await storage.writeStream(Readable.from([whole.subarray(0, 10)]), { key })).toMatchObject({
      key,
      size: 10,
    });

    const before = await keysOf(storage);
    await expect(
      storage.writeStream(
        (async function* () {
          yield parts[0]!;
          throw new Error('connection lost');
        })(),
      ),
    ).rejects.toThrow('connection lost');
    expect(await keysOf(storage)).toEqual(before);
  });

  it('answers the readiness check while the store is there', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });
});

it('leaves no temporary files on the local disk', async () => {
  const storage = createFsStorage(root);
  const stored = await storage.write(new Uint8Array([9]));
  const leftovers = fs.readdirSync(path.join(root, stored.key.slice(0, 2))).filter((n) => n.endsWith('.tmp'));
  expect(leftovers).toEqual([]);
});

it('flushes a streamed object and the folder entry naming it before answering on the local disk', async () => {
  // FileHandle.sync is node's fsync: counting the calls is what can be seen of a flush without
  // cutting the power. Without the flushes an acknowledged upload chunk could vanish in a crash.
  const probe = await fs.promises.open(path.join(root, 'probe'), 'w');
  const handleType = Object.getPrototypeOf(probe) as { sync(): Promise<void> };
  await probe.close();
  const sync = vi.spyOn(handleType, 'sync');
  try {
    const storage = createFsStorage(root);
    await storage.writeStream(Readable.from([new Uint8Array(1000).fill(3)]));
    expect(sync).toHaveBeenCalledTimes(2);
    await storage.write(new Uint8Array([4]));
    expect(sync).toHaveBeenCalledTimes(4);
  } finally {
    sync.mockRestore();
  }
});

it('fails the readiness check when the object store is unreachable', async () => {
  const gone = createS3Storage({ ...s3!.settings, endpoint: 'http://127.0.0.1:9', bucket: 'survey-files' });
  await expect(gone.check()).rejects.toThrow();
});
