/**
 * Crash points for the test suite's real-process crash tests (test/treasury-crash.postgres.test.ts): with
 * NODE_ENV=test, TEST_CRASH_AT=<work>:<point> kills this process at that point of that work with SIGKILL, as a power
 * cut would: no handler runs, no transaction commits, nothing is flushed. Read in no other mode, so a deployment
 * cannot be made to crash by a setting.
 */
export function testCrashPoints<P extends string>(
  work: string,
  points: readonly P[],
): Partial<Record<P, () => void>> | undefined {
  if (process.env.NODE_ENV !== 'test') return undefined;
  const at = process.env.TEST_CRASH_AT ?? '';
  const split = at.lastIndexOf(':');
  const point = at.slice(split + 1) as P;
  if (split < 0 || at.slice(0, split) !== work || !points.includes(point)) return undefined;
  const crash = () => {
    process.kill(process.pid, 'SIGKILL');
  };
  return { [point]: crash } as Partial<Record<P, () => void>>;
}
