import { PLATFORM, platformAccount } from '../domain/ledger/platform-accounts.ts';
import type { DailyJob } from './daily-job.ts';

/** Nothing was claimed in a batch (another runner paid it): roll its empty movement back. */
const NOTHING_PAID = Symbol('nothing paid');

/**
 * `pledge-settlement` (RULES.md "Pledge"): each running pledge earns its cumulative true-up for the day
 * (cow-fund-settlement into normal AIDF) and, on its last day, its principal back (cow-fund-release), in
 * batches of set-based statements, each batch one transaction.
 */
export function pledgeSettlementJob(
  options: { batchSize?: number; afterBatch?: (paid: number) => void } = {},
): DailyJob {
  const batchSize = options.batchSize ?? 5000;
  return {
    name: 'pledge-settlement',
    async runDay({ repos, day, checkpoint }) {
      const issuanceAccountId = await repos.ledger.ensureAccount(platformAccount(PLATFORM.issuance, 'aidf'));
      const poolAccountId = await repos.ledger.ensureAccount(platformAccount(PLATFORM.pledgePool, 'aidf'));
      let after = 0n;
      let paid = 0;
      for (;;) {
        const ids = await repos.pledges.unpaidOn(day, after, batchSize);
        if (ids.length === 0) return paid;
        after = ids[ids.length - 1] as bigint;
        const n = await repos
          .transaction(async (tx) => {
            const claimed = await tx.pledges.settleBatch({
              day,
              ids,
              movementIdemKey: `pledge-settlement:${day}:${ids[0]}`,
              issuanceAccountId,
              poolAccountId,
            });
            if (claimed === 0) throw NOTHING_PAID;
            return claimed;
          })
          .catch((error: unknown) => {
            if (error === NOTHING_PAID) return 0;
            throw error;
          });
        paid += n;
        options.afterBatch?.(n);
        await checkpoint();
      }
    },
  };
}
