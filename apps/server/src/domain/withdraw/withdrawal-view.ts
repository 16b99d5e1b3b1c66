import { Money, WITHDRAW_ARRIVAL_MINUTES } from '@aidf/contract';
import type { WithdrawalRow } from '../../db/repositories/withdrawals.ts';
import type { LegConfirmations } from '../chain/confirmations.ts';

/**
 * A withdrawal as its owner sees it: a signed payout not yet sent still reads 'requested', and so does one an
 * operator holds (it is neither paid nor refunded yet: the operator decides, docs/operator-guide.md "Held payouts").
 * One waiting for the hot wallet to be refilled reads 'awaiting-funds': the app says it goes out by itself.
 * `confirmationsOf` (confirmationsReader) gives the payout's confirmations once its block is recorded.
 */
export function withdrawalView(
  w: WithdrawalRow,
  leg?: {
    confirmationsOf: (chain: string, block: bigint | null) => LegConfirmations;
    linkTo: (tx: string) => string | null;
  },
) {
  const status =
    w.status === 'signed' || w.status === 'held'
      ? 'requested'
      : (w.status as 'requested' | 'awaiting-funds' | 'sent' | 'confirmed' | 'refunded');
  const createTime = w.createdAt.getTime();
  const txId = status === 'requested' || status === 'awaiting-funds' ? null : w.txHash;
  return {
    id: w.id.toString(),
    amount: new Money(w.amount).toFixed(),
    fee: new Money(w.fee).toFixed(),
    receive: new Money(w.receiveAmount).toFixed(),
    address: w.toAddress,
    status,
    txId,
    txUrl: txId && leg ? leg.linkTo(txId) : null,
    // A refunded payout was never mined (or reverted): its leg has nothing to confirm.
    ...(leg && status !== 'refunded' ? payoutLeg(status, leg.confirmationsOf(w.chain, w.blockNumber)) : UNSENT),
    createTime,
    expectedArrivalTime: createTime + WITHDRAW_ARRIVAL_MINUTES * 60_000,
  };
}

const UNSENT: LegConfirmations = { confirmations: null, confirmed: false };

/** The payout worker ends a payout 'confirmed' only at the depth, even while the watchers' recorded head lags it. */
function payoutLeg(status: string, leg: LegConfirmations): LegConfirmations {
  return status === 'confirmed' ? { ...leg, confirmed: true } : leg;
}
