import type { CounterWindow } from '../../db/repositories/attempt-counters.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';

/** At most `max` attempts per fixed window of `windowMs`, counted per key of one scope. */
export interface AttemptLimit {
  scope: string;
  max: number;
  windowMs: number;
}

/** The counters one attempt takes: a limit and the key it is counted under (an IP, an account, both). */
export type AttemptCharge = readonly { limit: AttemptLimit; key: string }[];

/** Counted attempts; giving them back makes the attempt count as if it never happened. */
export interface Reservation {
  giveBack(): Promise<void>;
  /** The counter this attempt filled (its count reached the limit: the next one is refused), if any. */
  filled: { scope: string; count: number } | null;
}

function windowOf(limit: AttemptLimit, key: string, now: Date): CounterWindow {
  const start = Math.floor(now.getTime() / limit.windowMs) * limit.windowMs;
  return { scope: limit.scope, key, windowStart: new Date(start), expiresAt: new Date(start + limit.windowMs) };
}

/**
 * Counts one attempt on every counter of `charge`, or on none: when one is full the others taken so far are
 * given back and the call answers 9000 (HTTP 429). The counters live in the database, so the limit holds
 * across instances and under any number of parallel requests.
 */
export async function reserveAttempt(
  repos: Repositories,
  charge: AttemptCharge,
  now = new Date(),
): Promise<Reservation> {
  const taken: CounterWindow[] = [];
  let openedWindow = false;
  let filled: Reservation['filled'] = null;
  const giveBack = async () => {
    for (const w of taken.splice(0)) await repos.attemptCounters.giveBack(w);
  };
  for (const { limit, key } of charge) {
    const w = windowOf(limit, key, now);
    const count = await repos.attemptCounters.take(w, limit.max);
    if (count === null) {
      await giveBack();
      throw new AppError(9000, 'too many attempts, try again later');
    }
    taken.push(w);
    openedWindow ||= count === 1;
    if (count === limit.max) filled ??= { scope: limit.scope, count };
  }
  // Ended windows are forgotten when a new one opens, so the table holds about one window per active key.
  if (openedWindow) await repos.attemptCounters.sweep(now);
  return { giveBack, filled };
}
