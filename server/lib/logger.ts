import pino from 'pino';
import type { Config } from '../config';

export type Logger = pino.Logger;

/** Structured JSON logs on stdout, one object per line (pino). */
export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    base: { service: 'survey-hall' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  });
}
