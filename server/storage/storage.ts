/**
 * File storage: content by opaque key; metadata (name, type, size) lives in the `files` table.
 * The default keeps files under DATA_DIR/files; a scaled deployment swaps in an S3-compatible store
 * behind the same interface.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface StoredObject {
  key: string;
  size: number;
  sha256: string;
}

export interface FileStorage {
  write(bytes: Uint8Array): Promise<StoredObject>;
  read(key: string): Promise<Buffer>;
  stream(key: string): Readable;
  remove(key: string): Promise<void>;
  /** Where the content lives, for backup tools. */
  readonly root: string;
}

const KEY_PATTERN = /^[0-9a-f]{2}\/[0-9a-f-]{36}$/;

export function createFsStorage(root: string): FileStorage {
  fs.mkdirSync(root, { recursive: true });

  function pathOf(key: string): string {
    // Keys are ours; the check keeps a tampered key from escaping the root.
    if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, key);
  }

  return {
    root,
    async write(bytes) {
      const id = randomUUID();
      const key = `${id.slice(0, 2)}/${id}`;
      const target = pathOf(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      // Atomic: write a temp file, fsync it, then rename over the final name.
      const temp = `${target}.${process.pid}.tmp`;
      const handle = await fsp.open(temp, 'wx');
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fsp.rename(temp, target);
      return { key, size: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
    },
    read: async (key) => fsp.readFile(pathOf(key)),
    stream: (key) => fs.createReadStream(pathOf(key)),
    async remove(key) {
      await fsp.rm(pathOf(key), { force: true });
    },
  };
}
