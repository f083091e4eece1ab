import { randomBytes } from 'node:crypto';

/** Set by the front server on every request (any incoming value is replaced) and echoed back. */
export const REQUEST_ID_HEADER = 'x-request-id';

// Request ids need to be unique, not unpredictable: a random prefix per process and a counter. (A
// randomBytes call per request took 15% of the cached hall's CPU.)
const processPrefix = randomBytes(4).toString('hex');
let counter = 0;

/** 16 hex characters: 8 of the process prefix, 8 of a counter that wraps after 4 billion requests. */
export function newRequestId(): string {
  counter = (counter + 1) >>> 0;
  return processPrefix + counter.toString(16).padStart(8, '0');
}
