import Decimal from 'decimal.js';
import { AMOUNT_TEXT } from './amount-format.ts';

/** Exact decimal arithmetic for money (RULES.md "Money"): 18 fractional digits kept, never a float. */
export const MONEY_SCALE = 18;
export const Money = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_DOWN, toExpNeg: -40, toExpPos: 60 });
export type Money = Decimal;

/** The largest amount one request may move; far above any real balance, far below NUMERIC(48,18). */
export const MAX_AMOUNT = new Money('1e24');

/** A strictly positive amount with at most 18 decimals, or null for anything else (sign, exponent, NaN…). */
export function parsePositiveAmount(text: unknown): Money | null {
  if (typeof text !== 'string' || !AMOUNT_TEXT.test(text)) return null;
  const value = new Money(text);
  return value.gt(0) && value.lte(MAX_AMOUNT) ? value : null;
}

/** The canonical string of an amount: plain notation, no trailing zeros. */
export function moneyString(value: Money): string {
  return value.toFixed();
}
