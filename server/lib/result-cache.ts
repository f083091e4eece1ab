/**
 * Answers of busy read calls (the project list, the owners' and agencies' to-do lists) kept in memory
 * per instance, so a repeated page costs no database query: issue 13's budget (p95 ≤ 15 ms under 50
 * users on 100,000 projects) is not reachable with every page a join and a count.
 *
 * Correctness rests on hearing every change, as the message pages do (server/modules/messages/
 * page-cache.ts). A statement-level trigger on each table an answer reads (migrations 0021, 0029, 0031) sends
 * `NOTIFY data_changes, '<table>'` for every insert, update, delete and truncate, whoever writes,
 * delivered at commit to every instance; server/data-changes.ts feeds it to `onNotification`, and
 * answers are kept only while that listener is up (`setListening`).
 *
 * An answer records the tables it read and the change count when its load began; it is used only
 * while none of those tables changed since. A load under way when one of them changes is answered
 * but not kept, and concurrent misses share a load only when it began after the last change. Answers
 * also age out after a few seconds (`ttlMs`): that bounds what a lost notification could leave behind,
 * and what an answer computed from the clock (an overdue mark) can show. An aged answer that no change
 * overtook is still given while one load brings it up to date, so the callers of a busy answer do not
 * all wait for that load every few seconds (on 100,000 projects a statistics load takes a fifth of a
 * second); past twice its age it is not given, and a changed table is never answered from memory.
 *
 * The key is the caller's: it must hold everything the answer depends on besides the tables (the
 * signed-in user's id for anything scoped to a user, and the validated input).
 */
import { LRUCache } from 'lru-cache';

/** The PostgreSQL channel the tables' triggers send on; the payload is one table name (or `*`). */
export const DATA_CHANGES_CHANNEL = 'data_changes';

/** The tables whose changes are announced on DATA_CHANGES_CHANNEL (the triggers of migrations 0021, 0029 and 0031). */
export const announcedTables = [
  'projects',
  'project_demands',
  'project_stage_items',
  'project_demand_amendments',
  'project_authorizations',
  'construction_units',
  'agent_organizations',
  'agent_staff',
  'districts',
  'stages',
  'survey_items',
  'contracts',
  'data_interfaces',
  'interface_consumers',
] as const;
export type AnnouncedTable = (typeof announcedTables)[number];

export interface ResultCache {
  /** The answer from memory, or from `load` (kept when none of `tables` changed meanwhile). */
  get<T extends object>(tables: readonly AnnouncedTable[], key: string, load: () => Promise<T>): Promise<T>;
  /** These tables changed (`*`: any may have): answers reading them go, loads under way are not kept. */
  invalidate(tables: readonly string[] | '*'): void;
  /** Applies a notification's payload (a table name, or `*`). */
  onNotification(payload: string): void;
  /** Answers are kept only while this instance hears every change; off drops them all. */
  setListening(listening: boolean): void;
  readonly size: number;
}

/**
 * The key of a call's answer for a signed-in user: the call, who asks (id and roles, which decide
 * what they see) and the validated input.
 */
export function answerKey(
  call: string,
  user: { pkid: number; roleIds: readonly string[]; isAdmin: boolean },
  input: unknown,
): string {
  return `${call}|${user.pkid}|${user.isAdmin ? 'admin' : ''}|${user.roleIds.join(',')}|${JSON.stringify(input)}`;
}

interface Entry {
  tables: readonly AnnouncedTable[];
  /** The change count when the load began. */
  since: number;
  /** When the load began (the cache's clock). */
  loadedAt: number;
  value: object;
}

/** Freezes an answer (and its rows) that every later caller shares, so none can change another's. */
function freezeAnswer<T extends object>(value: T): T {
  const rows = (value as { rows?: unknown }).rows;
  if (Array.isArray(rows)) {
    for (const row of rows) if (row && typeof row === 'object') Object.freeze(row);
    Object.freeze(rows);
  }
  return Object.freeze(value);
}

export function createResultCache({
  ttlMs = 10_000,
  max = 5_000,
  now = () => performance.now(),
}: { ttlMs?: number; max?: number; now?: () => number } = {}): ResultCache {
  // The LRU's own ttl only frees memory: what may be given is decided below, by `now`.
  const answers = new LRUCache<string, Entry>({ max, ttl: 2 * ttlMs });
  const loading = new Map<string, { since: number; value: Promise<object> }>();
  let listening = false;
  /** Counts every change heard; an answer remembers the count when its load began. */
  let changes = 0;
  const changedAt = new Map<string, number>();
  let allChangedAt = 0;

  const lastChange = (tables: readonly string[]) =>
    tables.reduce((latest, table) => Math.max(latest, changedAt.get(table) ?? 0), allChangedAt);

  function invalidate(tables: readonly string[] | '*'): void {
    changes++;
    if (tables === '*') {
      allChangedAt = changes;
      changedAt.clear();
      answers.clear();
      return;
    }
    // Answers reading these tables are found stale when next asked for (their `since` is older).
    for (const table of tables) changedAt.set(table, changes);
  }

  /** A load of `key`, shared with one under way that began after the tables' last change; kept unless overtaken. */
  async function loadAndKeep<T extends object>(
    tables: readonly AnnouncedTable[],
    key: string,
    load: () => Promise<T>,
  ): Promise<T> {
    const running = loading.get(key);
    if (running && running.since >= lastChange(tables)) return running.value as Promise<T>;

    const since = changes;
    const loadedAt = now();
    const value = load();
    const entry = { since, value: value as Promise<object> };
    loading.set(key, entry);
    try {
      const result = await value;
      if (!listening || lastChange(tables) > since) return result;
      const frozen = freezeAnswer(result);
      answers.set(key, { tables, since, loadedAt, value: frozen });
      return frozen;
    } finally {
      if (loading.get(key) === entry) loading.delete(key);
    }
  }

  return {
    async get(tables, key, load) {
      if (!listening) return load();
      const kept = answers.get(key);
      if (kept && lastChange(kept.tables) <= kept.since) {
        const age = now() - kept.loadedAt;
        if (age < ttlMs) return kept.value as Awaited<ReturnType<typeof load>>;
        if (age < 2 * ttlMs) {
          // Given as it is while one load brings it up to date; a failed load leaves it to age out
          // (the next caller past twice its age loads it, and sees the error).
          loadAndKeep(tables, key, load).catch(() => undefined);
          return kept.value as Awaited<ReturnType<typeof load>>;
        }
      }
      return await loadAndKeep(tables, key, load);
    },
    invalidate,
    onNotification(payload) {
      const table = payload.trim();
      invalidate(table === '*' ? '*' : [table]);
    },
    setListening(on) {
      if (!on) invalidate('*');
      listening = on;
    },
    get size() {
      return answers.size;
    },
  };
}
