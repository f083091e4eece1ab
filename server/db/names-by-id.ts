/**
 * The names of a few rows by their ids (agencies, users, survey items, files …), for lists that show
 * a name beside an id they hold: one query, none when no id is asked.
 */
import { inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from './database';

export async function namesById<K extends number | string>(
  db: Queryable,
  columns: {
    id: AnyPgColumn<{ data: K; notNull: true }>;
    name: AnyPgColumn<{ data: string; notNull: true }>;
  },
  ids: readonly K[],
): Promise<Map<K, string>> {
  if (ids.length === 0) return new Map();
  const rows: { id: K; name: string }[] = await db
    .select(columns)
    .from(columns.id.table)
    .where(inArray(columns.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}
