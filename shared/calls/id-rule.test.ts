/**
 * One id rule for every call (issue 21, finding 2): an id — a path parameter or an input field named
 * `id`, `ids`, `pkid`, `pkids`, `…Id` or `…Ids` that takes '16' — is decimal digits in 1 … 2^31−1.
 * Anything else is refused by the call's input schema (a 400 with its message), never passed on to
 * the database (an id above 2^31−1 there is a 500).
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { ApiCall } from './define';

const modules = import.meta.glob<Record<string, unknown>>('./*.ts', { eager: true });

function isCall(value: unknown): value is ApiCall {
  return typeof value === 'object' && value !== null && 'operationId' in value && 'input' in value;
}

const calls: ApiCall[] = Object.entries(modules)
  .filter(([file]) => !file.endsWith('.test.ts'))
  .flatMap(([, exports]) => Object.values(exports))
  .filter((value): value is Record<string, unknown> => typeof value === 'object' && value !== null)
  .flatMap((group) => Object.values(group).filter(isCall));

/** The object shape under preprocess/pipe wrappers, when there is one. */
function shapeOf(schema: z.ZodType): Record<string, unknown> | undefined {
  const s = schema as unknown as { shape?: Record<string, unknown>; _zod: { def: Record<string, unknown> } };
  if (s.shape) return s.shape;
  const def = s._zod.def;
  if (def.type === 'pipe') return shapeOf(def.in as z.ZodType) ?? shapeOf(def.out as z.ZodType);
  return undefined;
}

const ID_NAME = /^(id|ids|pkid|pkids)$|[a-z](Id|Ids|ID)$/;

/** Does parsing `{ field: value }` report an issue on that field? */
function refuses(schema: z.ZodType, field: string, value: string): boolean {
  const result = schema.safeParse({ [field]: value });
  return !result.success && result.error.issues.some((issue) => issue.path[0] === field);
}

/** Fields named like ids that are not numeric ids: texts the rule does not apply to. */
const NOT_NUMERIC_IDS = new Set([
  'casProtocol.v1ServiceTicket tgt', // a ticket-granting ticket, 'TGT-…'
  'casProtocol.v1EndTicket tgt',
  'cas.serviceTicket tgt',
  'externalEntry.loginCheck ticketId', // the external sign-on's ticket
  'casServices.save serviceId', // Apereo's serviceId: an address pattern
  'messages.send roleId', // a role code (shared/domain/roles.ts)
]);

const BAD_IDS = ['2147483648', '16,2147483648', '99999999999', '0x10', '1e1', '+16', '16.0', '0', '-1'];

describe('one id rule for every call', () => {
  const cases = calls.flatMap((call) => {
    const fields = new Set([...call.pathParams, ...Object.keys(shapeOf(call.input) ?? {})]);
    return [...fields]
      .filter((field) => ID_NAME.test(field) || call.pathParams.includes(field))
      .filter((field) => !NOT_NUMERIC_IDS.has(`${call.operationId} ${field}`))
      .filter((field) => !refuses(call.input, field, '16'))
      .map((field) => ({ operation: call.operationId, field, schema: call.input }));
  });

  it('finds the id fields of the calls', () => {
    expect(cases.length).toBeGreaterThan(50);
  });

  it('refuses an out-of-range or fractional JSON number as an id', () => {
    const numeric = calls.flatMap((call) =>
      [...new Set([...call.pathParams, ...Object.keys(shapeOf(call.input) ?? {})])]
        .filter((field) => ID_NAME.test(field) && !NOT_NUMERIC_IDS.has(`${call.operationId} ${field}`))
        .filter((field) => {
          const result = call.input.safeParse({ [field]: 16 });
          return result.success || !result.error.issues.some((issue) => issue.path[0] === field);
        })
        .map((field) => ({ operation: call.operationId, field, schema: call.input })),
    );
    expect(numeric.length).toBeGreaterThan(50);
    const accepted = numeric.flatMap(({ operation, field, schema }) =>
      [2147483648, 1e11, 16.5, 0, -1]
        .filter((value) => {
          const result = schema.safeParse({ [field]: value });
          return result.success || !result.error.issues.some((issue) => issue.path[0] === field);
        })
        .map((value) => `${operation} ${field}=${value}`),
    );
    expect(accepted).toEqual([]);
  });

  it('takes a list of valid ids where a list is taken', () => {
    const list = cases.filter(({ field }) => field.endsWith('ids') || field.endsWith('Ids'));
    const refused = list
      .filter(({ schema, field }) => refuses(schema, field, '16,17'))
      .map(({ operation, field }) => `${operation} ${field}`);
    expect(refused).toEqual([]);
  });

  it('refuses a non-decimal or out-of-range id in every call', () => {
    const accepted = cases.flatMap(({ operation, field, schema }) =>
      BAD_IDS.filter((value) => !refuses(schema, field, value)).map(
        (value) => `${operation} ${field}=${value}`,
      ),
    );
    expect(accepted).toEqual([]);
  });
});
