import pino from 'pino';
import type { Config } from '../config';

export type Logger = pino.Logger;

/**
 * Structured JSON logs on stdout, one object per line (pino). Written asynchronously: a synchronous
 * write per request line cost a fifth of the cached hall's throughput. Call `exitAfterFlush` instead
 * of process.exit so the last lines are not lost.
 */
export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino(
    {
      level: config.logLevel,
      base: { service: 'survey-hall' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    pino.destination({ dest: 1, sync: false }),
  );
}

/** Writes out what the logger still buffers, then exits. */
export function exitAfterFlush(logger: Logger, code: number): void {
  logger.flush(() => process.exit(code));
}
