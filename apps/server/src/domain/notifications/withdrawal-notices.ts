import { Money, moneyString } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { notify } from './notify.ts';

type WithdrawalKind = 'withdrawal-sent' | 'withdrawal-arrived' | 'withdrawal-refunded' | 'withdrawal-awaiting-funds';

/**
 * Tells the user of a step of their withdrawal, once per withdrawal and step: the amount that arrives (what was
 * asked less the fee), or for a refund the whole amount returned to the balance.
 */
export function notifyWithdrawal(
  tx: Repositories,
  w: { id: bigint; userId: bigint; currency: string; amount: string; receiveAmount: string },
  kind: WithdrawalKind,
) {
  const amount = kind === 'withdrawal-refunded' ? w.amount : w.receiveAmount;
  return notify(tx, {
    userId: w.userId,
    kind,
    params: { amount: moneyString(new Money(amount)), currency: w.currency.toUpperCase() },
    key: `withdrawal:${w.id}`,
  });
}
