import { PLEDGE_AMOUNT, type TTransactionType } from '@aidf/contract';
import type { Repositories } from '../db/repositories/index.ts';
import { bookBatch } from '../domain/ledger/book-batch.ts';
import { PLATFORM } from '../domain/ledger/platform-accounts.ts';
import { notifyBatch } from '../domain/notifications/batch-notices.ts';
import { pledgeConfig } from '../domain/pledge/pledge-config.ts';
import { type DailyBatch, dailyBatchJob } from './daily-batch-job.ts';
import type { DailyJob } from './daily-job.ts';

const SETTLEMENT: TTransactionType = 'cow-fund-settlement';
const RELEASE: TTransactionType = 'cow-fund-release';
/** An auto-renewed pledge's principal, released and taken again into the new pledge (RULES.md "Pledge"). */
const RENEW_BUY: TTransactionType = 'cow-fund-buy';

/**
 * `pledge-settlement` (RULES.md "Pledge"): each running pledge earns its cumulative true-up for the day
 * (cow-fund-settlement into normal AIDF, from issuance) and, on its last day, its principal back
 * (cow-fund-release, from the pledge pool) or, with auto-renew on, into a new pledge (cow-fund-buy back to the
 * pledge pool, the same movement), in batches of users (one ledger line per user, type and day).
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
  const config = await pledgeConfig(tx);
  const renewal = { rates: config.rates, min: PLEDGE_AMOUNT.min, max: PLEDGE_AMOUNT.max, buy: RENEW_BUY };
  const { claimed, movementId } = await bookBatch(tx, {
    type: SETTLEMENT,
    idemKey: batch.idemKey,
    ref: batch.day,
    currency: 'aidf',
    counters: [
      { type: SETTLEMENT, platform: PLATFORM.issuance },
      { type: RELEASE, platform: PLATFORM.pledgePool },
      { type: RENEW_BUY, platform: PLATFORM.pledgePool },
    ],
    users: tx.pledges.settlementUsers(batch),
    source: (movementId) =>
      tx.pledges.settlementSource({ ...batch, movementId, settlement: SETTLEMENT, release: RELEASE, renewal }),
  });
  if (movementId !== null && claimed > 0) {
    const told = { movementId, currency: 'aidf', day: batch.day };
    // What came back to the balance (released less renewed), and apart from it what was renewed: a renewed
    // principal did not return to the balance, and its notice must not say so.
    const returned = [
      { type: RELEASE, sign: 1 as const },
      { type: RENEW_BUY, sign: 1 as const },
    ];
    await notifyBatch(tx, { ...told, terms: returned, kind: 'pledge-matured', key: `pledge-release:${batch.day}` });
    const renewed = [{ type: RENEW_BUY, sign: -1 as const }];
    await notifyBatch(tx, { ...told, terms: renewed, kind: 'pledge-renewed', key: `pledge-renew:${batch.day}` });
    const earned = [{ type: SETTLEMENT, sign: 1 as const }];
    await notifyBatch(tx, { ...told, terms: earned, kind: 'daily-bonuses', key: `day:${batch.day}` });
  }
  return claimed;
}
