import { PLATFORM, platformAccount } from '../domain/ledger/platform-accounts.ts';
import type { DailyJob } from './daily-job.ts';

/** Nothing was claimed in a batch (another runner paid it): roll its empty movement back. */
const NOTHING_PAID = Symbol('nothing paid');

/**
 * `pledge-settlement` (RULES.md "Pledge"): each running pledge earns its cumulative true-up for the day
 * (cow-fund-settlement into normal AIDF) and, on its last day, its principal back (cow-fund-release), in
 * batches of users (one ledger line per user, type and day) of set-based statements, each batch one transaction.
 */
export function pledgeSettlementJob(
  options: { batchSize?: number; afterBatch?: (paid: number) => void } = {},
): DailyJob {
  // Pledges a batch takes (whole users: a little more when its last user has several). 20,000 measured best on
  // PostgreSQL: fewer commits and account scans, and still well under a second a batch.
  const batchSize = options.batchSize ?? 20_000;
  return {
    name: 'pledge-settlement',
    async runDay({ repos, day, checkpoint }) {
      const issuanceAccountId = await repos.ledger.ensureAccount(platformAccount(PLATFORM.issuance, 'aidf'));
      const poolAccountId = await repos.ledger.ensureAccount(platformAccount(PLATFORM.pledgePool, 'aidf'));
      let after = 0n;
      let paid = 0;
      for (;;) {
        const last = await repos.transaction((tx) => tx.pledges.nextBatchEnd(after, batchSize));
        if (last === null) return paid;
        const afterUser = after;
        after = last;
        const n = await repos
          .transaction(async (tx) => {
            const claimed = await tx.pledges.settleBatch({
              day,
              afterUser,
              lastUser: last,
              // The batch's users in the key: a movement key taken means this very batch was paid.
              movementIdemKey: `pledge-settlement:${day}:${afterUser}-${last}`,
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
