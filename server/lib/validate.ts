/**
 * Request validation with the shared zod schemas. A failure is a 400 in the spec's envelope carrying
 * the schema's own (Chinese) message for the first problem and the field it belongs to.
 */
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { AppError } from '@shared/errors/app-error';

export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      throw new AppError('invalid_input', {
        message: issue?.message ?? '提交的数据不正确',
        field: issue?.path.join('.') || undefined,
      });
    }
  });
}
