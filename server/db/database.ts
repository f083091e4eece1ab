import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** A Drizzle database over either driver (PGlite embedded, or node-postgres for a server). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
