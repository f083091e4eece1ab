/**
 * Pages of users' messages kept in memory, so paging the drawer costs no database query on a hit: the
 * embedded database has one connection on the main thread, and a query there is most of a call's CPU.
 *
 * Correctness rests on hearing every change. A statement-level trigger on `messages` (migration
 * 0007) sends `NOTIFY messages, '<user ids>'` for every insert, update and delete, whoever writes,
 * delivered at commit to every instance; server/data-changes.ts feeds it to `onNotification`, and
 * pages are kept only while that listener is up (`setListening`). This instance's own message calls
 * also drop the user's pages right after their commit, before they answer.
 *
 * A page is keyed by its user first, so one user's pages can only be found with that user's id (the
 * caller passes the signed-in user's). A load that started before a change for its user arrived is
 * answered but not kept, and concurrent misses share a load only when it started after the user's
 * last change: a page read after a change never shows what came before it. Entries also expire after
 * a few seconds, which bounds what a lost notification could leave behind.
 */
import { LRUCache } from 'lru-cache';
import type { MessageQuery } from '@shared/validation/messages';
import type { MessageRow } from './service';

export interface MessagePage {
  rows: MessageRow[];
  total: number;
}

export interface MessagePageCache {
  /** The user's page from memory, or from `load` (kept when no change for the user came meanwhile). */
  get(userId: number, query: MessageQuery, load: () => Promise<MessagePage>): Promise<MessagePage>;
  /** These users' messages changed (`*`: anyone's may have): their pages go, loads under way are not kept. */
  invalidate(userIds: readonly number[] | '*'): void;
  /** Applies a `messages` notification's payload (user ids, comma separated, or `*`). */
  onNotification(payload: string): void;
  /** Pages are kept only while this instance hears every change; off drops them all. */
  setListening(listening: boolean): void;
  readonly size: number;
}

interface UserPages {
  pages: Map<string, MessagePage>;
  /** Loads under way, with the change count at their start. */
  loading: Map<string, { since: number; page: Promise<MessagePage> }>;
}

/** More pages than a person pages through between two changes: past it, the user's pages start over. */
const PAGES_PER_USER = 64;
/** Past this many users with a recorded change, the record starts over (loads under way are not kept). */
const CHANGED_USERS_MAX = 50_000;

export function createMessagePageCache({ ttlMs = 10_000, maxUsers = 10_000 } = {}): MessagePageCache {
  const users = new LRUCache<number, UserPages>({ max: maxUsers, ttl: ttlMs });
  let listening = false;
  /** Counts every change heard; a load remembers the count at its start. */
  let changes = 0;
  /** The count at each user's last change, and at the last change of everyone's. */
  const changedAt = new Map<number, number>();
  let allChangedAt = 0;

  const lastChange = (userId: number) => Math.max(changedAt.get(userId) ?? 0, allChangedAt);

  function invalidate(userIds: readonly number[] | '*'): void {
    changes++;
    if (userIds === '*' || changedAt.size + userIds.length > CHANGED_USERS_MAX) {
      allChangedAt = changes;
      changedAt.clear();
      users.clear();
      return;
    }
    for (const userId of userIds) {
      changedAt.set(userId, changes);
      users.delete(userId);
    }
  }

  return {
    async get(userId, query, load) {
      if (!listening) return load();
      const key = `${query.hasRead ?? ''}:${query.pageIndex}:${query.pageSize}`;
      let entry = users.get(userId);
      const cached = entry?.pages.get(key);
      if (cached) return cached;
      const running = entry?.loading.get(key);
      if (running && running.since >= lastChange(userId)) return running.page;

      const since = changes;
      const page = load();
      if (!entry) {
        entry = { pages: new Map(), loading: new Map() };
        users.set(userId, entry);
      }
      const loading = { since, page };
      entry.loading.set(key, loading);
      const owner = entry;
      try {
        const result = await page;
        // Kept only if nothing changed for the user since the load began, and the entry is still theirs.
        if (listening && lastChange(userId) <= since && users.get(userId) === owner) {
          if (owner.pages.size >= PAGES_PER_USER) owner.pages.clear();
          // Shared by every call that finds it: frozen, so no caller can change another's answer
          // (and the contract layer serializes it once, server/lib/calls.ts).
          for (const row of result.rows) Object.freeze(row);
          Object.freeze(result.rows);
          const kept = Object.freeze(result);
          owner.pages.set(key, kept);
          return kept;
        }
        return result;
      } finally {
        if (owner.loading.get(key) === loading) owner.loading.delete(key);
      }
    },
    invalidate,
    onNotification(payload) {
      if (payload.trim() === '*') return invalidate('*');
      invalidate(
        payload
          .split(',')
          .map(Number)
          .filter((id) => Number.isInteger(id) && id > 0),
      );
    },
    setListening(on) {
      if (!on) invalidate('*');
      listening = on;
    },
    get size() {
      let pages = 0;
      for (const entry of users.values()) pages += entry.pages.size;
      return pages;
    },
  };
}
