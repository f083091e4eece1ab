import type { Config } from './config';
import type { Database } from './db/database';
import type { Logger } from './lib/logger';
import type { PageCache } from './lib/page-cache';
import type { FileStorage } from './storage/storage';

/** What every module's routes and services may use; built once in server/main.ts (or a test). */
export interface AppContext {
  config: Config;
  db: Database;
  logger: Logger;
  storage: FileStorage;
  /** Throws when the database does not answer (health check). */
  pingDatabase: () => Promise<void>;
  /** The front cache of hall pages: writes call `pageCache.invalidate(tags)` (server/lib/page-cache.ts). */
  pageCache: PageCache;
  /**
   * Tests: every answer of a contract call is checked against its output schema, and one that does
   * not match is a 500 (server/lib/contracts.ts).
   */
  checkContractOutputs?: boolean;
  /**
   * LISTEN on a PostgreSQL NOTIFY channel (OpenDatabase.listen of server/db/client.ts); resolves to
   * the unsubscribe function. Absent in contexts without a database connection of their own.
   */
  listen?: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
}

/** Hono environment of the API app. */
export interface AppEnv {
  Variables: {
    requestId: string;
  };
}
