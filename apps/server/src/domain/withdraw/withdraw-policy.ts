import { Money, WITHDRAW_AMOUNT, WITHDRAW_ARRIVAL_MINUTES, WITHDRAW_PER_DAY, withdrawalFigures } from '@aidf/contract';

/** The one fee rate of RULES.md ("the single value decides"), from WITHDRAW_FEE_RATE; 0.5 % by default. */
export interface WithdrawPolicy {
  feeRate: Money;
  /** The hot wallet paying out, which no withdrawal may name as its destination (null without a chain). */
  hotWallet: string | null;
}

/** The contract's `withdrawalFigures` (the same figures the form shows), as Money. */
export function withdrawalFee(policy: WithdrawPolicy, amount: Money) {
  const { fee, receive } = withdrawalFigures(amount.toFixed(), policy.feeRate.toFixed());
  return { fee: new Money(fee), receive: new Money(receive) };
}

export function withdrawConfigOf(policy: WithdrawPolicy, usedToday: number) {
  return {
    currency: 'cow' as const,
    chainCurrency: 'bnb' as const,
    feeRate: policy.feeRate.toFixed(),
    min: WITHDRAW_AMOUNT.min,
    max: WITHDRAW_AMOUNT.max,
    perDay: WITHDRAW_PER_DAY,
    leftToday: Math.max(0, WITHDRAW_PER_DAY - usedToday),
    arrivalMinutes: WITHDRAW_ARRIVAL_MINUTES,
  };
}

/** The UTC day of an instant, as 'YYYY-MM-DD' (the limit's day). */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}
