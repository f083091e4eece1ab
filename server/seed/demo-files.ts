/** Demo files written through the storage (`storeFile`), and their `files` rows. */
import { createHash } from 'node:crypto';
import type { Queryable } from '@server/db/database';
import * as schema from '@server/db/schema';
import type { StoreFile } from './index';

/** Writes bytes through the storage; answers what a `files` row or a layer's data file records. */
export async function storeBytes(storeFile: StoreFile, bytes: Uint8Array, name: string, contentType: string) {
  const { key } = await storeFile(bytes, name, contentType);
  return { key, size: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** Writes a file through the storage and records its `files` row; answers what refers to it. */
export async function storeDemoFile(
  t: Queryable,
  storeFile: StoreFile,
  file: { name: string; contentType: string; bytes: Uint8Array; createdBy?: number | null; at: Date },
) {
  const stored = await storeBytes(storeFile, file.bytes, file.name, file.contentType);
  const [row] = await t
    .insert(schema.files)
    .values({
      originalName: file.name,
      contentType: file.contentType,
      size: stored.size,
      sha256: stored.sha256,
      storageKey: stored.key,
      createdBy: file.createdBy ?? null,
      createdAt: file.at,
    })
    .returning({ fileId: schema.files.id });
  return { fileId: row!.fileId, name: file.name, size: stored.size };
}
