import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { drawHashInput, drawIndex, drawWinner, frozenCandidates } from './selection';

const sha256hex = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the draw arithmetic', () => {
  it('is the issue’s formula: candidates[BigInt(0x + sha256hex(salt:demandId:ids)) % n]', () => {
    const salt = 'ab'.repeat(32);
    const candidates = [3, 7, 12, 40];
    const input = drawHashInput(salt, 91, candidates);
    expect(input).toBe(`${salt}:91:3,7,12,40`);
    const hash = sha256hex(input);
    const expected = candidates[Number(BigInt(`0x${hash}`) % 4n)];
    expect(drawWinner(hash, candidates)).toBe(expected);
  });

  it('uses the whole 256-bit value, not a float of it', () => {
    // Compared with BigInt arithmetic: Number(hash) would lose everything past 53 bits.
    const max = 'f'.repeat(64);
    expect(drawIndex(max, 7)).toBe(Number(((1n << 256n) - 1n) % 7n));
    expect(drawIndex(max, 1_000_003)).toBe(Number(((1n << 256n) - 1n) % 1_000_003n));
  });

  it('freezes candidates ascending without duplicates, and refuses none', () => {
    expect(frozenCandidates([12, 3, 40, 3, 7])).toEqual([3, 7, 12, 40]);
    expect(() => drawIndex('00', 0)).toThrow(RangeError);
  });
});
