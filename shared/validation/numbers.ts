/**
 * Whole numbers as forms, query strings and path parameters carry them. `Number()` would take '0x10',
 * '1e1', '+16' and '16.0'; ids and counts here are decimal digits only, and never beyond PostgreSQL's
 * integer (an id above 2^31−1 is a 400, not a database error).
 */
import { z } from 'zod';

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
