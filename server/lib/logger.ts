import pino from 'pino';
import type { Config } from '../config';

export type Logger = pino.Logger;

/** Lines are gathered up to this many characters, and written at least this often. */
const BATCH_CHARS = 16 * 1024;
const FLUSH_EVERY_MS = 1000;

/** Where batches go: pino's sonic-boom destination, or anything that writes strings and flushes. */
export interface LineSink {
  write(data: string): unknown;
  flush(callback?: (error?: Error | null) => void): void;
}

/**
 * pino's destination: lines are kept in an array and handed on joined, one write per batch. Handing
 * sonic-boom each line itself measured 8% of the cached hall's CPU at the default level (it measures
 * the byte length of its whole pending buffer on every write); a batch costs that once.
 */
export class LineBatcher {
  private lines: string[] = [];
  private chars = 0;
  private readonly sink: LineSink;
  private readonly batchChars: number;

  constructor(sink: LineSink, batchChars = BATCH_CHARS) {
    this.sink = sink;
    this.batchChars = batchChars;
  }

  write(line: string): boolean {
    this.lines.push(line);
    this.chars += line.length;
    if (this.chars >= this.batchChars) this.handOn();
    return true;
  }

  /** Hands on what is gathered and lets the sink write it all out; pino's `logger.flush` calls this. */
  flush(callback?: (error?: Error | null) => void): void {
    this.handOn();
    this.sink.flush(callback);
  }

  private handOn(): void {
    if (this.lines.length === 0) return;
    const batch = this.lines.join('');
    this.lines = [];
    this.chars = 0;
    this.sink.write(batch);
  }
}

/**
 * Structured JSON logs on stdout, one object per line (pino). Batched and written asynchronously: a
 * write per request line cost a third of the cached hall's throughput; lines now reach stdout within
 * a second. Call `exitAfterFlush` instead of process.exit so the last lines are not lost.
 */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  // Every batch is written at once; a minLength above 0 only makes sonic-boom's flush wait for the
  // write in flight (at 0 it calls back at once, and exitAfterFlush could lose the last lines).
  sink: LineSink = pino.destination({ dest: 1, sync: false, minLength: 1 }),
  flushEveryMs = FLUSH_EVERY_MS,
): Logger {
  const batcher = new LineBatcher(sink);
  setInterval(() => batcher.flush(), flushEveryMs).unref();
  const logger = pino(
    {
      level: config.logLevel,
      base: BASE,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    batcher,
  );
  batchers.set(logger, batcher);
  return logger;
}

const BASE = { service: 'survey-hall' };
/** The destination of each logger made by createLogger (its access lines go there directly). */
const batchers = new WeakMap<Logger, LineBatcher>();

/** One answered request, as the front logs it. */
export interface AccessEntry {
  requestId: string;
  method: string;
  url: string;
  status: number;
  ms: number;
}

/**
 * The access log: one line per answered request at `info`, or null when that level is off. For a
 * logger of createLogger the line is written by hand, exactly as pino would write it (same fields,
 * same order: the test compares them), straight into its batch: pino's generic serializing was a
 * measurable part of a cached page's cost, and an access line is all strings and numbers.
 */
export function createAccessLog(logger: Logger): ((entry: AccessEntry) => void) | null {
  if (!logger.isLevelEnabled('info')) return null;
  const batcher = batchers.get(logger);
  if (!batcher) return (entry) => logger.info(entry, 'request');
  const bindings = Object.entries(BASE)
    .map(([key, value]) => `,${JSON.stringify(key)}:${JSON.stringify(value)}`)
    .join('');
  return ({ requestId, method, url, status, ms }) => {
    batcher.write(
      `{"level":"info","time":"${new Date().toISOString()}"${bindings},"requestId":${JSON.stringify(requestId)},"method":${JSON.stringify(method)},"url":${JSON.stringify(url)},"status":${status},"ms":${ms},"msg":"request"}\n`,
    );
  };
}

/** Writes out what the logger still holds, then exits. */
export function exitAfterFlush(logger: Logger, code: number): void {
  logger.flush(() => process.exit(code));
}
