import type { Config } from './config';
import type { Database } from './db/database';
import type { Logger } from './lib/logger';
import type { PageCache } from './lib/page-cache';
import type { ResultCache } from './lib/result-cache';
import type { FileStorage } from './storage/storage';
import type { IdentityProvider, SmsProvider, SessionCache } from '@server/modules/identity';
import type { MapModule } from '@server/modules/map';
import type { MessageHub, MessagePageCache } from '@server/modules/messages';
import type { JobRunner } from '@server/modules/jobs';
import type { AccessLogWriter } from '@server/modules/interfaces';

/** What a deployment or a test chooses for the services (server/services.ts). */
export interface ServiceSettings {
  /** The current instant for identity rules (ticket and code lifetimes, lockouts); tests move it. */
  now: () => Date;
  /** Default: the database outbox. */
  smsProvider?: SmsProvider;
  /** The external identity platform of the entry flow; default: the CAS one of the configuration. */
  identityProvider?: IdentityProvider;
  messageHeartbeatMs: number;
}

/** The per-instance services every module shares, built once per context by withServices. */
export interface AppServices extends ServiceSettings {
  /** Signed-in sessions in memory (server/modules/identity/session-cache.ts). */
  readonly sessions: SessionCache;
  /** Users' message pages in memory (server/modules/messages/page-cache.ts). */
  readonly messagePages: MessagePageCache;
  /** Answers of busy read calls in memory, dropped when a table they read changes (server/lib/result-cache.ts). */
  readonly results: ResultCache;
  /** Fan-out of message changes to this instance's open streams. */
  readonly messageHub: MessageHub;
  /** The map's cluster index and service, shared by the API and the hall pages. */
  readonly map: MapModule;
  /** The job runner (server/modules/jobs): main.ts starts and stops it; tests call `runDue()`. */
  readonly jobs: JobRunner;
  /** getQuery's access log, written after the answers (main.ts flushes it before closing the database). */
  readonly interfaceAccessLog: AccessLogWriter;
  /** Drops the map's points (they reload on the next request); nothing when the map was never used. */
  invalidateProjectMap(): void;
}

/**
 * What every module's routes and services may use; built once in server/main.ts (or a test), its
 * services by the composition root (server/services.ts).
 */
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
   * not match is a 500 (server/lib/calls.ts).
   */
  checkCallOutputs?: boolean;
  services: AppServices;
  /**
   * LISTEN on a PostgreSQL NOTIFY channel (OpenDatabase.listen of server/db/client.ts); resolves to
   * the unsubscribe function. Absent in contexts without a database connection of their own.
   */
  listen?: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
  /**
   * True once the process has been asked to stop (SIGTERM): /readyz answers 503 so a balancer that
   * still holds a connection to this instance sends the next request elsewhere (server/main.ts).
   */
  isStopping?: () => boolean;
}

/** Hono environment of the API app. */
export interface AppEnv {
  Variables: {
    requestId: string;
  };
}
