/**
 * `npm run db:backup [-- <dir>]` and `npm run db:restore -- <dir>` for the embedded database.
 * A backup is a folder with the PGlite data directory as a tarball plus a copy of the stored files.
 * Both need the server stopped (they take the data-directory lock). On a PostgreSQL server use
 * pg_dump / pg_restore instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../config';
import { openPglite, pgliteDataPath } from './client';
import { lockDataDir } from './data-dir-lock';

const DB_ARCHIVE = 'database.tar.gz';
const FILES_DIR = 'files';

function timestamp(): string {
  return new Date().toISOString().replace(/[:.]/g, '-');
}

export async function backup(dataDir: string, target: string): Promise<string> {
  const database = await openPglite(dataDir);
  try {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('gzip');
    fs.mkdirSync(target, { recursive: true });
    fs.writeFileSync(path.join(target, DB_ARCHIVE), Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  const files = path.join(dataDir, FILES_DIR);
  if (fs.existsSync(files)) fs.cpSync(files, path.join(target, FILES_DIR), { recursive: true });
  return target;
}

export async function restore(dataDir: string, source: string): Promise<string | undefined> {
  const archive = path.join(source, DB_ARCHIVE);
  if (!fs.existsSync(archive)) throw new Error(`No ${DB_ARCHIVE} in ${source}`);
  const lock = lockDataDir(dataDir);
  try {
    // Nothing is thrown away: the current data moves aside first.
    const pgdata = pgliteDataPath(dataDir);
    const files = path.join(dataDir, FILES_DIR);
    let keptAside: string | undefined;
    if (fs.existsSync(pgdata) || fs.existsSync(files)) {
      keptAside = path.join(dataDir, `before-restore-${timestamp()}`);
      fs.mkdirSync(keptAside, { recursive: true });
      if (fs.existsSync(pgdata)) fs.renameSync(pgdata, path.join(keptAside, 'pgdata'));
      if (fs.existsSync(files)) fs.renameSync(files, path.join(keptAside, FILES_DIR));
    }
    const client = new PGlite(pgdata, { loadDataDir: new Blob([fs.readFileSync(archive)]) });
    await client.waitReady;
    await client.exec('CHECKPOINT');
    await client.close();
    const savedFiles = path.join(source, FILES_DIR);
    if (fs.existsSync(savedFiles)) fs.cpSync(savedFiles, files, { recursive: true });
    return keptAside;
  } finally {
    lock.release();
  }
}

async function cli(): Promise<void> {
  const [command, dirArg] = process.argv.slice(2);
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(
      'DATABASE_URL is set: back up the PostgreSQL server with pg_dump, restore with pg_restore.',
    );
    process.exit(1);
  }
  if (command === 'backup') {
    const target = path.resolve(dirArg ?? path.join(path.dirname(config.dataDir), 'backups', timestamp()));
    await backup(config.dataDir, target);
    console.log(`Backup written to ${target}`);
  } else if (command === 'restore' && dirArg) {
    const keptAside = await restore(config.dataDir, path.resolve(dirArg));
    console.log(`Restored ${path.resolve(dirArg)} into ${config.dataDir}`);
    if (keptAside) console.log(`The previous data was moved to ${keptAside}`);
  } else {
    console.error('Usage: npm run db:backup [-- <dir>] | npm run db:restore -- <dir>');
    process.exit(2);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  try {
    await cli();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
