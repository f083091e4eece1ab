import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createFsStorage } from '../storage/storage';
import { backup, restore } from './backup';
import { openPglite } from './client';
import { DataDirLockedError } from './data-dir-lock';
import { departments } from './schema';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('db:backup and db:restore', () => {
  it(
    'restores the database and files as they were, keeping the replaced data aside',
    { timeout: 120_000 },
    async () => {
      const dataDir = path.join(work, 'data');
      const storage = createFsStorage(path.join(dataDir, 'files'));
      const before = await openPglite(dataDir);
      await before.db.insert(departments).values({ name: '备份前', kind: 'admin' });
      const stored = await storage.write(new TextEncoder().encode('附件内容'));
      await before.close();

      const target = path.join(work, 'backup-1');
      await backup(dataDir, target);

      const after = await openPglite(dataDir);
      await after.db.insert(departments).values({ name: '备份后', kind: 'admin' });
      // Both commands need the server stopped: they refuse while the data directory is held.
      await expect(backup(dataDir, path.join(work, 'backup-2'))).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(restore(dataDir, target)).rejects.toBeInstanceOf(DataDirLockedError);
      await after.close();
      await storage.remove(stored.key);

      const keptAside = await restore(dataDir, target);
      expect(keptAside && fs.existsSync(path.join(keptAside, 'pgdata'))).toBe(true);

      const restored = await openPglite(dataDir);
      try {
        expect(
          await restored.db.select().from(departments).where(eq(departments.name, '备份前')),
        ).toHaveLength(1);
        expect(
          await restored.db.select().from(departments).where(eq(departments.name, '备份后')),
        ).toHaveLength(0);
      } finally {
        await restored.close();
      }
      expect(new TextDecoder().decode(await storage.read(stored.key))).toBe('附件内容');
    },
  );
});
