import type { FastifyBaseLogger } from 'fastify';
import type { SolanaAddressMaker } from '../../chain/types.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';

/**
 * Solana deposit addresses come from a pool (ARCHITECTURE.md "Chains"). Solana's derivation path is hardened
 * (ed25519), so only a process holding the deposit seed — the treasury — can make one; the API, which holds the
 * public EVM key alone, hands out addresses the treasury made ahead.
 */

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
