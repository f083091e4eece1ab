import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limit';

describe('createRateLimiter', () => {
  it('lets `limit` requests of a key through per window, then refuses until the next window', () => {
    const limiter = createRateLimiter({ limit: 3, windowMs: 1000 });
    expect([0, 10, 20, 30].map((at) => limiter.take('a', at))).toEqual([true, true, true, false]);
    // Another key has its own budget.
    expect(limiter.take('b', 40)).toBe(true);
    expect(limiter.take('a', 999)).toBe(false);
    expect(limiter.take('a', 1000)).toBe(true);
  });

  it('keeps at most maxKeys keys; an evicted key starts afresh', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000, maxKeys: 2 });
    expect(limiter.take('a', 0)).toBe(true);
    expect(limiter.take('a', 1)).toBe(false);
    limiter.take('b', 2);
    limiter.take('c', 3);
    expect(limiter.take('a', 4)).toBe(true);
  });
});
