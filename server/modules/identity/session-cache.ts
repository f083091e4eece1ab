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
  drop(scope: SessionScope): void;
  /** Applies a `sessions` notification's payload (`session:…`, `tgt:…`, `user:…` or `*`). */
  onNotification(payload: string): void;
  readonly size: number;
}

export function createSessionCache({ ttlMs = 5_000, max = 20_000 } = {}): SessionCache {
  const entries = new LRUCache<string, CachedSession>({ max, ttl: ttlMs });
  const drop = (scope: SessionScope) => {
    if (scope === '*') return entries.clear();
    if ('session' in scope) return void entries.delete(scope.session);
    for (const [key, entry] of entries.entries()) {
      if ('tgt' in scope ? entry.user.tgtHash === scope.tgt : entry.user.pkid === scope.user)
        entries.delete(key);
    }
  };
  return {
    get: (sessionHash) => entries.get(sessionHash),
    set: (sessionHash, entry) => void entries.set(sessionHash, entry),
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
