import type { TCurrency, TTransactionType } from '@aidf/contract';
import type { SQL } from 'drizzle-orm';
import type { Repositories } from '../db/repositories/index.ts';
import { bookBatch } from '../domain/ledger/book-batch.ts';
import { type DailyBatch, dailyBatchJob } from './daily-batch-job.ts';
import type { DailyJob } from './daily-job.ts';

/**
 * A job that pays users every UTC day through the ledger, declared in one entry of jobs/registry.ts: what it
 * pays (`due`, the repository's SQL), under which transaction type, in which currency, from which platform account.
 */
export interface DailyPayingDefinition {
  name: string;
  type: TTransactionType;
  currency: TCurrency;
  /** The platform account (a PLATFORM code) the payments come from, usually PLATFORM.issuance. */
  platform: string;
  /** Items a batch takes (20,000 measured best for the mining and the settlement on PostgreSQL). */
  batchSize?: number;
  /** The last user of the next batch after `afterUser`, or null when nothing is left to pay. */
  nextBatchEnd: (tx: Repositories, afterUser: bigint, size: number) => Promise<bigint | null>;
  /**
   * What the batch owes on `batch.day`, set-based: a query of rows (item_id, user_id, amount) for the users after
   * `batch.afterUser` up to `batch.lastUser`. An item paid that day already is skipped (daily_payouts).
   */
  due: (tx: Repositories, batch: DailyBatch) => SQL;
}

/**
 * The daily paying job of a definition: batches of whole users (dailyBatchJob), each booked as one set-based
 * movement (bookBatch) whose lines are the items claimed in daily_payouts, so a day is paid once per item however
 * often it runs.
 */
export function dailyPayingJob(definition: DailyPayingDefinition): DailyJob {
  return dailyBatchJob({
    name: definition.name,
    batchSize: definition.batchSize ?? 20_000,
    nextBatchEnd: definition.nextBatchEnd,
    async book(tx, batch) {
      const due = definition.due(tx, batch);
      const { claimed } = await bookBatch(tx, {
        type: definition.type,
        idemKey: batch.idemKey,
        ref: batch.day,
        currency: definition.currency,
        counters: [{ type: definition.type, platform: definition.platform }],
        users: tx.batchBooking.dailyPayoutUsers(due),
        createUserAccounts: true,
        source: (movementId) =>
          tx.batchBooking.dailyPayoutSource({
            job: definition.name,
            day: batch.day,
            movementId,
            type: definition.type,
            due,
          }),
      });
      return claimed;
    },
  });
}
