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
  const batchSize = options.batchSize ?? 5000;
  return {
    name: 'machine-mining',
    async runDay({ repos, day, checkpoint }) {
      const issuanceAccountId = await repos.ledger.ensureAccount(platformAccount(PLATFORM.issuance, 'aidf'));
      let after = 0n;
      let mined = 0;
      for (;;) {
        const ids = await repos.machines.unminedOn(day, after, batchSize);
        if (ids.length === 0) return mined;
        after = ids[ids.length - 1] as bigint;
        const n = await repos
          .transaction(async (tx) => {
            const claimed = await tx.machines.mineBatch({
              day,
              ids,
              movementIdemKey: `machine-mining:${day}:${ids[0]}`,
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
