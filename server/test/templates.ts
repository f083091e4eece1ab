/**
 * Databases made once per test run and copied for every test context. Starting an empty embedded
 * cluster, migrating it and seeding the demo city cost seconds per test file; a copy costs a fraction
 * of that. A template is made by the first test file that asks for it (under a lock: files may run in
 * parallel workers) and kept in the run's directory (server/test/global-setup.ts): on PGlite a data-dir
 * dump, on PostgreSQL a database named with the run's prefix, which the global teardown drops with
 * every other database of the run. Each copy is a database of its own: nothing a test writes reaches
 * the template or another file.
 */
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { inject } from 'vitest';
import type { Database } from '../db/database';
import { migrationsFolder, openPostgres } from '../db/client';
import * as schema from '../db/schema';
import { seedDemo } from '../seed';
import { chinaDate } from '../seed/demo-context';
import { createFsStorage } from '../storage/storage';
import { createDatabase, databaseUrl, dropDatabase } from './postgres-admin';

/** What the global setup hands every test file: where templates live and how the run's databases are named. */
export interface TestRun {
  dir: string;
  /** Every PostgreSQL database of the run starts with it (templates and the copies). */
  prefix: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testRun: TestRun;
  }
}

/** The data a test context starts with: the migrated schema, plus the demo city when asked. */
export interface TestData {
  /** Seed the demo city (seedDemo) with this many projects. */
  demoProjects?: number;
}

/** A made template: the stored files its rows point at, and its database (a dump file or a database name). */
export interface Template {
  filesDir: string;
  pgliteDump?: string;
  postgresDatabase?: string;
}

/** This run's directory and database prefix (from server/test/global-setup.ts). */
export function testRun(): TestRun {
  const run = inject('testRun');
  if (!run) throw new Error('No test run: vitest.config.ts must name server/test/global-setup.ts');
  return run;
}

/**
 * The template for `data` on this backend. The demo city's dates count back from when its template is
 * made (seedDemo's default `now`), minutes before a test file copies it; a run going past midnight in
 * China makes a second one, so no file gets yesterday's city.
 */
export async function templateFor(backend: 'pglite' | 'postgres', data: TestData): Promise<Template> {
  const key =
    data.demoProjects === undefined
      ? `${backend}_migrated`
      : `${backend}_demo${data.demoProjects}_${chinaDate(new Date()).replaceAll('-', '')}`;
  const base = data.demoProjects === undefined ? undefined : await templateFor(backend, {});
  return await makeOnce(testRun().dir, key, async (dir) => {
    const filesDir = path.join(dir, 'files');
    if (base) fs.cpSync(base.filesDir, filesDir, { recursive: true });
    const storage = createFsStorage(filesDir);
    const seed = async (db: Database) => {
      if (data.demoProjects !== undefined)
        await seedDemo(db, { projects: data.demoProjects, storeFile: (bytes) => storage.write(bytes) });
    };
    return backend === 'pglite'
      ? { filesDir, pgliteDump: await makePgliteDump(dir, base?.pgliteDump, seed) }
      : { filesDir, postgresDatabase: await makePostgresTemplate(key, base?.postgresDatabase, seed) };
  });
}

/** Migrates (or loads `baseDump`), lets `fill` write, and dumps the data dir into `dir`. */
async function makePgliteDump(
  dir: string,
  baseDump: string | undefined,
  fill: (db: Database) => Promise<void>,
): Promise<string> {
  const client = new PGlite({ loadDataDir: baseDump ? await readDump(baseDump) : undefined });
  try {
    const db = drizzle({ client, schema, casing: 'snake_case' });
    await migrate(db, { migrationsFolder });
    // The same cast as server/db/client.ts: the app's Database type spans both drivers.
    await fill(db as unknown as Database);
    // Compressed: a test file reads 6 MB instead of 45 (and leaves that much less garbage behind).
    const target = path.join(dir, 'pgdata.tar.gz');
    fs.writeFileSync(target, Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer()));
    return target;
  } finally {
    await client.close();
  }
}

/** A dump file as loadDataDir takes it (read when PGlite loads it). */
export async function readDump(file: string): Promise<Blob> {
  return await fs.openAsBlob(file, { type: 'application/x-gzip' });
}

/** Creates the template database (a copy of `base`, or migrated), lets `fill` write, and closes it. */
async function makePostgresTemplate(
  key: string,
  base: string | undefined,
  fill: (db: Database) => Promise<void>,
): Promise<string> {
  const name = `${testRun().prefix}_${key}`;
  await createDatabase(name, base);
  try {
    const database = await openPostgres(databaseUrl(name), 4);
    try {
      await fill(database.db);
    } finally {
      await database.close();
    }
  } catch (error) {
    await dropDatabase(name);
    throw error;
  }
  return name;
}

/**
 * Runs `make` once per run for `key` (its result kept as `<key>.json` in the run's directory, its files
 * in `<key>/`); a second worker asking meanwhile waits for the first one's result.
 */
async function makeOnce(
  runDir: string,
  key: string,
  make: (dir: string) => Promise<Template>,
): Promise<Template> {
  const done = path.join(runDir, `${key}.json`);
  const lock = path.join(runDir, `${key}.lock`);
  for (;;) {
    if (fs.existsSync(done)) return JSON.parse(fs.readFileSync(done, 'utf8')) as Template;
    let isMaker = true;
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
    } catch {
      isMaker = false;
    }
    if (!isMaker) {
      await whileExists(runDir, lock, done);
      continue;
    }
    try {
      const dir = path.join(runDir, key);
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(dir);
      const template = await make(dir);
      fs.writeFileSync(`${done}.tmp`, JSON.stringify(template));
      fs.renameSync(`${done}.tmp`, done);
      return template;
    } finally {
      fs.rmSync(lock, { force: true });
    }
  }
}

/** Until the maker removes `lock` (done or failed), woken by the directory's change events. */
async function whileExists(dir: string, lock: string, done: string): Promise<void> {
  const watcher = fs.watch(dir);
  try {
    while (fs.existsSync(lock) && !fs.existsSync(done)) await once(watcher, 'change');
  } finally {
    watcher.close();
  }
}
