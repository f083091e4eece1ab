import type { Config } from './config';
import type { Database } from './db/database';
import type { Logger } from './lib/logger';
import type { FileStorage } from './storage/storage';

/** What every module's routes and services may use; built once in server/main.ts (or a test). */
export interface AppContext {
  config: Config;
  db: Database;
  logger: Logger;
  storage: FileStorage;
  /** Throws when the database does not answer (health check). */
  pingDatabase: () => Promise<void>;
}

/** Hono environment of the API app. */
export interface AppEnv {
  Variables: {
    requestId: string;
  };
}
