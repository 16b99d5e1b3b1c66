import { AMOUNT_TEXT, Money, PLEDGE_AMOUNT, pledgeDueUpTo } from '@aidf/contract';

/**
 * SPEC.md point 5: amount × (1 + rate / 100), exactly; screens show it as every amount (formatAmount: 4 decimals
 * rounded down, trailing zeros dropped), so "106 AIDF" stands beside "100 AIDF", never "106.0000".
 */
export function expectedReturn(amount: string, rate: string): string | null {
  if (!AMOUNT_TEXT.test(amount)) return null;
  return new Money(amount).times(new Money(rate).div(100).plus(1)).toFixed();
}

/**
 * The rate three honest ways (RULES.md "Pledge": never an APY): for the whole period, per day, and the simple
 * yearly figure (per day × 365, not compounded).
 */
export function rateFigures(rate: string, days: number) {
  return {
    period: new Money(rate).toFixed(),
    perDay: new Money(rate).div(days).toFixed(4, Money.ROUND_DOWN),
    perYear: new Money(rate).times(365).div(days).toFixed(2, Money.ROUND_DOWN),
  };
}

export type PledgeProblem = 'pledge.amountRequired' | 'pledge.amountRange' | 'messages.ms23' | null;

/** The dialog's checks before the wallet is asked (SPEC.md point 5), in its order. */
export function pledgeProblem(amount: string, balance: string): PledgeProblem {
  if (amount.trim() === '') return 'pledge.amountRequired';
  if (!AMOUNT_TEXT.test(amount)) return 'pledge.amountRange';
  const value = new Money(amount);
  if (value.lt(PLEDGE_AMOUNT.min) || value.gt(PLEDGE_AMOUNT.max)) return 'pledge.amountRange';
  if (value.gt(balance)) return 'messages.ms23';
  return null;
}

export interface PaymentPoint {
  day: number;
  /** Paid up to and including this day. */
  cumulative: string;
  paid: boolean;
}

/**
 * What a pledge has paid and will pay, day by day, for the chart: the cumulative true-up the server pays
 * (the contract's pledgeDueUpTo, the settlement job's own rule), so the figures match the statement.
 */
export function paymentSchedule(p: { amount: string; rate: string; days: number; paidDays: number }): PaymentPoint[] {
  return Array.from({ length: p.days }, (_, i) => {
    const day = i + 1;
    return { day, cumulative: pledgeDueUpTo({ ...p, elapsed: day }), paid: day <= p.paidDays };
  });
}

/**
 * What the wallet must invest for this pledge (amount less the available balance), or null when nothing is
 * missing or the amount is not a valid pledge: the stake dialog offers "invest from wallet" only then.
 */
export function investShortfall(amount: string, balance: string): string | null {
  if (pledgeProblem(amount, balance) !== 'messages.ms23') return null;
  return new Money(amount).minus(balance).toFixed();
}
