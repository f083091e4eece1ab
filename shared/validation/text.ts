/**
 * For z.preprocess: an empty or blank form field counts as not given (so `.optional()` applies),
 * whatever else the field would have to be.
 */
export const blankToUndefined = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * For z.preprocess: a list that a form field carries as one comma separated string ('101, 201')
 * becomes its trimmed, non-empty parts; an array (JSON) passes as it is.
 */
export const commaSeparated = (value: unknown): unknown =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
    : value;
