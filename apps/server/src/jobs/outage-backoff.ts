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
 * is back). Only a tick that began after the outage opened can close it: a tick that began before, whose query
 * finished just as PostgreSQL went away, says nothing about now (closing on it would say the outage twice). Each
 * loop keeps its own count of failures in a row, which sets its pause.
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
  let ticksBegun = 0;
  /** How many ticks had begun when the open outage opened: those cannot close it. */
  let openedAfter = 0;
  return {
    /**
     * A loop of its own: `began` before each tick, then `failed` (the pause to take instead of the schedule's; null:
     * not an outage) or `succeeded`.
     */
    loop() {
      let failures = 0;
      let tick = 0;
      return {
        began() {
          tick = ++ticksBegun;
        },
        failed(error: unknown): number | null {
          if (!isDatabaseUnreachable(error)) return null;
          failures++;
          if (since === null) {
            since = now();
            openedAfter = ticksBegun;
            options.onStart(error);
          }
          return outagePauseMs(failures, options.pauses, options.random);
        },
        succeeded() {
          failures = 0;
          if (since === null || tick <= openedAfter) return;
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
