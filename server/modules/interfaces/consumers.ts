/**
 * Consuming systems and their keys. A key is made here, given to the administrator once, and kept
 * only as its SHA-256: a copy of the database opens nothing. A key works until its expiry day ends
 * (in the city's time zone) or it is revoked.
 */
import { createHash, randomBytes } from 'node:crypto';
import { count, desc, eq } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { interfaceConsumers } from '@server/db/schema';
import type { ResultCache } from '@server/lib/result-cache';
import type { ConsumerRow } from '@shared/calls/interfaces';
import { AppError } from '@shared/errors/app-error';
import { interfaceMessages, type ConsumerSave } from '@shared/validation/interfaces';
import { startOfBeijingDay } from '@shared/domain/working-days';

export type ConsumerRecord = typeof interfaceConsumers.$inferSelect;

const KEY_PREFIX = 'dx_';

export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The end of `day` (YYYY-MM-DD) in Asia/Shanghai (UTC+8, no daylight saving). */
export function endOfDay(day: string): Date {
  return new Date(startOfBeijingDay(day).getTime() + 86_400_000 - 1);
}

export function stateOf(record: ConsumerRecord, now: Date): ConsumerRow['state'] {
  if (record.revokedAt) return 'revoked';
  return record.expiresAt.getTime() < now.getTime() ? 'expired' : 'active';
}

export function toConsumerRow(record: ConsumerRecord, now: Date): ConsumerRow {
  return {
    id: record.id,
    name: record.name,
    contact: record.contact,
    keyPrefix: record.keyPrefix,
    expiresAt: record.expiresAt.toISOString(),
    revokedAt: record.revokedAt?.toISOString() ?? null,
    rateLimit: record.rateLimit,
    lastUsedAt: record.lastUsedAt?.toISOString() ?? null,
    createdAt: record.createdAt.toISOString(),
    state: stateOf(record, now),
  };
}

export async function listConsumers(db: Queryable, input: { page: number; rows: number }, now: Date) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(interfaceConsumers)
      .orderBy(desc(interfaceConsumers.id))
      .limit(input.rows)
      .offset((input.page - 1) * input.rows),
    db.select({ n: count() }).from(interfaceConsumers),
  ]);
  return { rows: rows.map((row) => toConsumerRow(row, now)), total: total?.n ?? 0 };
}

/** A new consuming system with a new key; the answer is the only place the key ever appears. */
export async function addConsumer(
  db: Queryable,
  userId: number | null,
  input: ConsumerSave,
  now: Date,
  key = `${KEY_PREFIX}${randomBytes(24).toString('base64url')}`,
) {
  const expiresAt = endOfDay(input.expiresOn);
  if (expiresAt.getTime() <= now.getTime())
    throw new AppError('invalid_input', { message: interfaceMessages.expiresInvalid, field: 'expiresOn' });
  const [record] = await db
    .insert(interfaceConsumers)
    .values({
      name: input.name,
      contact: input.contact || null,
      keyHash: hashKey(key),
      keyPrefix: key.slice(0, KEY_PREFIX.length + 6),
      expiresAt,
      rateLimit: input.rateLimit,
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return { ...toConsumerRow(record!, now), key };
}

export async function revokeConsumer(db: Queryable, id: number, now: Date) {
  const [record] = await db
    .update(interfaceConsumers)
    .set({ revokedAt: now, updatedAt: now })
    .where(eq(interfaceConsumers.id, id))
    .returning();
  if (!record) throw new AppError('not_found', { message: interfaceMessages.consumerNotFound });
  return toConsumerRow(record, now);
}

/**
 * The consumer a key belongs to, or the 401 saying why it opens nothing. With `results`, the row is
 * kept in memory while interface_consumers has not changed (every call of a polling system would
 * otherwise look it up again); its state is judged at `now` on every call.
 */
export async function consumerOfKey(
  db: Queryable,
  key: string | undefined,
  now: Date,
  results?: ResultCache,
): Promise<ConsumerRecord> {
  if (!key)
    throw new AppError('unauthenticated', {
      message: '缺少接口密钥：请在请求头 X-Api-Key 中提供接入系统的密钥',
    });
  const keyHash = hashKey(key);
  const load = async () => ({
    record: (await db.select().from(interfaceConsumers).where(eq(interfaceConsumers.keyHash, keyHash)))[0],
  });
  const { record } = results
    ? await results.get(['interface_consumers'], `interfaces/consumer|${keyHash}`, load)
    : await load();
  if (!record) throw new AppError('unauthenticated', { message: '接口密钥无效，请向管理员核实' });
  const state = stateOf(record, now);
  if (state === 'revoked')
    throw new AppError('unauthenticated', { message: '接口密钥已被吊销，请向管理员申请新的密钥' });
  if (state === 'expired')
    throw new AppError('unauthenticated', {
      message: `接口密钥已于 ${record.expiresAt.toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' })} 过期，请向管理员申请新的密钥`,
    });
  return record;
}
