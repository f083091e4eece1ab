/**
 * A fresh database and AppContext per test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server of TEST_DATABASE_URL when the suite runs in its `postgres` project. Either is
 * a copy of a template made once per run (server/test/templates.ts): migrated, and with the demo city
 * when asked. Created databases are dropped at the end; nothing else on the server is touched.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import type { AppContext, ServiceSettings } from '../app-context';
import { withServices } from '../services';
import { listenForDataChanges } from '../data-changes';
import type { Database } from '../db/database';
import { openPglite, openPostgres, type OpenDatabase } from '../db/client';
import { createLogger } from '../lib/logger';
import { createPageCache } from '../lib/page-cache';
import { createFsStorage } from '../storage/storage';
import { createDatabase, databaseUrl, dropDatabase } from './postgres-admin';
import { readDump, templateFor, testRun, type TestData } from './templates';

export type { TestData } from './templates';

export interface TestContext extends AppContext {
  /** LISTEN on the test database (what a second instance would do). */
  listen: OpenDatabase['listen'];
  /**
   * Resolves once every notification committed before the call (page_cache, sessions, messages,
   * data_changes) has reached each of this context's listeners. PostgreSQL delivers them on a connection
   * of their own a moment after the commit, so an earlier test's write may still be on its way: await
   * this before watching what notifications do.
   */
  notificationsDelivered(): Promise<void>;
  /** Drops what the context created. */
  dispose(): Promise<void>;
}

async function openTestDatabase(
  data: TestData,
  filesDir: string,
): Promise<{ database: OpenDatabase; drop: () => Promise<void> }> {
  const onServer = process.env.TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
  const template = await templateFor(onServer ? 'postgres' : 'pglite', data);
  fs.cpSync(template.filesDir, filesDir, { recursive: true });
  if (!template.postgresDatabase) {
    const dump = template.pgliteDump ? await readDump(template.pgliteDump) : undefined;
    return { database: await openPglite(undefined, dump), drop: async () => {} };
  }
  const name = `${testRun().prefix}_${randomBytes(6).toString('hex')}`;
  await createDatabase(name, template.postgresDatabase);
  const database = await openPostgres(databaseUrl(name), 4);
  return { database, drop: () => dropDatabase(name) };
}

/** Marks sent by notificationsDelivered: no real payload looks like one, and none is passed on. */
const DELIVERY_MARK = 'test-context:delivered:';

/**
 * `listen` that passes every payload on but the delivery marks, and `delivered()`, which sends a mark
 * on every channel listened to and waits until each listener got it: notifications on one channel
 * arrive in commit order, so everything committed before has arrived too.
 */
function markedListen(listen: OpenDatabase['listen'], db: () => Database) {
  const listeners = new Set<{ channel: string; awaited: Map<string, () => void> }>();
  return {
    listen: (async (channel, onPayload) => {
      const listener = { channel, awaited: new Map<string, () => void>() };
      const stop = await listen(channel, (payload) => {
        if (!payload.startsWith(DELIVERY_MARK)) return onPayload(payload);
        listener.awaited.get(payload)?.();
        listener.awaited.delete(payload);
      });
      listeners.add(listener);
      return async () => {
        listeners.delete(listener);
        for (const arrived of listener.awaited.values()) arrived();
        await stop();
      };
    }) satisfies OpenDatabase['listen'],
    async delivered(): Promise<void> {
      const mark = `${DELIVERY_MARK}${randomUUID()}`;
      const arrivals = [...listeners].map(
        (listener) => new Promise<void>((resolve) => listener.awaited.set(mark, resolve)),
      );
      for (const channel of new Set([...listeners].map((listener) => listener.channel)))
        await db().execute(sql`select pg_notify(${channel}, ${mark})`);
      await Promise.all(arrivals);
    },
  };
}

/**
 * A context on a database of its own. `data`: what the database holds at the start (the migrated
 * schema; `demoProjects` adds the demo city with that many projects, its files in the storage).
 */
export async function createTestContext(
  env: Record<string, string> = {},
  services: Partial<ServiceSettings> = {},
  data: TestData = {},
): Promise<TestContext> {
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'survey-files-'));
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: filesDir, ...env });
  const { database, drop } = await openTestDatabase(data, filesDir);
  const notifications = markedListen(database.listen, () => database.db);
  const pageCache = createPageCache();
  let stopListening = async () => {};
  const ctx = withServices(
    {
      config,
      db: database.db,
      logger: createLogger(config),
      storage: createFsStorage(filesDir),
      pingDatabase: database.ping,
      pageCache,
      checkCallOutputs: true,
      listen: notifications.listen,
      notificationsDelivered: notifications.delivered,
      async dispose() {
        await stopListening();
        await database.close();
        await drop();
        fs.rmSync(filesDir, { recursive: true, force: true });
      },
    },
    services,
  );
  stopListening = await listenForDataChanges(notifications.listen, ctx);
  return ctx;
}
