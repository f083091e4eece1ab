/**
 * A per-key request budget in memory (per instance): at most `limit` requests per `windowMs` for each
 * key (a client address), in fixed windows. For public reads that anyone may hammer (the certificate
 * verification, issue 22); nginx in front limits too (deploy/nginx). The keys are bounded (LRU), so a
 * flood of addresses cannot grow it without end; an evicted address starts a fresh window, which at
 * worst lets it through once more.
 */
import { LRUCache } from 'lru-cache';

export interface RateLimiter {
  /** Counts one request of `key`; false when its budget for the current window is spent. */
  take(key: string, now?: number): boolean;
}

export function createRateLimiter(options: {
  limit: number;
  windowMs: number;
  maxKeys?: number;
}): RateLimiter {
  const windows = new LRUCache<string, { start: number; count: number }>({ max: options.maxKeys ?? 10_000 });
  return {
    take(key, now = Date.now()) {
      const current = windows.get(key);
      if (!current || now - current.start >= options.windowMs) {
        windows.set(key, { start: now, count: 1 });
        return true;
      }
      current.count += 1;
      return current.count <= options.limit;
    },
  };
}
