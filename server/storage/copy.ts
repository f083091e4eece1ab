/**
 * `npm run storage:copy -- --to s3` (or `--to fs`): moves an installation's stored files between the
 * local disk (DATA_DIR/files) and the object store configured by the S3_* settings (docs/operations.md).
 * Keys stay the same, so the database needs no change: set STORAGE to the destination and restart.
 *
 * Every object is streamed (never whole in memory), then read back from the destination and checked by
 * size and sha256 against the source. It can resume: an object already at the destination with the
 * same size and sha256 is left as it is. It reports what it copied, what was there and what failed,
 * and exits 1 when anything failed. Run it with the servers stopped, or again after they stopped, so
 * files written meanwhile are copied too.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { createS3Storage } from './s3-storage';
import { createFsStorage, type FileStorage } from './storage';

export interface CopyReport {
  copied: number;
  alreadyThere: number;
  failed: { key: string; reason: string }[];
  bytes: number;
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const piece of stream) hash.update(piece as Uint8Array);
  return hash.digest('hex');
}

/** Copies every object of `from` to `to`; `onProgress` hears after each object. */
export async function copyStorage(
  from: FileStorage,
  to: FileStorage,
  onProgress: (report: CopyReport, key: string) => void = () => {},
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, alreadyThere: 0, failed: [], bytes: 0 };
  for await (const { key, size } of from.list()) {
    try {
      // The source is read once more only when the destination might already hold it (same size).
      if (
        (await to.sizeOf(key)) === size &&
        (await sha256Of(await to.open(key))) === (await sha256Of(await from.open(key)))
      ) {
        report.alreadyThere += 1;
      } else {
        // writeStream hashes what it read from the source; the read-back is checked against that.
        const { sha256: sourceSha } = await to.writeStream(await from.open(key), { key });
        const [copiedSize, copiedSha] = [await to.sizeOf(key), await sha256Of(await to.open(key))];
        if (copiedSize !== size || copiedSha !== sourceSha)
          throw new Error(`verification failed: ${copiedSize} bytes, sha256 ${copiedSha}`);
        report.copied += 1;
        report.bytes += size;
      }
    } catch (error) {
      report.failed.push({ key, reason: (error as Error).message });
    }
    onProgress(report, key);
  }
  return report;
}

export async function main(argv = process.argv.slice(2)): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { to: { type: 'string' } } });
  if (values.to !== 's3' && values.to !== 'fs') {
    console.error('usage: npm run storage:copy -- --to s3   (local disk → object store)');
    console.error('       npm run storage:copy -- --to fs   (object store → local disk)');
    return 2;
  }
  // The object store's settings are read as for STORAGE=s3, whatever STORAGE says now.
  const config = loadConfig({ ...process.env, STORAGE: 's3' });
  if (config.storage.kind !== 's3') return 2;
  const disk = createFsStorage(path.join(config.dataDir, 'files'));
  const store = createS3Storage(config.storage);
  const [from, to] = values.to === 's3' ? [disk, store] : [store, disk];
  console.log(`copying ${from.root} → ${to.root}`);
  const started = performance.now();
  const report = await copyStorage(from, to, (progress) => {
    const done = progress.copied + progress.alreadyThere + progress.failed.length;
    if (done % 100 === 0) console.log(`  ${done} objects…`);
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `copied ${report.copied} (${(report.bytes / 1024 / 1024).toFixed(1)} MB), already there ${report.alreadyThere}, failed ${report.failed.length}, in ${seconds} s`,
  );
  for (const { key, reason } of report.failed) console.error(`  failed ${key}: ${reason}`);
  return report.failed.length > 0 ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
