import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** A Drizzle database over either driver (PGlite embedded, or node-postgres for a server). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * The database or a transaction on it: what a helper takes when it may run inside its caller's
 * transaction (a transaction has every query method of the database, but not `transaction` itself's
 * exact type, hence this narrower one).
 */
export type Queryable = Pick<
  Database,
  'select' | 'selectDistinct' | 'selectDistinctOn' | 'insert' | 'update' | 'delete' | 'execute'
>;
