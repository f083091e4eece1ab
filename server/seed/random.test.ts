import { describe, expect, it } from 'vitest';
import { Rng } from './random';

describe('Rng', () => {
  it('repeats for the same seed and differs for another', () => {
    const a = new Rng('x');
    const b = new Rng('x');
    const c = new Rng('y');
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(seqA);
  });

  it('forks are independent of how much the parent was used', () => {
    const a = new Rng('x');
    const b = new Rng('x');
    b.next();
    expect(a.fork('part').next()).toBe(b.fork('part').next());
  });

  it('stays within ranges and picks by weight', () => {
    const rng = new Rng('ranges');
    const counts = { a: 0, b: 0 };
    for (let i = 0; i < 5000; i++) {
      const n = rng.int(3, 5);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(5);
      counts[
        rng.weighted([
          ['a', 9],
          ['b', 1],
        ] as const)
      ]++;
    }
    expect(counts.a).toBeGreaterThan(counts.b * 5);
    expect(rng.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(rng.shuffle([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
