/**
 * Migration 0039 (smo criteria): an owner's rating saved with the three fixed columns before it reads,
 * after it, as version 1 of the smo criteria with the labels beside the scores. The migrations run up
 * to 0038 from a copy of the journal, a rating goes in the old shape, then the rest run.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const before = mkdtempSync(path.join(tmpdir(), 'smo-criteria-'));
afterAll(() => rmSync(before, { recursive: true, force: true }));

it('moves the three fixed scores into scores as version 1, and drops the columns', async () => {
  cpSync(migrationsFolder, before, { recursive: true });
  const journalPath = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const upTo = journal.entries.findIndex((entry) => entry.tag === '0039_smo_criteria');
  expect(upTo).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));

  const client = new PGlite();
  const db = drizzle({ client });
  await migrate(db, { migrationsFolder: before });
  // Only the rating's own columns matter here: the foreign keys are not checked for this insert.
  await db.execute(sql`set session_replication_role = replica`);
  await db.execute(sql`insert into construction_satisfaction
    (demand_id, project_id, organization_id, construction_id, quality, timeliness, service, comment)
    values (1, 1, 1, 1, 5, 4, 2, '按期交付')`);
  await db.execute(sql`set session_replication_role = origin`);

  await migrate(db, { migrationsFolder });
  const rows = await db.execute<{ criteria_version: number; scores: unknown; comment: string }>(
    sql`select criteria_version, scores, comment from construction_satisfaction`,
  );
  expect(rows.rows).toEqual([
    {
      criteria_version: 1,
      scores: [
        { label: '成果质量', score: 5 },
        { label: '及时性', score: 4 },
        { label: '服务态度', score: 2 },
      ],
      comment: '按期交付',
    },
  ]);
  const columns = await db.execute<{ column_name: string }>(
    sql`select column_name from information_schema.columns where table_name = 'construction_satisfaction'`,
  );
  expect(columns.rows.map((row) => row.column_name)).not.toEqual(
    expect.arrayContaining(['quality', 'timeliness', 'service']),
  );
  await client.close();
}, 120_000);
