/**
 * Counts attempts per key within a sliding time window, in memory (one server process). Time
 * comes from the app's clock so tests can move it.
 */
export function createSlidingWindowLimiter(options: { limit: number; windowMs: number; now: () => Date }) {
  const { limit, windowMs, now } = options;
  const hits = new Map<string, number[]>();
  let sinceSweep = 0;

  /** Forgets keys whose attempts have all left the window, so memory stays bounded. */
  function sweep(current: number) {
    for (const [key, times] of hits) if (times.every((t) => t <= current - windowMs)) hits.delete(key);
  }

  return {
    /** Records an attempt if allowed; otherwise tells how long until the next one may be made. */
    attempt(key: string): { allowed: true } | { allowed: false; retryAfterMs: number } {
      const current = now().getTime();
      if (++sinceSweep >= 1000) {
        sinceSweep = 0;
        sweep(current);
      }
      const recent = (hits.get(key) ?? []).filter((t) => t > current - windowMs);
      if (recent.length >= limit) {
        hits.set(key, recent);
        return { allowed: false, retryAfterMs: recent[0]! + windowMs - current };
      }
      recent.push(current);
      hits.set(key, recent);
      return { allowed: true };
    },
  };
}

export type SlidingWindowLimiter = ReturnType<typeof createSlidingWindowLimiter>;
