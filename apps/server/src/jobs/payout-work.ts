import { payoutWorker } from '../domain/withdraw/payout-worker.ts';
import type { BackgroundWork } from './background-work.ts';

/**
 * The payout worker on BNB Smart Chain: signs the requested withdrawals with the hot wallet's key, sends and
 * confirms them. It needs the key, so it runs in the treasury role; the API only stores the requests.
 */
export function payoutWork(): BackgroundWork {
  return {
    name: 'payout-worker:bsc',
    role: 'treasury',
    schedule: 'watcher',
    start: ({ repos, chains, owner, log }) => {
      const bsc = chains.bsc;
      if (!bsc?.payouts) return null;
      const worker = payoutWorker({
        repos,
        chain: bsc.payouts,
        owner,
        confirmations: bsc.confirmations,
        ...bsc.payoutGas,
        log,
      });
      return { tick: worker.tick, release: worker.release };
    },
  };
}
