import { refillSolanaDepositPool } from '../domain/chain/solana-deposit-pool.ts';
import type { BackgroundWork } from './background-work.ts';

/**
 * The treasury's refill as background work, every `everyMs`: only a process holding the deposit seed (the
 * treasury role) can make Solana deposit addresses, so elsewhere it does not start.
 */
export function solanaDepositPoolWork(everyMs = 60_000): BackgroundWork {
  return {
    name: 'solana-deposit-pool',
    role: 'treasury',
    schedule: { everyMs },
    start: ({ repos, solanaDeposits: { makeAddress, ahead } }) =>
      makeAddress ? { tick: () => refillSolanaDepositPool(repos, makeAddress, ahead) } : null,
  };
}
