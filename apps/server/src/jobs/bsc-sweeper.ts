import { bscSweeper } from '../domain/treasury/bsc-sweeper.ts';
import type { BackgroundWork } from './background-work.ts';

/**
 * The BNB Smart Chain sweeper: collects deposit addresses into the hot wallet and the hot wallet's excess into the
 * cold address. It signs with the deposit keys and the hot wallet's, so it runs in the treasury role, under the lease
 * `sweeper:bsc` (one instance works, the others wait).
 */
export function bscSweeperWork(): BackgroundWork {
  return {
    name: 'sweeper:bsc',
    role: 'treasury',
    schedule: 'watcher',
    start: ({ repos, chains, owner, log }) => {
      const bsc = chains.bsc;
      if (!bsc?.sweeps) return null;
      const sweeper = bscSweeper({
        repos,
        chain: bsc.sweeps,
        owner,
        confirmations: bsc.confirmations,
        ...bsc.payoutGas,
        log,
      });
      return { tick: sweeper.tick, release: sweeper.release };
    },
  };
}
