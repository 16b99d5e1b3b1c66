import { Money, WITHDRAW_ARRIVAL_MINUTES } from '@aidf/contract';
import type { WithdrawalRow } from '../../db/repositories/withdrawals.ts';

/**
 * A withdrawal as its owner sees it: a signed payout not yet sent still reads 'requested', and so does one an
 * operator holds (it is neither paid nor refunded yet: the operator decides, docs/operator-guide.md "Held payouts").
 * One waiting for the hot wallet to be refilled reads 'awaiting-funds': the app says it goes out by itself.
 */
export function withdrawalView(w: WithdrawalRow) {
  const status =
    w.status === 'signed' || w.status === 'held'
      ? 'requested'
      : (w.status as 'requested' | 'awaiting-funds' | 'sent' | 'confirmed' | 'refunded');
  const createTime = w.createdAt.getTime();
  return {
    id: w.id.toString(),
    amount: new Money(w.amount).toFixed(),
    fee: new Money(w.fee).toFixed(),
    receive: new Money(w.receiveAmount).toFixed(),
    address: w.toAddress,
    status,
    txId: status === 'requested' || status === 'awaiting-funds' ? null : w.txHash,
    createTime,
    expectedArrivalTime: createTime + WITHDRAW_ARRIVAL_MINUTES * 60_000,
  };
}
