/**
 * Request validation with the shared zod schemas. A failure is a 400 in the spec's envelope carrying
 * the schema's own (Chinese) message for the first problem and the field it belongs to.
 */
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z, ZodType } from 'zod';
import { AppError } from '@shared/errors/app-error';
import '@shared/validation/locale';

/** The 400 for a failed parse: the first problem's message and field. */
function invalidInput(error: {
  issues: readonly { message: string; path: readonly PropertyKey[] }[];
}): AppError {
  const issue = error.issues[0];
  return new AppError('invalid_input', {
    message: issue?.message ?? '提交的数据不正确',
    field: issue?.path.map(String).join('.') || undefined,
  });
}

/** Hono middleware validating one part of the request (query, form, json, param). */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw invalidInput(result.error);
  });
}

/** Parses data a route put together itself (a multipart form, merged fields) with a shared schema. */
export function parseInput<S extends ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw invalidInput(result.error);
}
