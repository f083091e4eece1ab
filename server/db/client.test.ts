import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openPglite } from './client';
import { DataDirLockedError } from './data-dir-lock';
import { departments } from './schema';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-test-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('embedded database client', () => {
  // Full migrations of the embedded database: slow when the machine is busy.
  it(
    'keeps data across a clean close, refuses a second opener, and migrates idempotently',
    { timeout: 120_000 },
    async () => {
      const first = await openPglite(dataDir);
      await first.db.insert(departments).values({ name: '重启后仍在', kind: 'admin' });
      await expect(openPglite(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
      await first.close();
      expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

      const second = await openPglite(dataDir);
      try {
        const rows = await second.db.select().from(departments).where(eq(departments.name, '重启后仍在'));
        expect(rows).toHaveLength(1);
        await second.ping();
      } finally {
        await second.close();
      }
    },
  );
});
