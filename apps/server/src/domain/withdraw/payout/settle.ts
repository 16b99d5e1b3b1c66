import { Money } from '@aidf/contract';
import type { Repositories } from '../../../db/repositories/index.ts';
import type { WithdrawalRow, WithdrawalStatus } from '../../../db/repositories/withdrawals.ts';
import { prepareChainFee } from '../../ledger/chain-fees.ts';
import { PLATFORM, platformAccount, userAccount } from '../../ledger/platform-accounts.ts';
import { postPrepared, prepareMovement } from '../../ledger/post-movement.ts';
import { notifyWithdrawal } from '../../notifications/withdrawal-notices.ts';
import type { PayoutStep } from './context.ts';

/** Settle: any payout not ended yet ends, confirmed or refunded, with its ledger movement. */
export const SETTLE_STEP: PayoutStep = {
  from: ['requested', 'awaiting-funds', 'signed', 'sent', 'held'],
  to: ['confirmed', 'refunded'],
};

/** Why a settlement did not happen: it was ended before, or it moved from the state its caller saw. */
export type SettleResult = 'settled' | 'already-settled' | 'moved';

/** Rolls the settling transaction back when the payout is no longer in the state its caller checked. */
class PayoutMoved extends Error {}

/**
 * Ends a payout in one transaction with its ledger movement: confirmed (the in-flight amount goes to the
 * chain's side and the fee to the platform) or refunded in full to the user. Only from the state `w` shows
 * (its status and its current bytes): the status change is a compare-and-set in the transaction that posts
 * the movement, so a payout that a retry, the worker or another refund moved meanwhile is left alone
 * ('moved'), and the money moves once (the movement's idempotency key: 'already-settled'). A mined payout's
 * gas (`outcome.gas`, confirmed or reverted) is booked in that same transaction as a chain-fee movement.
 */
export async function settleWithdrawal(
  repos: Repositories,
  w: WithdrawalRow,
  outcome: ({ confirmedIn: bigint; minedHash: string } | { failure: string; blockNumber: bigint | null }) & {
    /** The mined transaction's hash and the BNB (wei) it burnt: booked as a chain-fee with the settlement. */
    gas?: { txHash: string; fee: bigint };
  },
  /** Runs in the settling transaction once the movement is posted (an operator's refund records itself). */
  alsoRecord?: (tx: Repositories, movementId: bigint) => Promise<void>,
): Promise<SettleResult> {
  const confirmed = 'confirmedIn' in outcome;
  const amount = new Money(w.amount);
  const fee = new Money(w.fee);
  const inFlight = platformAccount(PLATFORM.withdrawalsInFlight, w.currency);
  const lines = confirmed
    ? [
        { account: inFlight, amount: amount.neg() },
        { account: platformAccount(PLATFORM.chain('bsc'), w.currency), amount: amount.minus(fee) },
        ...(fee.isZero() ? [] : [{ account: platformAccount(PLATFORM.fees, w.currency), amount: fee }]),
      ]
    : [
        { account: inFlight, amount: amount.neg() },
        { account: userAccount(w.userId, w.currency), amount, type: 'chain-withdraw-refund' as const },
      ];
  const movement = await prepareMovement(repos, {
    type: confirmed ? 'chain-withdraw' : 'chain-withdraw-refund',
    idemKey: `withdraw-settle:${w.id}`,
    ref: confirmed ? outcome.minedHash : w.txHash,
    lines,
  });
  const gasMovement = outcome.gas ? await prepareChainFee(repos, { chain: 'bsc', ...outcome.gas }) : null;
  try {
    return await repos.transaction(async (tx) => {
      const posted = await postPrepared(tx, movement);
      // Settled already (by a racing worker or approval): nothing moved, and alsoRecord must not claim it.
      if (posted.replayed) return 'already-settled' as const;
      // The gas, once per transaction hash (its own idempotency key), in the transaction that ends the payout.
      if (gasMovement) await postPrepared(tx, gasMovement);
      const ended = await tx.withdrawals.finish(
        w.id,
        { status: w.status as WithdrawalStatus, txHash: w.txHash },
        {
          status: confirmed ? 'confirmed' : 'refunded',
          blockNumber: confirmed ? outcome.confirmedIn : outcome.blockNumber,
          failure: confirmed ? null : outcome.failure,
          settleMovementId: posted.movementId,
          minedHash: confirmed ? outcome.minedHash : null,
        },
      );
      // Moved since the caller's checks: the movement above rolls back with this transaction.
      if (!ended) throw new PayoutMoved();
      await notifyWithdrawal(tx, w, confirmed ? 'withdrawal-arrived' : 'withdrawal-refunded');
      await alsoRecord?.(tx, posted.movementId);
      return 'settled' as const;
    });
  } catch (error) {
    if (error instanceof PayoutMoved) return 'moved';
    throw error;
  }
}
