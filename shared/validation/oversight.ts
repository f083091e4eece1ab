/**
 * Inputs of the oversight hub (中枢清单, /omphalos): the city's open review tasks and the tasks sent back
 * for rework, filtered by district, step (the reviewed kind) and holder. The server validates with these
 * and the console's filters send the same names.
 */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import { auditSubject } from '@shared/domain/statuses';
import { pagingSchema } from './lists';
import { idField } from './numbers';
import { blankToUndefined } from './text';

export const oversightMessages = {
  districtInvalid: '区县编码不正确',
  stepInvalid: '办理环节不正确',
  holderInvalid: '办理人不正确',
  overdueInvalid: '超期条件不正确',
} as const;

const m = oversightMessages;

/** A holder filter: a reviewer's user id, or `pool` for the tasks nobody holds yet. */
export const OVERSIGHT_POOL = 'pool';

const filters = {
  districtCode: z.preprocess(
    blankToUndefined,
    z
      .string(m.districtInvalid)
      .regex(/^\d{6,12}$/, m.districtInvalid)
      .optional(),
  ),
  subjectType: z.preprocess(blankToUndefined, z.enum(auditSubject.values, m.stepInvalid).optional()),
};

export const oversightOpenSchema = pagingSchema.extend({
  ...filters,
  holder: z.preprocess(
    blankToUndefined,
    z.union([z.literal(OVERSIGHT_POOL), idField(m.holderInvalid)], m.holderInvalid).optional(),
  ),
  overdue: z.preprocess(blankToUndefined, z.enum(['0', '1'], m.overdueInvalid).optional()),
});
export type OversightOpenQuery = z.output<typeof oversightOpenSchema>;

export const oversightReturnedSchema = pagingSchema.extend(filters);
export type OversightReturnedQuery = z.output<typeof oversightReturnedSchema>;
