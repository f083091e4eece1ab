/**
 * File storage: content by opaque key; metadata (name, type, size) lives in the `files` table.
 * The default keeps files under DATA_DIR/files; a scaled deployment uses an S3-compatible store behind
 * the same interface (./s3-storage.ts, chosen by STORAGE=s3: ./open-storage.ts).
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
  /**
   * Stores what `source` yields, as it comes (never held whole: a merged 50 MB upload streams through),
   * hashing it on the way (a sync iterable of pieces already in memory too). Atomic like `write`:
   * nothing is stored under the key unless all of it was. Durable like `write`: once it resolves the content survives a crash or a power cut (an upload's
   * chunk is acknowledged to the client, which will not send it again, right after).
   */
  writeStream(
    source: AsyncIterable<Uint8Array> | Iterable<Uint8Array> | Readable,
    options?: WriteOptions,
  ): Promise<StoredObject>;
  read(key: string): Promise<Buffer>;
  stream(key: string): Readable;
  /**
   * The content as a stream, opened before anything is answered: rejects with
   * {@link MissingContentError} when the bytes are not there (a download must not answer 200 with an
   * empty body, issue 21).
   */
  open(key: string): Promise<Readable>;
  remove(key: string): Promise<void>;
  /** The size of the content under `key`, or undefined when there is none. */
  sizeOf(key: string): Promise<number | undefined>;
  /** Every stored key with its size (moving an installation between stores: scripts/storage-copy.ts). */
  list(): AsyncIterable<{ key: string; size: number }>;
  /** Rejects when the store cannot be reached (the readiness check of a load balancer). */
  check(): Promise<void>;
  /** Where the content lives (a directory, or s3://bucket), for operators and backup tools. */
  readonly root: string;
}

export interface WriteOptions {
  /** Store under this existing key instead of a new one: only for copying between stores. */
  key?: string;
}

/** A file row whose bytes are not in the storage (lost, or written by an instance with another root). */
export class MissingContentError extends Error {
  readonly key: string;
  constructor(key: string, options?: ErrorOptions) {
    super(`stored file content missing: ${key}`, options);
    this.key = key;
    this.name = 'MissingContentError';
  }
}

const KEY_PATTERN = /^[0-9a-f]{2}\/[0-9a-f-]{36}$/;

/** A new key: a random UUID under a folder of its first two digits (256 folders, none too full). */
export function newStorageKey(): string {
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id}`;
}

/** Keys are ours; the check keeps a tampered key from escaping the root or naming another object. */
export function checkedStorageKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${key}`);
  return key;
}

/**
 * Makes a rename into `folder` survive a power cut: the file's own fsync covers its bytes, not the
 * directory entry naming it. Some platforms cannot open a directory for a sync (Windows): there the
 * rename is as durable as the platform makes it.
 */
async function syncFolder(folder: string): Promise<void> {
  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(folder, 'r');
  } catch (error) {
    if (['EISDIR', 'EPERM', 'EACCES'].includes((error as NodeJS.ErrnoException).code ?? '')) return;
    throw error;
  }
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** What a write under way lets the reading run ahead by (the most a write holds: twice this). */
const WRITE_BATCH_BYTES = 1024 * 1024;

/**
 * Writes what `source` yields into `handle`, reading on while the previous batch is written: an upload
 * arrives from the socket while the disk takes what came before, so the slower of the two sets the
 * pace, not their sum. Answers the bytes written; `seen` gets each piece first (the hash).
 */
async function writeOverlapped(
  handle: fsp.FileHandle,
  source: AsyncIterable<Uint8Array>,
  seen: (piece: Uint8Array) => void,
): Promise<number> {
  // Settles with the write's error rather than rejecting, so a failure is not unhandled meanwhile.
  let writing: Promise<unknown> = Promise.resolve(null);
  let batch: Uint8Array[] = [];
  let batched = 0;
  let size = 0;
  const flush = async () => {
    const failed = await writing;
    if (failed) throw failed;
    const pieces = batch;
    batch = [];
    batched = 0;
    writing = handle.writev(pieces).then(
      () => null,
      (error: unknown) => error ?? new Error('write failed'),
    );
  };
  try {
    for await (const piece of source) {
      seen(piece);
      size += piece.byteLength;
      batch.push(piece);
      batched += piece.byteLength;
      if (batched >= WRITE_BATCH_BYTES) await flush();
    }
    if (batch.length > 0) await flush();
  } catch (error) {
    // The handle is closed after this: no write may still be under way.
    await writing;
    throw error;
  }
  const failed = await writing;
  if (failed) throw failed;
  return size;
}

export function createFsStorage(root: string): FileStorage {
  fs.mkdirSync(root, { recursive: true });

  const pathOf = (key: string) => path.join(root, checkedStorageKey(key));

  async function targetOf(key = newStorageKey()): Promise<{ key: string; target: string }> {
    const target = pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    return { key, target };
  }

  return {
    root,
    async write(bytes) {
      const { key, target } = await targetOf();
      // Atomic: write a temp file, fsync it, then rename over the final name and fsync the folder.
      const temp = `${target}.${process.pid}.tmp`;
      const handle = await fsp.open(temp, 'wx');
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fsp.rename(temp, target);
      await syncFolder(path.dirname(target));
      return { key, size: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
    },
    async writeStream(source, { key: given } = {}) {
      const { key, target } = await targetOf(given);
      const temp = `${target}.${process.pid}.tmp`;
      const handle = await fsp.open(temp, 'wx');
      const hash = createHash('sha256');
      let size: number;
      try {
        size = await writeOverlapped(handle, source as AsyncIterable<Uint8Array>, (piece) =>
          hash.update(piece),
        );
        // Two fsyncs per object (the file, then its folder after the rename): a few milliseconds on a
        // local disk, the price of a chunk acknowledged to the client surviving a crash.
        await handle.sync();
      } catch (error) {
        await handle.close().catch(() => {});
        await fsp.rm(temp, { force: true });
        throw error;
      }
      await handle.close();
      await fsp.rename(temp, target);
      await syncFolder(path.dirname(target));
      return { key, size, sha256: hash.digest('hex') };
    },
    read: async (key) => fsp.readFile(pathOf(key)),
    stream: (key) => fs.createReadStream(pathOf(key)),
    async open(key) {
      try {
        const handle = await fsp.open(pathOf(key), 'r');
        return handle.createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT')
          throw new MissingContentError(key, { cause: error });
        throw error;
      }
    },
    async remove(key) {
      await fsp.rm(pathOf(key), { force: true });
    },
    async sizeOf(key) {
      const stat = await fsp.stat(pathOf(key)).catch(() => undefined);
      return stat?.isFile() ? stat.size : undefined;
    },
    async *list() {
      for (const folder of (await fsp.readdir(root)).sort()) {
        if (!/^[0-9a-f]{2}$/.test(folder)) continue;
        for (const name of (await fsp.readdir(path.join(root, folder))).sort()) {
          const key = `${folder}/${name}`;
          // Temporary files of writes under way are not content.
          if (!KEY_PATTERN.test(key)) continue;
          const stat = await fsp.stat(path.join(root, key)).catch(() => undefined);
          if (stat?.isFile()) yield { key, size: stat.size };
        }
      }
    },
    async check() {
      await fsp.access(root, fs.constants.W_OK);
    },
  };
}
