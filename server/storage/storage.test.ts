import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFsStorage } from './storage';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-test-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('filesystem storage', () => {
  const storage = createFsStorage(root);

  it('writes bytes atomically and reads them back by key', async () => {
    const bytes = new TextEncoder().encode('测绘成果 survey result');
    const stored = await storage.write(bytes);
    expect(stored.size).toBe(bytes.byteLength);
    expect(stored.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(Buffer.compare(await storage.read(stored.key), Buffer.from(bytes))).toBe(0);
    const leftovers = fs
      .readdirSync(path.join(root, stored.key.slice(0, 2)))
      .filter((name) => name.endsWith('.tmp'));
    expect(leftovers).toEqual([]);
  });

  it('removes content and refuses keys that could escape its root', async () => {
    const stored = await storage.write(new Uint8Array([1, 2, 3]));
    await storage.remove(stored.key);
    await expect(storage.read(stored.key)).rejects.toThrow();
    await expect(storage.read('../../etc/passwd')).rejects.toThrow(/Invalid storage key/);
  });

  it('streams content into storage with its hash, and stores nothing when the source fails', async () => {
    const parts = [new Uint8Array(300_000).fill(7), new TextEncoder().encode('末尾')];
    const stored = await storage.writeStream(
      (async function* () {
        yield* parts;
      })(),
    );
    const whole = Buffer.concat(parts);
    expect(stored.size).toBe(whole.byteLength);
    expect(stored.sha256).toBe(createHash('sha256').update(whole).digest('hex'));
    expect(Buffer.compare(await storage.read(stored.key), whole)).toBe(0);

    const storedFiles = () =>
      fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
    const before = storedFiles();
    await expect(
      storage.writeStream(
        (async function* () {
          yield parts[0]!;
          throw new Error('connection lost');
        })(),
      ),
    ).rejects.toThrow('connection lost');
    expect(storedFiles()).toBe(before);
  });
});
