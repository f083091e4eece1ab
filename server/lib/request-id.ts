import { randomBytes } from 'node:crypto';

/** Set by the front server on every request (any incoming value is replaced) and echoed back. */
export const REQUEST_ID_HEADER = 'x-request-id';

export function newRequestId(): string {
  return randomBytes(8).toString('hex');
}
