/** One message per field, in the order the form shows its fields. */
export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * The first message of each field from a zod failure (`result.error.issues`); an issue without a path
 * belongs to `fallbackField`. The shared schemas carry the spec's exact texts, so these are shown as is.
 */
export function fieldErrorsFromIssues<K extends string>(
  issues: readonly IssueLike[],
  fallbackField?: K,
): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of issues) {
    const first = issue.path[0];
    const field = (typeof first === 'string' ? first : fallbackField) as K | undefined;
    if (field === undefined || errors[field] !== undefined) continue;
    errors[field] = issue.message;
  }
  return errors;
}

/** The entries of `errors` in `order` (the summary lists them as the form shows the fields). */
export function orderedErrors<K extends string>(
  errors: FieldErrors<K>,
  order: readonly K[],
): { field: K; message: string }[] {
  return order.flatMap((field) => {
    const message = errors[field];
    return message ? [{ field, message }] : [];
  });
}
