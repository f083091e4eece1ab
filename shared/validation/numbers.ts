/**
 * Whole numbers as forms, query strings and path parameters carry them. `Number()` would take '0x10',
 * '1e1', '+16' and '16.0'; ids and counts here are decimal digits only, and never beyond PostgreSQL's
 * integer (an id above 2^31−1 is a 400, not a database error).
 */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';

export const MAX_INTEGER = 2_147_483_647;

/** A whole number in [min, max] given as a JSON number or a string of decimal digits. */
export function wholeNumber(message: string, { min = 1, max = MAX_INTEGER } = {}) {
  return z
    .union(
      [
        z.number(message),
        z
          .string(message)
          .trim()
          .regex(/^\d{1,10}$/, message),
      ],
      { error: message },
    )
    .pipe(z.coerce.number<string | number>(message).int(message).min(min, message).max(max, message));
}

/** A database id: 1 … 2^31−1. */
export const idField = (message: string) => wholeNumber(message);

/**
 * Several ids: a comma list ('3,5,8', forms and query strings), one id, or an array. Each is an
 * {@link idField}; repeats are dropped. Nothing chosen (blank, missing) answers `emptyMessage`, more
 * than `max` answers `tooMany`.
 */
export function idList(
  message: string,
  {
    max = 1000,
    emptyMessage = message,
    tooMany = message,
  }: { max?: number; emptyMessage?: string; tooMany?: string } = {},
) {
  return z
    .preprocess(
      (value) =>
        typeof value === 'string'
          ? value
              .split(',')
              .map((part) => part.trim())
              .filter((part) => part !== '')
          : typeof value === 'number'
            ? [value]
            : value === false || value === undefined || value === null
              ? []
              : value,
      z.array(idField(message), emptyMessage).min(1, emptyMessage).max(max, tooMany),
    )
    .transform((ids) => [...new Set(ids)]);
}
