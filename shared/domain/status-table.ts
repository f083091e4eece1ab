/**
 * What a status table is (shared/domain/statuses.ts holds the shared ones): a module of its own, so a
 * domain module that defines its own tables (shared/domain/electronics.ts) does not bring every shared
 * table into the pages that use it.
 */

export type StatusTone = 'neutral' | 'info' | 'progress' | 'success' | 'warning' | 'danger';

export interface StatusEntry<V extends number | string = number | string> {
  readonly value: V;
  readonly key: string;
  readonly label: string;
  readonly tone: StatusTone;
}

export interface StatusTable<E extends StatusEntry> {
  readonly entries: readonly E[];
  /** Every value, in table order (e.g. for a CHECK constraint or a filter's options). */
  readonly values: readonly E['value'][];
  /** value by key: `projectStatus.code.published === 1`. */
  readonly code: { readonly [K in E['key']]: Extract<E, { key: K }>['value'] };
  /** The entry of a value, or undefined for an unknown value. */
  find(value: unknown): E | undefined;
  /** The label of a value; unknown values read '未知'. */
  label(value: unknown): string;
  /** True when the value belongs to the table. */
  has(value: unknown): value is E['value'];
}

/** Builds a table with lookups: every status table, in statuses.ts and in the domain modules. */
export function defineStatusTable<const E extends readonly StatusEntry[]>(
  entries: E,
): StatusTable<E[number]> {
  const byValue = new Map<unknown, E[number]>(entries.map((entry) => [entry.value, entry]));
  const code = Object.fromEntries(entries.map((entry) => [entry.key, entry.value]));
  return {
    entries,
    values: entries.map((entry) => entry.value),
    code: code as StatusTable<E[number]>['code'],
    find: (value) => byValue.get(value),
    label: (value) => byValue.get(value)?.label ?? '未知',
    has: (value): value is E[number]['value'] => byValue.has(value),
  };
}
