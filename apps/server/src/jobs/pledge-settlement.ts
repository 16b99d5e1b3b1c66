import type { TTransactionType } from '@aidf/contract';
import type { Repositories } from '../db/repositories/index.ts';
import { bookBatch } from '../domain/ledger/book-batch.ts';
import { PLATFORM } from '../domain/ledger/platform-accounts.ts';
import { type DailyBatch, dailyBatchJob } from './daily-batch-job.ts';
import type { DailyJob } from './daily-job.ts';

const SETTLEMENT: TTransactionType = 'cow-fund-settlement';
const RELEASE: TTransactionType = 'cow-fund-release';

/**
 * `pledge-settlement` (RULES.md "Pledge"): each running pledge earns its cumulative true-up for the day
 * (cow-fund-settlement into normal AIDF, from issuance) and, on its last day, its principal back
 * (cow-fund-release, from the pledge pool), in batches of users (one ledger line per user, type and day).
 */
export function pledgeSettlementJob(
  options: { batchSize?: number; afterBatch?: (paid: number) => void } = {},
): DailyJob {
  return dailyBatchJob({
    name: 'pledge-settlement',
    // 20,000 measured best on PostgreSQL: fewer commits and account scans, and still well under a second a batch.
    batchSize: options.batchSize ?? 20_000,
    afterBatch: options.afterBatch,
    nextBatchEnd: (tx, afterUser, size) => tx.pledges.nextBatchEnd(afterUser, size),
    book: settlePledgeBatch,
  });
}

/** One settlement batch inside the caller's transaction; answers how many pledges it paid. */
export async function settlePledgeBatch(tx: Repositories, batch: DailyBatch): Promise<number> {
  await tx.pledges.beginSettlementBatch();
  const { claimed } = await bookBatch(tx, {
    type: SETTLEMENT,
    idemKey: batch.idemKey,
    ref: batch.day,
    currency: 'aidf',
    counters: [
      { type: SETTLEMENT, platform: PLATFORM.issuance },
      { type: RELEASE, platform: PLATFORM.pledgePool },
    ],
    users: tx.pledges.settlementUsers(batch),
    source: (movementId) =>
      tx.pledges.settlementSource({ ...batch, movementId, settlement: SETTLEMENT, release: RELEASE }),
  });
  return claimed;
}
