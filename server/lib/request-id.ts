import { randomBytes } from 'node:crypto';

/**
 * Set by the front server on every request and echoed back. An incoming value is replaced, except
 * from a trusted proxy (TRUST_PROXY), whose id is kept so both access logs share it (deploy/nginx).
 */
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

/** nginx's $request_id is 32 hex characters; ours 16. Anything else from a proxy is not an id. */
const PROXY_REQUEST_ID = /^[0-9a-f]{16,64}$/;

/** The id of this request: the trusted proxy's when it sent a well-formed one, else a new one. */
export function requestIdOf(incoming: string | string[] | undefined, trustProxy: boolean): string {
  return trustProxy && typeof incoming === 'string' && PROXY_REQUEST_ID.test(incoming)
    ? incoming
    : newRequestId();
}
