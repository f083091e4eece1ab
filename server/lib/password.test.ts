import { describe, expect, it } from 'vitest';
import { LOCKED_PASSWORD, hashPassword, md5Hex, verifyPassword } from './password';

describe('password', () => {
  it('md5Hex matches the browser (lowercase hex of UTF-8)', () => {
    expect(md5Hex('Survey2026')).toBe('ab55adf804a3df5796c6c0dc9914c7db');
    expect(md5Hex('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(md5Hex('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(md5Hex('测绘')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('hashes in the self-describing scrypt format with a fresh salt', async () => {
    const md5 = md5Hex('Survey2026');
    const first = await hashPassword(md5);
    const second = await hashPassword(md5);
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain(md5);
  });

  it('verifies the right password and rejects a wrong one', async () => {
    const stored = await hashPassword(md5Hex('Survey2026'));
    expect(await verifyPassword(md5Hex('Survey2026'), stored)).toBe(true);
    expect(await verifyPassword(md5Hex('Survey2026').toUpperCase(), stored)).toBe(true);
    expect(await verifyPassword(md5Hex('survey2026'), stored)).toBe(false);
    expect(await verifyPassword('Survey2026', stored)).toBe(false);
  });

  it('refuses to hash something that is not md5 hex', async () => {
    await expect(hashPassword('Survey2026')).rejects.toThrow(TypeError);
  });

  it('never throws on malformed or locked stored values', async () => {
    const md5 = md5Hex('x');
    for (const stored of [LOCKED_PASSWORD, '', 'scrypt$1$8$1$aa$bb', 'scrypt$16384$8$1$$', 'bcrypt$x', md5]) {
      expect(await verifyPassword(md5, stored)).toBe(false);
    }
  });
});
