/**
 * /readyz is asked by anyone without an account, and each answer used to ask both chains' RPCs. The chains'
 * answer is kept this long, so any number of calls cost at most one probe per period, and each client may ask
 * this often (per process: the probe it protects is this process's).
 */
export const READINESS = {
  chainProbeCacheMs: 5_000,
  perClient: { max: 60, windowMs: 60_000 },
} as const;

/**
 * `load` run at most once per `ttlMs`: callers while it runs share its promise, and its answer is kept for
 * `ttlMs` after it settles (a probe that waited for a timeout does not start the next one at once).
 */
export function cachedFor<T>(ttlMs: number, load: () => Promise<T>, now = () => Date.now()): () => Promise<T> {
  let current: { value: Promise<T>; settledAt: number | null } | null = null;
  return () => {
    if (current && (current.settledAt === null || now() - current.settledAt < ttlMs)) return current.value;
    const entry: { value: Promise<T>; settledAt: number | null } = { value: load(), settledAt: null };
    current = entry;
    entry.value.then(
      () => {
        entry.settledAt = now();
      },
      () => {
        // A failed load is not kept: the next call tries again.
        if (current === entry) current = null;
      },
    );
    return entry.value;
  };
}
