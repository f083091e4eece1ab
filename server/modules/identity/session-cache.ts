/**
 * Signed-in sessions kept in memory, so the per-call path (session lookup, role check) costs no
 * database round trip on a hit; the embedded database has one connection, and every call needs its
 * user. An entry holds the user and its ticket's lifetimes; expiry is still checked on every call
 * against the context's clock.
 *
 * Whatever ends or changes a sign-on drops the entries it touches here at once and, through NOTIFY
 * on the `sessions` channel, on every other instance (server/data-changes.ts listens). Entries also
 * expire after a few seconds, which bounds what a lost notification or a change made outside the
 * application (a database console) could leave behind.
 */
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '@server/app-context';
import type { SessionUser } from './sessions';

export const SESSIONS_CHANNEL = 'sessions';

export interface CachedSession {
  user: SessionUser;
  expiresAt: Date;
  lastUsedAt: Date;
  lastSeenAt: Date;
}

/** What a change touches: one session, a ticket and its sessions, a user's sessions, or everything. */
export type SessionScope = { session: string } | { tgt: string } | { user: number } | '*';

export interface SessionCache {
  get(sessionHash: string): CachedSession | undefined;
  set(sessionHash: string, entry: CachedSession): void;
  /**
   * The entry from memory, or from `loader`: calls that miss together share one load (when its
   * entry expires, a busy session's many calls cost one query, not one each), and a load that was
   * under way when anything was dropped is answered but not kept (a logout during it stays a logout).
   */
  load(
    sessionHash: string,
    loader: () => Promise<CachedSession | null>,
  ): Promise<CachedSession | null | undefined>;
  drop(scope: SessionScope): void;
  /** Applies a `sessions` notification's payload (`session:…`, `tgt:…`, `user:…` or `*`). */
  onNotification(payload: string): void;
  readonly size: number;
}

export function createSessionCache({ ttlMs = 5_000, max = 20_000 } = {}): SessionCache {
  const entries = new LRUCache<string, CachedSession>({ max, ttl: ttlMs });
  const loading = new Map<string, { since: number; stale: boolean; entry: Promise<CachedSession | null> }>();
  /** Counts drops wider than one session; a load remembers the count at its start. */
  let drops = 0;
  const drop = (scope: SessionScope) => {
    if (scope !== '*' && 'session' in scope) {
      const running = loading.get(scope.session);
      if (running) running.stale = true;
      return void entries.delete(scope.session);
    }
    drops++;
    if (scope === '*') return entries.clear();
    for (const [key, entry] of entries.entries()) {
      if ('tgt' in scope ? entry.user.tgtHash === scope.tgt : entry.user.pkid === scope.user)
        entries.delete(key);
    }
  };
  return {
    get: (sessionHash) => entries.get(sessionHash),
    set: (sessionHash, entry) => void entries.set(sessionHash, entry),
    async load(sessionHash, loader) {
      const cached = entries.get(sessionHash);
      if (cached) return cached;
      const running = loading.get(sessionHash);
      if (running && !running.stale && running.since === drops) return running.entry;
      const started = { since: drops, stale: false, entry: loader() };
      loading.set(sessionHash, started);
      try {
        const entry = await started.entry;
        if (entry && !started.stale && started.since === drops) entries.set(sessionHash, entry);
        return entry;
      } finally {
        if (loading.get(sessionHash) === started) loading.delete(sessionHash);
      }
    },
    drop,
    onNotification(payload) {
      for (const part of payload.split(',')) {
        const [kind, value = ''] = part.split(':');
        if (kind === '*') drop('*');
        else if (kind === 'session') drop({ session: value });
        else if (kind === 'tgt') drop({ tgt: value });
        else if (kind === 'user' && /^\d+$/.test(value)) drop({ user: Number(value) });
      }
    },
    get size() {
      return entries.size;
    },
  };
}

function encode(scope: SessionScope): string {
  if (scope === '*') return '*';
  if ('session' in scope) return `session:${scope.session}`;
  if ('tgt' in scope) return `tgt:${scope.tgt}`;
  return `user:${scope.user}`;
}

/**
 * A sign-on ended or changed: drop it here now and tell the other instances. Call after the write;
 * the notification is sent on the context's connection (outside any transaction of the caller).
 */
export async function announceSessionChange(
  ctx: Pick<AppContext, 'db' | 'services'>,
  scopes: readonly SessionScope[],
): Promise<void> {
  if (scopes.length === 0) return;
  for (const scope of scopes) ctx.services.sessions.drop(scope);
  // NOTIFY payloads stay under 8000 bytes: hashes are 64 characters, so a few dozen per notification.
  for (let start = 0; start < scopes.length; start += 50) {
    const payload = scopes
      .slice(start, start + 50)
      .map(encode)
      .join(',');
    await ctx.db.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${payload})`);
  }
}
