/**
 * One page of a list query: `rows` rows from page `page` (counted from 1). The query is made dynamic
 * first (`db.select(…).from(…)….$dynamic()`), as drizzle asks of a builder a helper extends.
 */
import type { PgSelect } from 'drizzle-orm/pg-core';

export function pageOf<T extends PgSelect>(query: T, { page, rows }: { page: number; rows: number }) {
  return query.limit(rows).offset((page - 1) * rows);
}
