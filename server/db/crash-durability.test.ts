/**
 * The embedded database survives a killed process: every write acknowledged before SIGKILL is there
 * after a restart, and the database (tables and indexes) is consistent. (A power cut is another
 * matter: PGlite runs with fsync off; README says production uses a PostgreSQL server.)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, pgliteDataPath } from './client';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-test-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function writeUntilKilled(afterAcknowledged: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    // One process (no tsx wrapper), so SIGKILL hits the process that holds the database.
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/test/crash-writer.ts', dataDir], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const acknowledged: string[] = [];
    let buffered = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      acknowledged.push(...lines.filter((line) => line.startsWith('crash-')));
      if (acknowledged.length >= afterAcknowledged) child.kill('SIGKILL');
    });
    child.once('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve(acknowledged);
      else reject(new Error(`writer exited with ${code}: ${stderr}`));
    });
  });
}

describe('embedded database after SIGKILL', () => {
  it('keeps every acknowledged write and stays consistent', { timeout: 120_000 }, async () => {
    const acknowledged = await writeUntilKilled(300);
    expect(acknowledged.length).toBeGreaterThanOrEqual(300);

    // The server's own start path: stale lock taken over, recovery, migrations.
    const reopened = await openPglite(dataDir);
    await reopened.close();

    const client = new PGlite(pgliteDataPath(dataDir), { extensions: { amcheck } });
    try {
      const { rows } = await client.query<{ name: string }>(
        "select name from departments where name like 'crash-%'",
      );
      const stored = new Set(rows.map((row) => row.name));
      const lost = acknowledged.filter((name) => !stored.has(name));
      expect(lost).toEqual([]);

      await client.exec('create extension if not exists amcheck');
      const { rows: indexes } = await client.query<{ name: string }>(
        `select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
           join pg_am a on a.oid = c.relam join pg_namespace n on n.oid = c.relnamespace
          where a.amname = 'btree' and n.nspname = 'public'`,
      );
      expect(indexes.length).toBeGreaterThan(0);
      for (const index of indexes) {
        await client.query('select bt_index_check($1::regclass, true)', [index.name]);
      }
    } finally {
      await client.close();
    }
  });
});
