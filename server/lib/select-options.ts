/** What the metadata calls answer for a form's select boxes: code tables and the districts as options. */
import { asc } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { districts } from '@server/db/schema';

/** A code table's entries (shared/domain) as select options. */
export const codeOptions = (table: { entries: readonly { value: number | string; label: string }[] }) =>
  table.entries.map(({ value, label }) => ({ value, label }));

/** The districts as select options, by code. */
export const districtOptions = (db: Queryable) =>
  db
    .select({ value: districts.districtCode, label: districts.districtName })
    .from(districts)
    .orderBy(asc(districts.districtCode));

type CodeTable = Parameters<typeof codeOptions>[0];

/** A metadata call's options for `x`: the districts, or the code table of that name. */
export async function metadataOptions(db: Queryable, x: string, tables: Record<string, CodeTable>) {
  if (x === 'district') return districtOptions(db);
  const table = tables[x];
  return table ? codeOptions(table) : [];
}
