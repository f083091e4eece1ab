import { ilike, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The ILIKE pattern for "contains this text": `%`, `_` and `\` typed by a person are literal
 * characters, not wildcards (PostgreSQL's default escape character is `\`).
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Any of `columns` contains `text` (case-insensitive): a list's keyword search over its fields. */
export function containsAny(text: string, ...columns: AnyPgColumn[]): SQL {
  const pattern = containsPattern(text);
  return or(...columns.map((column) => ilike(column, pattern)))!;
}
