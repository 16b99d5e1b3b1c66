import type { Repositories } from '../db/repositories/index.ts';
import type { DailyJob } from './daily-job.ts';

/** One batch of a daily batch job: the users after `afterUser` up to `lastUser`, for `day`. */
export interface DailyBatch {
  day: string;
  afterUser: bigint;
  lastUser: bigint;
  /** The batch's movement key: its job, day and users, so a key taken means this very batch was booked. */
  idemKey: string;
}

/** A set-based money job paid per UTC day in batches of whole users (pledge settlement, machine mining). */
export interface DailyBatchDefinition {
  name: string;
  /** Items (pledges, machines…) a batch takes, a little more when its last user has several. */
  batchSize: number;
  /** The last user of the next batch after `afterUser`, or null when no item is left. */
  nextBatchEnd: (tx: Repositories, afterUser: bigint, size: number) => Promise<bigint | null>;
  /** Books one batch inside its transaction (through bookBatch) and answers how many items it claimed. */
  book: (tx: Repositories, batch: DailyBatch) => Promise<number>;
  afterBatch?: (claimed: number) => void | Promise<void>;
}

/** Nothing was claimed in a batch (another runner paid it): roll its empty movement back. */
const NOTHING_CLAIMED = Symbol('nothing claimed');

/**
 * The one batch loop of the daily money jobs: next batch end → the batch booked in a transaction of its own (one
 * that claimed nothing rolls back, leaving no empty movement) → checkpoint (renews the run's lease between
 * committed batches). A repeated day or a resumed run books nothing twice: each item's unique (item, day) row and
 * each batch's movement key see to it.
 */
export function dailyBatchJob(definition: DailyBatchDefinition): DailyJob {
  return {
    name: definition.name,
    async runDay({ repos, day, checkpoint }) {
      let after = 0n;
      let total = 0;
      for (;;) {
        const last = await repos.transaction((tx) => definition.nextBatchEnd(tx, after, definition.batchSize));
        if (last === null) return total;
        const batch = { day, afterUser: after, lastUser: last, idemKey: `${definition.name}:${day}:${after}-${last}` };
        after = last;
        const claimed = await repos
          .transaction(async (tx) => {
            const n = await definition.book(tx, batch);
            if (n === 0) throw NOTHING_CLAIMED;
            return n;
          })
          .catch((error: unknown) => {
            if (error === NOTHING_CLAIMED) return 0;
            throw error;
          });
        total += claimed;
        await definition.afterBatch?.(claimed);
        await checkpoint();
      }
    },
  };
}
