import { sql } from 'drizzle-orm';
import { check, timestamp } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** `timestamp with time zone`, as JS Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** created_at / updated_at, both NOT NULL with now() as default. Services set updatedAt on writes. */
export const timestamps = () => ({
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

function literal(value: number | string): string {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new TypeError(`not an integer: ${value}`);
    return String(value);
  }
  return `'${value.replaceAll("'", "''")}'`;
}

/** CHECK (column IN (...)) from a shared/domain status table's values. */
export function checkIn(name: string, column: AnyPgColumn, values: readonly (number | string)[]) {
  return check(name, sql`${column} in (${sql.raw(values.map(literal).join(', '))})`);
}
