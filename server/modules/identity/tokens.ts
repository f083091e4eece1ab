import { createHash, randomBytes } from 'node:crypto';

/**
 * Ticket and session ids: a prefix and 160 random bits in hex, so only A-Z a-z 0-9 and '-' appear
 * (issue 3) and guessing is hopeless. The database keeps only `hashId(id)`.
 */
export function newId(prefix: 'TGT' | 'ST' | 'SID'): string {
  return `${prefix}-${randomBytes(20).toString('hex')}`;
}

export function hashId(id: string): string {
  return createHash('sha256').update(id, 'utf8').digest('hex');
}

export const ID_PATTERN = /^[A-Za-z0-9-]{1,200}$/;
