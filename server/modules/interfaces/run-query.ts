/**
 * getQuery: a consuming system runs an interface with its parameters. In order: the key (401), the
 * rate limit (429), the interface (404 when unknown or disabled), the parameters (400: unknown, missing,
 * wrong type), then one page of at most `rowCap` rows. Every call, refused or not, is written to the
 * access log, right after its answer (access-log.ts).
 */
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Queryable } from '@server/db/database';
import { dataInterfaces } from '@server/db/schema';
import type { ResultCache } from '@server/lib/result-cache';
import type { AccessLogWriter } from './access-log';
import type { QueryResult } from '@shared/calls/interfaces';
import { API_KEY_HEADER, RESERVED_PARAMETER_NAMES } from '@shared/domain/interfaces';
import { AppError, toAppError } from '@shared/errors/app-error';
import type { GetQueryInput } from '@shared/validation/interfaces';
import { conditionSql, fieldOf, parseValue } from './conditions';
import { consumerOfKey, type ConsumerRecord } from './consumers';
import { datasetOf, type InterfaceRecord } from './definitions';
import type { DatasetField } from './datasets';

/**
 * Calls per consumer per minute, counted in this process (fixed one-minute windows). Several server
 * processes each count their own: the limit is per process (docs/interfaces.md).
 */
export class RateLimiter {
  private readonly windows = new Map<number, { start: number; used: number }>();

  /** Counts a call; false when the consumer is over its limit in the current minute. */
  take(consumerId: number, limit: number, now: Date): { ok: boolean; retryAfterS: number } {
    const minute = Math.floor(now.getTime() / 60_000) * 60_000;
    let window = this.windows.get(consumerId);
    if (!window || window.start !== minute) {
      window = { start: minute, used: 0 };
      this.windows.set(consumerId, window);
    }
    const retryAfterS = Math.max(1, Math.ceil((minute + 60_000 - now.getTime()) / 1000));
    if (window.used >= limit) return { ok: false, retryAfterS };
    window.used += 1;
    return { ok: true, retryAfterS };
  }
}

export function keyOf(c: Context): string | undefined {
  const header = c.req.header(API_KEY_HEADER)?.trim();
  if (header) return header;
  const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
  return bearer?.[1];
}

const reserved = new Set<string>(RESERVED_PARAMETER_NAMES);

/** The caller's own parameters (everything but interfaceCode, pageNum, pageSize). */
function parametersOf(input: GetQueryInput): Map<string, string> {
  const params = new Map<string, string>();
  for (const [name, value] of Object.entries(input)) {
    if (reserved.has(name) || value === undefined) continue;
    params.set(name, String(value));
  }
  return params;
}

/** What the log keeps of the parameters: each value clipped, at most 30 of them. */
function loggedParams(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(input)
      .slice(0, 30)
      .map(([name, value]) => [name.slice(0, 60), typeof value === 'string' ? value.slice(0, 200) : value]),
  );
}

/** A field's value as the caller gets it. */
function output(field: DatasetField, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (field.type === 'number' || field.type === 'code') return Number(value);
  return String(value);
}

/** The SQL a field is selected as: dates as YYYY-MM-DD text. */
function selected(field: DatasetField): SQL {
  return field.type === 'date' ? sql`to_char(${field.sql}, 'YYYY-MM-DD')` : sql`${field.sql}`;
}

/** The where clause of an interface run with these parameters (400 on anything wrong with them). */
export function whereOf(record: InterfaceRecord, params: Map<string, string>): SQL | undefined {
  const dataset = datasetOf(record.dataset);
  const expected = record.conditions.filter((c) => c.source === 'param').map((c) => c.param!);
  const unknown = [...params.keys()].filter((name) => !expected.includes(name));
  if (unknown.length > 0)
    throw new AppError('invalid_input', {
      message: `未知参数：${unknown.join('、')}（本接口的参数：${expected.length ? expected.join('、') : '无'}）`,
      field: unknown[0],
    });
  const parts = record.conditions.map((condition) => {
    const field = fieldOf(dataset, condition.field);
    const operator = condition.operator as Parameters<typeof conditionSql>[1];
    if (condition.source === 'fixed')
      return conditionSql(field, operator, parseValue(field, operator, condition.value!, '固定值'));
    const raw = params.get(condition.param!);
    if (raw === undefined || raw.trim() === '')
      throw new AppError('invalid_input', {
        message: `缺少参数：${condition.param}（${field.label}）`,
        field: condition.param!,
      });
    try {
      return conditionSql(
        field,
        operator,
        parseValue(field, operator, raw, `参数 ${condition.param}（${field.label}）`),
      );
    } catch (error) {
      throw new AppError('invalid_input', { message: toAppError(error).message, field: condition.param! });
    }
  });
  return and(...parts);
}

