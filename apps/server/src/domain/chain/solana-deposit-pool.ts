import type { FastifyBaseLogger } from 'fastify';
import type { Repositories } from '../../db/repositories/index.ts';
import type { BackgroundWork } from '../../jobs/background-work.ts';
import { AppError } from '../errors.ts';

/**
 * Solana deposit addresses come from a pool (ARCHITECTURE.md "Chains"). Solana's derivation path is hardened
 * (ed25519), so only a process holding the deposit seed — the treasury — can make one; the API, which holds the
 * public EVM key alone, hands out addresses the treasury made ahead.
 */

/** The address of the Solana deposit key at an index (chain/deposit-keys.ts); present only beside the seed. */
export type SolanaAddressMaker = (derivationIndex: number) => string;

/** How many free addresses the treasury keeps ready by default (SOLANA_DEPOSIT_POOL_AHEAD). */
export const SOLANA_POOL_AHEAD = 500;

/** Tops the pool up to `ahead` free addresses, in one insert; answers how many it added. */
export async function refillSolanaDepositPool(
  repos: Repositories,
  makeAddress: SolanaAddressMaker,
  ahead: number,
): Promise<number> {
  const missing = ahead - (await repos.solanaDepositPool.freeCount());
  if (missing <= 0) return 0;
  const first = await repos.solanaDepositPool.nextIndex();
  const rows = Array.from({ length: missing }, (_, i) => ({
    derivationIndex: first + i,
    address: makeAddress(first + i),
  }));
  // Two treasuries refilling at once compute the same indices: the second's rows are left out by the key.
  return repos.solanaDepositPool.add(rows);
}

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

export interface SolanaDepositPoolAccess {
  /** Present in a process that holds the seed: an empty pool is refilled on the spot instead of refusing. */
  makeAddress: SolanaAddressMaker | null;
  ahead: number;
  log: FastifyBaseLogger;
  /** Counts a user turned away by an empty pool (the alert's metric). */
  onEmpty: () => void;
}

/**
 * The user's Solana deposit address: the one handed out before, or the next free one of the pool. An empty pool
 * answers 81036 ("try again in a minute"), logs an alert and counts it; the treasury's next refill ends it.
 */
export async function solanaDepositAddressOf(
  repos: Repositories,
  pool: SolanaDepositPoolAccess,
  userId: bigint,
): Promise<string> {
  const take = () =>
    repos.transaction(async (tx) => {
      await tx.solanaDepositPool.lockUser(userId);
      return (await tx.depositAddresses.of(userId, 'sol')) ?? (await tx.solanaDepositPool.assign(userId));
    });
  let address = await take();
  if (address === null && pool.makeAddress) {
    await refillSolanaDepositPool(repos, pool.makeAddress, pool.ahead);
    address = await take();
  }
  if (address !== null) return address;
  pool.onEmpty();
  pool.log.error(
    { alert: 'solana-deposit-pool-empty', userId: userId.toString() },
    'the Solana deposit address pool is empty: is the treasury running?',
  );
  throw new AppError(81036);
}
