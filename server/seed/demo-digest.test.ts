/**
 * The demo data set is deterministic, and a change to how it is built must not change a single row
 * unless that is the point. The digest below is of every row createDemoData builds for a fixed instant
 * and 300 projects. When you change the demo data on purpose (new rows for a new domain, say), run this
 * test, check that only the tables you meant changed (the failure lists each table's digest), and put
 * the new value here in the same commit.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDemoData } from './demo';

const EXPECTED_DIGEST = '390a821057a2643fb111f3f9039d4e31a4b9e39ecc7a44a94c43ebf8e578ca96';

function digest(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

function tablesOf(): Record<string, string> {
  const data = createDemoData({ projects: 300, now: new Date('2026-06-01T00:00:00Z') });
  const tables: Record<string, unknown[]> = { ...data.base };
  for (const batch of data.projectBatches(100)) {
    for (const [name, rows] of Object.entries(batch))
      tables[`batch.${name}`] = [...(tables[`batch.${name}`] ?? []), ...rows];
  }
  tables.messages = data.messages();
  return Object.fromEntries(Object.entries(tables).map(([name, rows]) => [name, digest(rows)]));
}

describe('the demo data set', () => {
  it('is the same on every run', () => {
    expect(tablesOf()).toEqual(tablesOf());
  });

  it('has not changed by accident', () => {
    const tables = tablesOf();
    expect({ all: digest(tables), tables }).toMatchObject({ all: EXPECTED_DIGEST });
  });
});
