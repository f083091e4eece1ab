import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import pino from 'pino';
import { verifyPassword, md5Hex } from '@server/lib/password';
import { createTestContext, type TestContext } from '@server/test/test-context';
import { ensureInitialData } from './initial-data';
import { files, projects, users } from '@server/db/schema';
import { DEMO_PASSWORD } from './seed';

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.dispose();
  ctx = undefined;
});

describe('first start', () => {
  // Full migrations of the embedded database: slow when the machine is busy.
  it(
    'in production mode creates only the administrator, with a one-time password logged once',
    { timeout: 120_000 },
    async () => {
      ctx = await createTestContext({ APP_MODE: 'production' });
      const lines: string[] = [];
      const capture = {
        ...ctx,
        logger: pino({ level: 'warn' }, { write: (line: string) => lines.push(line) }),
      };
      await ensureInitialData(capture);

      const accounts = await ctx.db
        .select({ loginname: users.loginname, loginpwd: users.loginpwd })
        .from(users);
      expect(accounts.map((account) => account.loginname).sort()).toEqual(['admin', 'guest']);
      const [{ value: projectCount }] = (await ctx.db.select({ value: count() }).from(projects)) as [
        { value: number },
      ];
      expect(projectCount).toBe(0);

      expect(lines).toHaveLength(1);
      const { oneTimePassword = '', loginname } = JSON.parse(lines[0] as string) as Record<
        string,
        string | undefined
      >;
      expect(loginname).toBe('admin');
      const admin = accounts.find((account) => account.loginname === 'admin');
      expect(await verifyPassword(md5Hex(oneTimePassword), admin?.loginpwd ?? '')).toBe(true);

      // A second start changes nothing and logs no new password.
      await ensureInitialData(capture);
      expect(lines).toHaveLength(1);
      expect(await ctx.db.select().from(users).where(eq(users.loginname, 'admin'))).toHaveLength(1);
    },
  );

  // Full migrations of the embedded database: slow when the machine is busy.
  it('in demo mode loads the demo city once, with files in storage', { timeout: 120_000 }, async () => {
    ctx = await createTestContext({ SEED_PROJECTS: '50' });
    await ensureInitialData(ctx);
    await ensureInitialData(ctx);
    const [{ value: projectCount }] = (await ctx.db.select({ value: count() }).from(projects)) as [
      { value: number },
    ];
    expect(projectCount).toBe(50);
    const admin = await ctx.db.select().from(users).where(eq(users.loginname, 'admin'));
    expect(await verifyPassword(md5Hex(DEMO_PASSWORD), admin[0]?.loginpwd ?? '')).toBe(true);

    // The demo's downloads and attachments: a row per file, its bytes in the storage under its key.
    const stored = await ctx.db.select().from(files);
    expect(stored.length).toBeGreaterThan(0);
    const [first] = stored;
    const bytes = await ctx.storage.read(first!.storageKey);
    expect(bytes.byteLength).toBe(first!.size);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(first!.sha256);
  });
});
