/**
 * A sliding-window limit per key (here: per session): at most `limit` takes within `windowMs`. `take` answers
 * null when allowed (and counts it), else the seconds until the oldest take leaves the window (Retry-After).
 * Keys without a take in the window are dropped on the way, so the map stays as big as the active sessions.
 */
export interface RateLimiter {
  take(key: string | number, now?: number): number | null;
  /** gives back the latest take of `key` (the work it was for was refused elsewhere) */
  refund(key: string | number): void;
}

export function createRateLimiter(limit: number, windowMs: number): RateLimiter {
  const takes = new Map<string | number, number[]>();
  let lastSweep = 0;

  function sweep(now: number) {
    if (now - lastSweep < windowMs) return;
    lastSweep = now;
    for (const [key, times] of takes) if (times[times.length - 1] <= now - windowMs) takes.delete(key);
  }

  return {
    take(key, now = Date.now()) {
      sweep(now);
      const times = (takes.get(key) ?? []).filter((t) => t > now - windowMs);
      if (times.length >= limit) {
        takes.set(key, times);
        return Math.max(1, Math.ceil((times[0] + windowMs - now) / 1000));
      }
      times.push(now);
      takes.set(key, times);
      return null;
    },
    refund(key) {
      takes.get(key)?.pop();
    },
  };
}
