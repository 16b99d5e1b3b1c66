import { Money, PLEDGE_AMOUNT, parsePositiveAmount } from '@aidf/contract';

/** A pledge's amount (RULES.md "Pledge": 1 to 1,000,000 AIDF, whole or decimal), or null outside that range. */
export function parsePledgeAmount(text: string): Money | null {
  const amount = parsePositiveAmount(text);
  if (!amount || amount.lt(new Money(PLEDGE_AMOUNT.min)) || amount.gt(new Money(PLEDGE_AMOUNT.max))) return null;
  return amount;
}

/** How many more pledges a user who started `startedToday` this UTC day may start under the daily limit. */
export function pledgesLeftToday(dailyLimit: number, startedToday: number): number {
  return Math.max(0, dailyLimit - startedToday);
}
