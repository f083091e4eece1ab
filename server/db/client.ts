/**
 * Opens the database: the embedded PGlite under DATA_DIR/pgdata by default, or a PostgreSQL server
 * when DATABASE_URL is set. Migrations run here, inside the app process, every start (they are
 * recorded, so a second run applies nothing).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Config } from '../config';
import type { Database } from './database';
import { lockDataDir } from './data-dir-lock';
import { checkReachable } from './database-unreachable';
import * as schema from './schema';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any fixed number: serializes migrations of several instances starting against one server. */
const MIGRATION_LOCK_KEY = 726_2026;

export interface OpenDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /**
   * Subscribes to a PostgreSQL NOTIFY channel (the page cache's invalidations); resolves to the
   * unsubscribe function. PGlite delivers in-process; on a server one dedicated connection listens.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** Checkpoints (embedded) and closes; releases the data-directory lock. Safe to call twice. */
  close(): Promise<void>;
}

export type DatabaseConfig = Pick<Config, 'dataDir' | 'databaseUrl' | 'dbPoolMax'>;

export function pgliteDataPath(dataDir: string): string {
  return path.join(dataDir, 'pgdata');
}

/** `onConnectionError`: an idle pooled connection failed (server restarted, network): log it. */
export async function openDatabase(
  config: DatabaseConfig,
  onConnectionError?: (error: Error) => void,
): Promise<OpenDatabase> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, config.dbPoolMax, onConnectionError)
    : openPglite(config.dataDir);
}

/**
 * Opens an embedded database; `dataDir` undefined means in memory (tests). `dump` (a dumpDataDir
 * tarball) starts it from that data instead of an empty cluster: tests copy a template made once.
 */
export async function openPglite(dataDir: string | undefined, dump?: Blob): Promise<OpenDatabase> {
  const lock = dataDir ? lockDataDir(dataDir) : undefined;
  let client: PGlite;
  try {
    client = new PGlite({ dataDir: dataDir ? pgliteDataPath(dataDir) : undefined, loadDataDir: dump });
    await client.waitReady;
    const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Database;
    await migratePglite(db as never, { migrationsFolder });
    let closed = false;
    return {
      db,
      kind: 'pglite',
      ping: async () => {
        await client.query('select 1');
      },
      listen: async (channel, onPayload) => {
        const unlisten = await client.listen(channel, onPayload);
        return async () => {
          if (!closed) await unlisten();
        };
      },
      close: async () => {
        if (closed) return;
        closed = true;
        try {
          // fsync is off in PGlite: a checkpoint writes everything into the data files before exit.
          await client.exec('CHECKPOINT');
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

export async function openPostgres(
  url: string,
  poolMax = 10,
  onConnectionError: (error: Error) => void = () => {},
): Promise<OpenDatabase> {
  await checkReachable(url);
  // JIT off: our statements are short, and PostgreSQL's cost model compiled the city-wide statistics
  // aggregates over 100,000 projects, which spent about 1 s of a 2.5 s query compiling (issue 25).
  const pool = new pg.Pool({ connectionString: url, max: poolMax, options: '-c jit=off' });
  // Without a listener, an error on an idle connection would crash the process; the pool replaces it.
  pool.on('error', onConnectionError);
  try {
    const connection = await pool.connect();
    try {
      await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      try {
        await migratePg(drizzlePg({ client: connection, casing: 'snake_case' }), { migrationsFolder });
      } finally {
        await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      }
    } finally {
      connection.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Database;
  let closed = false;
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: async (channel, onPayload) => {
      const listener = await listenPostgres(url, channel, onPayload, onConnectionError);
      listeners.add(listener);
      return async () => {
        listeners.delete(listener);
        await listener();
      };
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

/**
 * LISTEN on a connection of its own, outside the pool (a pooled connection would be handed to other
 * queries). A lost connection is replaced after a second; notifications sent meanwhile are lost, so
 * once reconnected the listener gets the payload `*` (whatever it keeps may be stale) and the loss
 * itself is reported through `onConnectionError`.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onConnectionError: (error: Error) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    next.on('error', (error) => {
      onConnectionError(error);
      void next.end().catch(() => {});
      if (!stopped && client === next) scheduleReconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    const reconnected = client === undefined && retry !== undefined;
    client = next;
    if (reconnected) onPayload('*');
  }

  function scheduleReconnect(): void {
    client = undefined;
    retry = setTimeout(() => {
      connect().catch((error: unknown) => {
        onConnectionError(error as Error);
        if (!stopped) scheduleReconnect();
      });
    }, 1000);
    retry.unref();
  }

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
