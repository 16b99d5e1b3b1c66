/**
 * At most `max` calls per key in each fixed window of `windowMs`, counted in this process's memory: for what
 * protects this process only (a database counter would make readiness depend on a write). Keys are forgotten
 * when the window turns; beyond `maxKeys` distinct keys in one window new keys are refused, so memory stays
 * bounded under a flood from many addresses.
 */
export function localWindowLimit(options: { max: number; windowMs: number; maxKeys?: number }, now = () => Date.now()) {
  const maxKeys = options.maxKeys ?? 10_000;
  let windowStart = 0;
  let counts = new Map<string, number>();
  return {
    /** Counts one call of `key`; false when it is over the limit. */
    take(key: string): boolean {
      const start = Math.floor(now() / options.windowMs) * options.windowMs;
      if (start !== windowStart) {
        windowStart = start;
        counts = new Map();
      }
      const seen = counts.get(key);
      if (seen === undefined && counts.size >= maxKeys) return false;
      const count = (seen ?? 0) + 1;
      counts.set(key, count);
      return count <= options.max;
    },
  };
}
