/**
 * For z.preprocess: an empty or blank form field counts as not given (so `.optional()` applies),
 * whatever else the field would have to be.
 */
export const blankToUndefined = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
