import type { TTransactionType } from '@aidf/contract';
import { bookBatch } from '../domain/ledger/book-batch.ts';
import { PLATFORM } from '../domain/ledger/platform-accounts.ts';
import { notifyBatch } from '../domain/notifications/batch-notices.ts';
import { dailyBatchJob } from './daily-batch-job.ts';
import type { DailyJob } from './daily-job.ts';

const MINT_INCOME: TTransactionType = 'cow-ai-machine-mint-income';

/**
 * `machine-mining` (RULES.md "AI miner"): each running machine mines its daily income in AIDF
 * (cow-ai-machine-mint-income, from issuance) until it has paid its cap; the last day pays only up to the cap and
 * the machine is out. Batches of users like pledge-settlement (a user has at most one running machine).
 */
export function machineMiningJob(
  options: { batchSize?: number; afterBatch?: (mined: number) => void | Promise<void> } = {},
): DailyJob {
  return dailyBatchJob({
    name: 'machine-mining',
    // 20,000 measured best on PostgreSQL: fewer commits, still well under a second a batch.
    batchSize: options.batchSize ?? 20_000,
    afterBatch: options.afterBatch,
    nextBatchEnd: (tx, afterUser, size) => tx.machines.nextBatchEnd(afterUser, size),
    async book(tx, batch) {
      await tx.machines.beginMiningBatch();
      // The users' AIDF accounts are made with their machines (order-lifecycle.ts): a missing one is a fault.
      const { claimed, movementId } = await bookBatch(tx, {
        type: MINT_INCOME,
        idemKey: batch.idemKey,
        ref: batch.day,
        currency: 'aidf',
        counters: [{ type: MINT_INCOME, platform: PLATFORM.issuance }],
        users: tx.machines.miningUsers(batch),
        source: (movementId) => tx.machines.miningSource({ ...batch, movementId, income: MINT_INCOME }),
      });
      // One summary a user a day, whichever daily job pays them first (the key is the day's).
      if (movementId !== null && claimed > 0) {
        await notifyBatch(tx, {
          movementId,
          terms: [{ type: MINT_INCOME, sign: 1 }],
          kind: 'daily-bonuses',
          key: `day:${batch.day}`,
          currency: 'aidf',
          day: batch.day,
        });
      }
      return claimed;
    },
  });
}
