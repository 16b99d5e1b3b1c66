import { PLATFORM, platformAccount } from '../domain/ledger/platform-accounts.ts';
import type { DailyJob } from './daily-job.ts';

/** Nothing was claimed in a batch (another runner mined it): roll its empty movement back. */
const NOTHING_MINED = Symbol('nothing mined');

/**
 * `machine-mining` (RULES.md "AI miner"): each running machine mines its daily income in AIDF
 * (cow-ai-machine-mint-income) until it has paid its cap; the last day pays only up to the cap and the machine
 * is out. Set-based batches like pledge-settlement, one transaction each, unique (machine, day).
 */
export function machineMiningJob(
  options: { batchSize?: number; afterBatch?: (mined: number) => void | Promise<void> } = {},
): DailyJob {
  // Machines a batch takes (one per user). 20,000 measured best on PostgreSQL: fewer commits, still well under a
  // second a batch.
  const batchSize = options.batchSize ?? 20_000;
  return {
    name: 'machine-mining',
    async runDay({ repos, day, checkpoint }) {
      const issuanceAccountId = await repos.ledger.ensureAccount(platformAccount(PLATFORM.issuance, 'aidf'));
      let after = 0n;
      let mined = 0;
      for (;;) {
        const last = await repos.transaction((tx) => tx.machines.nextBatchEnd(after, batchSize));
        if (last === null) return mined;
        const afterUser = after;
        after = last;
        const n = await repos
          .transaction(async (tx) => {
            const claimed = await tx.machines.mineBatch({
              day,
              afterUser,
              lastUser: last,
              // The batch's users in the key: a movement key taken means this very batch was mined.
              movementIdemKey: `machine-mining:${day}:${afterUser}-${last}`,
              issuanceAccountId,
            });
            if (claimed === 0) throw NOTHING_MINED;
            return claimed;
          })
          .catch((error: unknown) => {
            if (error === NOTHING_MINED) return 0;
            throw error;
          });
        mined += n;
        await options.afterBatch?.(n);
        await checkpoint();
      }
    },
  };
}
