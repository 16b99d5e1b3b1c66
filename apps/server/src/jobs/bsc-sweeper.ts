import { bscSweeper } from '../domain/treasury/bsc-sweeper.ts';
import { SWEEP_CRASH_POINTS } from '../domain/treasury/bsc-sweeper-tx.ts';
import type { BackgroundWork } from './background-work.ts';
import { testCrashPoints } from './test-crash-points.ts';

const NAME = 'sweeper:bsc';

/**
 * The BNB Smart Chain sweeper: collects deposit addresses into the hot wallet and the hot wallet's excess into the
 * cold address. It signs with the deposit keys and the hot wallet's, so it runs in the treasury role, under the lease
 * `sweeper:bsc` (one instance works, the others wait).
 */
export function bscSweeperWork(): BackgroundWork {
  return {
    name: NAME,
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
        crashPoints: testCrashPoints(NAME, SWEEP_CRASH_POINTS),
      });
      return { tick: sweeper.tick, release: sweeper.release };
    },
  };
}
