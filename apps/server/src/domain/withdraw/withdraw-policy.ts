import {
  Money,
  parsePositiveAmount,
  WITHDRAW_AMOUNT,
  WITHDRAW_ARRIVAL_MINUTES,
  WITHDRAW_PER_DAY,
  withdrawalFigures,
} from '@aidf/contract';
import type { WithdrawPolicy } from '../../chain/types.ts';
import { type Allowance, leftToday } from './amount-limits.ts';

/** The contract's `withdrawalFigures` (the same figures the form shows), as Money. */
export function withdrawalFee(policy: WithdrawPolicy, amount: Money) {
  const { fee, receive } = withdrawalFigures(amount.toFixed(), policy.feeRate.toFixed());
  return { fee: new Money(fee), receive: new Money(receive) };
}

/** What one withdrawal request of `amountText` moves, or the code refusing it (81011 out of range, 81009 nothing left). */
export type WithdrawalTerms =
  | { ok: true; amount: Money; fee: Money; receive: Money }
  | { ok: false; code: 81011 | 81009 };

/**
 * The amount rules of RULES.md "Recharge and withdrawal": 1 to 1,000,000 COW, a fee of feeRate x amount, and
 * amount - fee, what the user receives, strictly positive.
 */
export function withdrawalTerms(policy: WithdrawPolicy, amountText: string): WithdrawalTerms {
  const amount = parsePositiveAmount(amountText);
  if (!amount || amount.lt(new Money(WITHDRAW_AMOUNT.min)) || amount.gt(new Money(WITHDRAW_AMOUNT.max))) {
    return { ok: false, code: 81011 };
  }
  const { fee, receive } = withdrawalFee(policy, amount);
  if (!receive.gt(0)) return { ok: false, code: 81009 };
  return { ok: true, amount, fee, receive };
}

/** How many withdrawals a user who made `usedToday` this UTC day may still request (at most 2 a day). */
export function withdrawalsLeftToday(usedToday: number): number {
  return Math.max(0, WITHDRAW_PER_DAY - usedToday);
}

export function withdrawConfigOf(policy: WithdrawPolicy, usedToday: number, allowance: Allowance) {
  return {
    currency: 'cow' as const,
    chainCurrency: 'bnb' as const,
    feeRate: policy.feeRate.toFixed(),
    min: WITHDRAW_AMOUNT.min,
    max: WITHDRAW_AMOUNT.max,
    perDay: WITHDRAW_PER_DAY,
    leftToday: withdrawalsLeftToday(usedToday),
    arrivalMinutes: WITHDRAW_ARRIVAL_MINUTES,
    dayLimit: allowance.day.limit === null ? null : new Money(allowance.day.limit).toFixed(),
    days30Limit: allowance.days30.limit === null ? null : new Money(allowance.days30.limit).toFixed(),
    amountLeftToday: leftToday(allowance),
  };
}
