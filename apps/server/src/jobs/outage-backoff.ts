import { isDatabaseUnreachable } from '../db/unreachable.ts';

/** The first and the longest pause of a work while the database cannot be reached. */
export interface OutagePauses {
  firstMs: number;
  maxMs: number;
}

/** Defaults: a restart (seconds) is caught within about a second; a failover or a long outage costs a tick in 30 s. */
export const OUTAGE_PAUSES: OutagePauses = { firstMs: 1_000, maxMs: 30_000 };

/**
 * The pause after the `failures`-th tick in a row that found the database unreachable: doubling from `firstMs` up
 * to `maxMs`, each drawn between half and the whole of it, so the instances of a fleet do not all knock at once
 * when PostgreSQL comes back ("equal jitter").
 */
export function outagePauseMs(failures: number, pauses: OutagePauses, random: () => number = Math.random): number {
  const ceiling = Math.min(pauses.maxMs, pauses.firstMs * 2 ** Math.max(0, Math.min(failures - 1, 30)));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * One process's view of a database outage, shared by its work loops: the first tick to find the database unreachable
 * opens the outage (one warning, not one a tick), the first tick to succeed afterwards closes it (one line saying it
 * is back). Each loop keeps its own count of failures in a row, which sets its pause.
 */
export function outageWatch(options: {
  pauses: OutagePauses;
  onStart: (error: unknown) => void;
  onEnd: (downMs: number) => void;
  now?: () => number;
  random?: () => number;
}) {
  const now = options.now ?? Date.now;
  let since: number | null = null;
  return {
    /** A loop of its own: `failed` answers the pause to take instead of the schedule's (null: not an outage). */
    loop() {
      let failures = 0;
      return {
        failed(error: unknown): number | null {
          if (!isDatabaseUnreachable(error)) return null;
          failures++;
          if (since === null) {
            since = now();
            options.onStart(error);
          }
          return outagePauseMs(failures, options.pauses, options.random);
        },
        succeeded() {
          failures = 0;
          if (since === null) return;
          const downMs = now() - since;
          since = null;
          options.onEnd(downMs);
        },
      };
    },
    /** Whether an outage is open (a tick found the database unreachable and none has succeeded since). */
    get down() {
      return since !== null;
    },
  };
}
