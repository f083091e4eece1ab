/**
 * getQuery's access log written after the answers (access-log.ts): lines reach the table in the order
 * of the calls, one of an interface that is gone keeps its code without the id, the consumer's last
 * use is recorded, lines arriving together are written together without anyone flushing, and lines
 * the database refused are written once it takes them again.
 */
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interfaceAccessLog, interfaceConsumers } from '@server/db/schema';
import type { Queryable } from '@server/db/database';
import { createTestContext, type TestContext } from '@server/test/test-context';
import { createAccessLogWriter, type AccessLogEntry } from './access-log';
import { addConsumer } from './consumers';

let ctx: TestContext;
let consumerId: number;
const now = new Date('2026-03-02T02:00:00Z');

beforeAll(async () => {
  ctx = await createTestContext();
  consumerId = (
    await addConsumer(ctx.db, null, { name: '测试系统', expiresOn: '2027-01-01', rateLimit: 60 }, now)
  ).id;
}, 120_000);
afterAll(() => ctx.dispose());

const entry = (code: string, extra: Partial<AccessLogEntry> = {}): AccessLogEntry => ({
  consumerId,
  interfaceId: null,
  interfaceCode: code,
  params: { interfaceCode: code },
  rowCount: 1,
  status: 200,
  message: null,
  durationMs: 3,
  at: now,
  touchConsumer: false,
  ...extra,
});

const lines = () =>
  ctx.db
    .select({ code: interfaceAccessLog.interfaceCode, interfaceId: interfaceAccessLog.interfaceId })
    .from(interfaceAccessLog)
    .orderBy(asc(interfaceAccessLog.id));

describe('the access log writer', () => {
  it('writes lines in call order, one of a missing interface without its id, and the last use', async () => {
    await ctx.db.delete(interfaceAccessLog);
    const writer = createAccessLogWriter(ctx.db, ctx.logger);
    writer.add(entry('a'));
    writer.add(entry('gone', { interfaceId: 987_654 }));
    writer.add(entry('c', { touchConsumer: true }));
    expect(writer.pending).toBe(3);
    await writer.flush();
    expect(writer.pending).toBe(0);
    expect(await lines()).toEqual([
      { code: 'a', interfaceId: null },
      { code: 'gone', interfaceId: null },
      { code: 'c', interfaceId: null },
    ]);
    const [consumer] = await ctx.db.select().from(interfaceConsumers);
    expect(consumer?.lastUsedAt?.toISOString()).toBe(now.toISOString());
  });

  it('writes lines that arrive together in one statement, on its own, a moment later', async () => {
    await ctx.db.delete(interfaceAccessLog);
    let statements = 0;
    const counting: Pick<Queryable, 'execute'> = {
      execute: ((query: Parameters<Queryable['execute']>[0]) => {
        statements += 1;
        return ctx.db.execute(query);
      }) as Queryable['execute'],
    };
    const writer = createAccessLogWriter(counting, ctx.logger);
    writer.add(entry('x'));
    // Calls answered on later turns of the event loop join the same batch.
    await new Promise((resolve) => setImmediate(resolve));
    writer.add(entry('y'));
    await new Promise((resolve) => setImmediate(resolve));
    writer.add(entry('z'));
    expect(statements).toBe(0);
    await expect.poll(() => writer.pending, { timeout: 10_000 }).toBe(0);
    await expect.poll(async () => (await lines()).map((line) => line.code)).toEqual(['x', 'y', 'z']);
    expect(statements).toBe(1);
  });

  it('keeps the lines the database refuses and writes them once it takes them', async () => {
    await ctx.db.delete(interfaceAccessLog);
    let down = true;
    // The database as the writer sees it, refusing every statement while `down`.
    const flaky: Pick<Queryable, 'execute'> = {
      execute: ((query: Parameters<Queryable['execute']>[0]) =>
        down
          ? Promise.reject(new Error('connection refused'))
          : ctx.db.execute(query)) as Queryable['execute'],
    };
    const errors: unknown[] = [];
    const writer = createAccessLogWriter(flaky, {
      error: (...args: unknown[]) => errors.push(args),
    } as never);
    writer.add(entry('first'));
    writer.add(entry('second'));
    await expect(writer.flush()).rejects.toThrow('connection refused');
    expect(writer.pending).toBe(2);
    writer.add(entry('third'));
    down = false;
    await writer.flush();
    expect((await lines()).map((line) => line.code)).toEqual(['first', 'second', 'third']);
    expect(writer.pending).toBe(0);
  });
});
