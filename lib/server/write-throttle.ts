/**
 * Bookkeeping that only has to be roughly fresh (a session's last activity, a token's
 * last_used_at) is written at most once per interval. Concurrent requests all see the same stale
 * value; this remembers, per key, that this process has just written it, so one of them writes
 * instead of all (decision record 010: no write per request). The SQL stays conditional for other instances.
 */
export function writeThrottle(intervalMs: number, maxKeys = 10_000) {
  const lastWrite = new Map<string, number>();
  return {
    /** True when the caller should write now (and is counted as having written). */
    claim(key: string, nowMs: number): boolean {
      const previous = lastWrite.get(key);
      if (
        previous !== undefined &&
        nowMs >= previous &&
        nowMs - previous < intervalMs
      )
        return false;
      lastWrite.delete(key);
      // Bounded, oldest first: forgetting a key only costs one extra write.
      if (lastWrite.size >= maxKeys)
        lastWrite.delete(lastWrite.keys().next().value as string);
      lastWrite.set(key, nowMs);
      return true;
    },
  };
}
