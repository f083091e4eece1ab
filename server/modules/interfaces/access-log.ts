/**
 * getQuery's access log, written after the answer instead of before it: a commit per call (its
 * fsync) was most of a call's time under load, and a consuming system should not wait for our
 * bookkeeping. Entries queue in memory and are written together, one insert per batch, BATCH_DELAY_MS
 * after the first of them (at once when BATCH_MAX are waiting): a busy interface costs the database a
 * few commits a second, not one per turn of the event loop. Those commits competed for the machine's
 * cores with the calls themselves and were most of getQuery's slowest answers (issue 25's p95).
 *
 * Nothing is dropped on a database error: the batch goes back to the queue and is written again a
 * moment later (only past QUEUE_MAX waiting entries does the oldest go, with an error in the server
 * log). Readers of the log in this process (the access log call, tests) and the server's shutdown
 * call `flush()` first, so what this instance answered is in the table when they read it.
 *
 * A batch refers to interfaces and consumers by id through a join, so an interface deleted while its
 * calls wait in the queue is logged with no id (as ON DELETE SET NULL leaves older lines) instead of
 * failing the batch on its foreign key.
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import type { Logger } from '@server/lib/logger';

export interface AccessLogEntry {
  consumerId: number | null;
  interfaceId: number | null;
  interfaceCode: string;
  params: Record<string, unknown>;
  rowCount: number;
  status: number;
  message: string | null;
  durationMs: number;
  at: Date;
  /** Also record the consumer's last use (done at most once a minute per consumer, by the caller). */
  touchConsumer: boolean;
}

export interface AccessLogWriter {
  /** Queues an entry; it is written shortly after, without the caller waiting. */
  add(entry: AccessLogEntry): void;
  /** Resolves once every entry queued before the call is written (rejects if the database refuses). */
  flush(): Promise<void>;
  readonly pending: number;
}

/** Entries kept waiting while the database refuses them; past this the oldest go. */
const QUEUE_MAX = 50_000;
/** Rows per insert statement (its parameters stay far under PostgreSQL's 65,535). */
const BATCH_MAX = 2_000;
const RETRY_MS = 1_000;
/**
 * How long the first entry of a batch waits for others. Short enough that the log is current when a
 * person looks (and readers flush first anyway); what a crash can lose is what waits, as before.
 */
const BATCH_DELAY_MS = 200;

async function writeBatch(db: Pick<Queryable, 'execute'>, batch: readonly AccessLogEntry[]): Promise<void> {
  const rows = batch.map((e, n) => ({
    n,
    consumer_id: e.consumerId,
    interface_id: e.interfaceId,
    interface_code: e.interfaceCode,
    params: e.params,
    row_count: e.rowCount,
    status: e.status,
    message: e.message,
    duration_ms: e.durationMs,
    at: e.at.toISOString(),
  }));
  await db.execute(sql`
    insert into interface_access_log
      (consumer_id, interface_id, interface_code, params, row_count, status, message, duration_ms, at)
    select c.id, i.id, e.interface_code, e.params, e.row_count, e.status, e.message, e.duration_ms, e.at
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as e(
      consumer_id integer, interface_id integer, interface_code text, params jsonb, row_count integer,
      status smallint, message text, duration_ms integer, at timestamptz, n integer)
    left join interface_consumers c on c.id = e.consumer_id
    left join data_interfaces i on i.id = e.interface_id
    order by e.n`); // ids in the order of the calls
  // Last use: the latest call of each consumer that asked for it.
  const touched = new Map<number, Date>();
  for (const e of batch)
    if (
      e.touchConsumer &&
      e.consumerId !== null &&
      (touched.get(e.consumerId)?.getTime() ?? 0) < e.at.getTime()
    )
      touched.set(e.consumerId, e.at);
  for (const [id, at] of touched)
    await db.execute(
      sql`update interface_consumers set last_used_at = greatest(last_used_at, ${at.toISOString()}::timestamptz) where id = ${id}`,
    );
}

export function createAccessLogWriter(
  db: Pick<Queryable, 'execute'>,
  logger: Pick<Logger, 'error'>,
): AccessLogWriter {
  let queue: AccessLogEntry[] = [];
  /** The write under way; a flush waits for it and then writes what queued meanwhile. */
  let writing: Promise<void> | undefined;
  let scheduled: NodeJS.Timeout | undefined;
  let retry: NodeJS.Timeout | undefined;

  async function writeQueued(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.slice(0, BATCH_MAX);
      queue = queue.slice(batch.length);
      try {
        await writeBatch(db, batch);
      } catch (error) {
        // Back to the front of the queue, in order; written again on the next flush or retry.
        queue = [...batch, ...queue];
        if (queue.length > QUEUE_MAX) {
          const dropped = queue.length - QUEUE_MAX;
          queue = queue.slice(dropped);
          logger.error(
            { dropped },
            'interface access log: oldest entries dropped, the database refuses them',
          );
        }
        throw error;
      }
    }
  }

  function write(): Promise<void> {
    writing ??= writeQueued().finally(() => {
      writing = undefined;
    });
    return writing;
  }

  function background(): void {
    clearTimeout(scheduled);
    scheduled = undefined;
    write().catch((error: unknown) => {
      logger.error({ err: error, pending: queue.length }, 'interface access log not written; retrying');
      retry ??= setTimeout(() => {
        retry = undefined;
        background();
      }, RETRY_MS);
      retry.unref();
    });
  }

  return {
    add(entry) {
      queue.push(entry);
      // A write under way or a retry takes what queues meanwhile when it is done.
      if (writing || retry) return;
      if (queue.length >= BATCH_MAX) background();
      else scheduled ??= setTimeout(background, BATCH_DELAY_MS);
    },
    async flush() {
      // The write under way may have started before the last entries came: wait, then write the rest.
      while (writing || queue.length > 0) await write();
    },
    get pending() {
      return queue.length;
    },
  };
}
