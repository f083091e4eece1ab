/**
 * A fresh database and AppContext per test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server of TEST_DATABASE_URL when the suite runs in its `postgres` project. Created
 * databases are dropped at the end; nothing else on the server is touched.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../config';
import type { AppContext, ServiceSettings } from '../app-context';
import { withServices } from '../services';
import { listenForDataChanges } from '../data-changes';
import { openPglite, openPostgres, type OpenDatabase } from '../db/client';
import { createLogger } from '../lib/logger';
import { createPageCache } from '../lib/page-cache';
import { createFsStorage } from '../storage/storage';

export interface TestContext extends AppContext {
  /** LISTEN on the test database (what a second instance would do). */
  listen: OpenDatabase['listen'];
  /** Drops what the context created. */
  dispose(): Promise<void>;
}

function adminUrl(url: string): string {
  const parsed = new URL(url);
  parsed.pathname = '/postgres';
  return parsed.toString();
}

async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl(url) });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function openTestDatabase(): Promise<{ database: OpenDatabase; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres' || !serverUrl) {
    return { database: await openPglite(undefined), drop: async () => {} };
  }
  const name = `survey_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 4);
  return {
    database,
    drop: async () => {
      await withAdmin(serverUrl, async (client) => {
        // pool.end() resolves before its sockets are closed; a forced drop would then kill a closing
        // connection (57P01). Wait for the database's sessions to go first.
        for (let attempt = 0; attempt < 50; attempt++) {
          const { rows } = await client.query<{ sessions: number }>(
            'select count(*)::int as sessions from pg_stat_activity where datname = $1',
            [name],
          );
          if (rows[0]?.sessions === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await client.query(`drop database if exists ${name} with (force)`);
      });
    },
  };
}

export async function createTestContext(
  env: Record<string, string> = {},
  services: Partial<ServiceSettings> = {},
): Promise<TestContext> {
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'survey-files-'));
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: filesDir, ...env });
  const { database, drop } = await openTestDatabase();
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
      checkContractOutputs: true,
      listen: database.listen,
      async dispose() {
        await stopListening();
        await database.close();
        await drop();
        fs.rmSync(filesDir, { recursive: true, force: true });
      },
    },
    services,
  );
  stopListening = await listenForDataChanges(database.listen, ctx);
  return ctx;
}