/** One page of an interface's rows with these parameters. */
export async function runInterface(
  db: Queryable,
  record: InterfaceRecord,
  input: GetQueryInput,
): Promise<QueryResult> {
  const dataset = datasetOf(record.dataset);
  const where = whereOf(record, parametersOf(input));
  const fields = record.fields.map((name) => [name, fieldOf(dataset, name)] as const);
  const offset = (input.pageNum - 1) * input.pageSize;
  const take = Math.max(0, Math.min(input.pageSize, record.rowCap - offset));
  const selection = Object.fromEntries(fields.map(([name, field]) => [name, selected(field)]));
  // Counted up to one past the cap: a broad condition on a large table costs no more than the cap.
  const capped = dataset
    .rows(db, { one: sql`1` })
    .where(where)
    .limit(record.rowCap + 1)
    .as('capped');
  const [rows, [counted]] = await Promise.all([
    take === 0
      ? Promise.resolve([] as Record<string, unknown>[])
      : (dataset
          .rows(db, selection)
          .where(where)
          .orderBy(asc(dataset.order))
          .limit(take)
          .offset(offset) as Promise<Record<string, unknown>[]>),
    db.select({ n: count() }).from(capped),
  ]);
  const matched = counted?.n ?? 0;
  return {
    interfaceCode: record.code,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
    total: Math.min(matched, record.rowCap),
    capped: matched > record.rowCap,
    rows: rows.map((row) =>
      Object.fromEntries(fields.map(([name, field]) => [name, output(field, row[name])])),
    ),
  };
}

/**
 * The page, from memory while none of the tables its dataset reads changed (server/lib/result-cache.ts):
 * other systems poll the same interface with the same parameters, and the rows do not depend on who
 * asks. The key holds the definition itself (fields, conditions, cap), so an edited interface never
 * answers from its old definition's pages; a refused parameter throws and nothing is kept.
 */
function pageOf(call: QueryCall, record: InterfaceRecord): Promise<QueryResult> {
  const load = () => runInterface(call.db, record, call.input);
  if (!call.results) return load();
  const { dataset, fields, conditions, rowCap } = record;
  const key = `interfaces/getQuery|${record.code}|${JSON.stringify([dataset, fields, conditions, rowCap])}|${JSON.stringify(call.input)}`;
  return call.results.get(datasetOf(dataset).tables, key, load);
}

/** The interface named by the call, kept in memory like the consumer (consumerOfKey) while unchanged. */
async function definitionOf(call: QueryCall): Promise<InterfaceRecord | undefined> {
  const code = call.input.interfaceCode;
  const load = async () => ({
    record: (await call.db.select().from(dataInterfaces).where(eq(dataInterfaces.code, code)))[0],
  });
  const { record } = call.results
    ? await call.results.get(['data_interfaces'], `interfaces/definition|${code}`, load)
    : await load();
  return record;
}

export interface QueryCall {
  db: Queryable;
  limiter: RateLimiter;
  accessLog: AccessLogWriter;
  /** Pages kept in memory (absent: every call runs its query). */
  results?: ResultCache;
  now: Date;
  key: string | undefined;
  input: GetQueryInput;
  /** Sets a response header (Retry-After). */
  header(name: string, value: string): void;
}

/** getQuery from the key to the log. */
export async function getQuery(call: QueryCall): Promise<QueryResult> {
  const { db, input, now } = call;
  const started = performance.now();
  let consumer: ConsumerRecord | undefined;
  let record: InterfaceRecord | undefined;
  try {
    consumer = await consumerOfKey(db, call.key, now, call.results);
    const allowed = call.limiter.take(consumer.id, consumer.rateLimit, now);
    if (!allowed.ok) {
      call.header('Retry-After', String(allowed.retryAfterS));
      throw new AppError('rate_limited', {
        message: `调用过于频繁：本系统每分钟最多调用 ${consumer.rateLimit} 次，请 ${allowed.retryAfterS} 秒后再试`,
      });
    }
    record = await definitionOf(call);
    if (!record || !record.enabled)
      throw new AppError('not_found', { message: `接口「${input.interfaceCode}」不存在或已停用` });
    const result = await pageOf(call, record);
    log(call, consumer, record, 200, null, result.rows.length, started);
    return result;
  } catch (error) {
    const failure = toAppError(error);
    log(call, consumer, record, failure.status, failure.message, 0, started);
    throw error;
  }
}

/** Queues the call's line in the access log (written after the answer, access-log.ts). */
function log(
  call: QueryCall,
  consumer: ConsumerRecord | undefined,
  record: InterfaceRecord | undefined,
  status: number,
  message: string | null,
  rowCount: number,
  started: number,
) {
  call.accessLog.add({
    consumerId: consumer?.id ?? null,
    interfaceId: record?.id ?? null,
    interfaceCode: call.input.interfaceCode.slice(0, 50),
    params: loggedParams(call.input),
    rowCount,
    status,
    message,
    durationMs: Math.round(performance.now() - started),
    at: call.now,
    // Last use to the minute: one write a minute per consumer, not one per call.
    touchConsumer:
      consumer !== undefined &&
      (!consumer.lastUsedAt || call.now.getTime() - consumer.lastUsedAt.getTime() > 60_000),
  });
}
