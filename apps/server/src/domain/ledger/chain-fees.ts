import { CHAINS, fromBaseUnits, Money } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { PLATFORM } from './platform-accounts.ts';
import { preparePlatformExpense } from './platform-expense.ts';
import { type PreparedMovement, postPrepared } from './post-movement.ts';

export type FeeChain = keyof typeof CHAINS;

/**
 * Books gas the platform burnt on a chain (a payout, a gas top-up, a sweep) as a chain-fee movement: the chain's
 * clearing account is credited (the chain now holds that much less native coin) and the chain's fee account
 * debited. `fee` is in the native coin's base units (wei, lamports). Booked once per `idemKey` (the transaction's
 * hash): a retry or a second instance adds nothing. Runs in the caller's transaction, so the fee is booked with
 * the state change that found it.
 */
export async function bookChainFee(
  tx: Repositories,
  p: { chain: FeeChain; fee: bigint; txHash: string },
): Promise<{ movementId: bigint; replayed: boolean } | null> {
  // Prepared on the transaction itself: PGlite has one connection, which the open transaction holds.
  const movement = await prepareChainFee(tx, p);
  return movement ? postPrepared(tx, movement) : null;
}

/**
 * The chain-fee movement made ready outside a transaction (its accounts created), for a caller that posts it with
 * `postPrepared` in its own transaction beside other movements (a payout's settlement); null for a zero fee.
 */
export async function prepareChainFee(
  repos: Repositories,
  p: { chain: FeeChain; fee: bigint; txHash: string },
): Promise<PreparedMovement | null> {
  if (p.fee < 0n) throw new Error(`a negative chain fee: ${p.fee}`);
  if (p.fee === 0n) return null;
  const { currency, nativeDecimals } = CHAINS[p.chain];
  const amount = new Money(fromBaseUnits(p.fee, nativeDecimals));
  return preparePlatformExpense(repos, {
    type: 'chain-fee',
    account: PLATFORM.chainFees(p.chain),
    paidFrom: PLATFORM.chain(p.chain),
    currency,
    amount,
    idemKey: `chain-fee:${p.chain}:${p.txHash}`,
    ref: p.txHash,
  });
}
