import { SOLANA_SWEEPER, solanaSweeper } from '../domain/treasury/solana-sweeper.ts';
import type { BackgroundWork } from './background-work.ts';

/**
 * The Solana sweeper (domain/treasury/solana-sweeper.ts): deposit addresses to the hot wallet, the hot wallet's
 * excess to the cold address. It signs with the hot wallet's and the deposit keys, so it runs in the treasury
 * role, and only where those keys are loaded.
 */
export function solanaSweeperWork(): BackgroundWork {
  return {
    name: SOLANA_SWEEPER,
    role: 'treasury',
    schedule: 'watcher',
    start: ({ repos, chains, owner, log }) => {
      const sweeps = chains.solana?.sweeps;
      if (!sweeps) return null;
      const sweeper = solanaSweeper({ repos, chain: sweeps, owner, log });
      return {
        tick: async () => {
          const result = await sweeper.tick();
          if (result.outcome === 'worked' && result.problems.length > 0)
            log.warn({ worker: SOLANA_SWEEPER, problems: result.problems }, 'some Solana sweeps could not advance');
          return result;
        },
        release: sweeper.release,
      };
    },
  };
}
