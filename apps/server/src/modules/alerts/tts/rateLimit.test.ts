/** The sliding-window limit behind the 429 of /tts/api: counts per key, frees as takes leave the window. */
import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rateLimit.js';

describe('rate limiter', () => {
  it('allows `limit` takes per window and key, then answers the seconds until the oldest leaves', () => {
    const limiter = createRateLimiter(3, 60_000);
    expect(limiter.take('a', 0)).toBeNull();
    expect(limiter.take('a', 10_000)).toBeNull();
    expect(limiter.take('a', 20_000)).toBeNull();
    expect(limiter.take('a', 30_000)).toBe(30); // the take at 0 leaves at 60 s
    expect(limiter.take('b', 30_000)).toBeNull(); // per key
    expect(limiter.take('a', 60_001)).toBeNull(); // the oldest left
    expect(limiter.take('a', 60_002)).toBe(10);
  });

  it('a refunded take is not counted', () => {
    const limiter = createRateLimiter(1, 60_000);
    expect(limiter.take(7, 0)).toBeNull();
    limiter.refund(7);
    expect(limiter.take(7, 1)).toBeNull();
    expect(limiter.take(7, 2)).toBe(60);
  });
});
