import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Passwords arrive as the lowercase MD5 hex the browser computes (spec section 7, single sign-on). We
 * never store that value: it is a password equivalent. We store a salted scrypt of it in a
 * self-describing form `scrypt$N$r$p$salt$hash` (salt and hash base64url), so the cost can be raised
 * later and old hashes still verify.
 */

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const MD5_HEX = /^[0-9a-f]{32}$/;

function derive(
  secret: string,
  salt: Buffer,
  n: number,
  r: number,
  p: number,
  keyLength: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem must cover 128 * N * r bytes with headroom, or node refuses larger costs.
    scrypt(secret, salt, keyLength, { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** What the browser sends for a typed password: lowercase MD5 hex of its UTF-8 bytes. */
export function md5Hex(plain: string): string {
  return createHash('md5').update(plain, 'utf8').digest('hex');
}

/** Salted scrypt of the md5 hex the browser sent. Throws on anything that is not 32 hex digits. */
export async function hashPassword(md5hex: string): Promise<string> {
  const normalized = md5hex.toLowerCase();
  if (!MD5_HEX.test(normalized)) throw new TypeError('hashPassword expects the md5 hex of a password');
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(normalized, salt, N, R, P, KEY_LENGTH);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * True when md5hex matches the stored hash. Malformed input or a malformed/locked stored value (such
 * as '!' for the guest account) gives false, never an exception.
 */
export async function verifyPassword(md5hex: string, stored: string): Promise<boolean> {
  const normalized = md5hex.toLowerCase();
  if (!MD5_HEX.test(normalized)) return false;
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const isPowerOfTwo = Number.isInteger(n) && n > 1 && (n & (n - 1)) === 0;
  if (
    !isPowerOfTwo ||
    n > 1 << 20 ||
    !Number.isInteger(r) ||
    r < 1 ||
    r > 32 ||
    !Number.isInteger(p) ||
    p < 1 ||
    p > 16
  )
    return false;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (salt.length === 0 || expected.length < 16) return false;
  const actual = await derive(normalized, salt, n, r, p, expected.length);
  return timingSafeEqual(actual, expected);
}

/** The stored value of an account that cannot sign in with a password (the guest). */
export const LOCKED_PASSWORD = '!';
