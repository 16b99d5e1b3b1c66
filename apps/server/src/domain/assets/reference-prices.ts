import { CURRENCIES, MONEY_SCALE, Money, moneyString, type TCurrency } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';

/**
 * What one unit of a currency is worth in USDT, as the operators set it (`price.reference.<currency>`).
 * Only a reference for the assets screen's total; no payment or payout reads it. USDT is 1 by definition, so it has
 * no setting.
 */
export const PRICED_CURRENCIES = CURRENCIES.filter((c) => c !== 'usdt');
export const referencePriceSetting = (currency: TCurrency) => `price.reference.${currency}`;

/** A decimal USDT price: up to 12 digits before the point, 18 after; '0' takes the price away (no total for it). */
export const REFERENCE_PRICE_PATTERN = /^(?:0|[1-9]\d{0,11})(?:\.\d{1,18})?$/;

/** Each currency's USDT price, null where none is set (or it was set to 0). */
export async function referencePrices(repos: Repositories): Promise<Map<TCurrency, Money | null>> {
  return referencePricesOf(await repos.settings.get(REFERENCE_PRICE_SETTINGS));
}

/** The settings referencePrices reads. */
export const REFERENCE_PRICE_SETTINGS = PRICED_CURRENCIES.map(referencePriceSetting);

/** Each currency's USDT price from the settings read (REFERENCE_PRICE_SETTINGS). */
export function referencePricesOf(set: Map<string, string>): Map<TCurrency, Money | null> {
  const prices = new Map<TCurrency, Money | null>([['usdt', new Money(1)]]);
  for (const currency of PRICED_CURRENCIES) {
    const text = set.get(referencePriceSetting(currency));
    const price = text && REFERENCE_PRICE_PATTERN.test(text) ? new Money(text) : null;
    prices.set(currency, price?.gt(0) ? price : null);
  }
  return prices;
}

/** balance × price in USDT, cut (down) to 18 decimals like every amount; null without a price. */
export function valueInUsdt(balance: string, price: Money | null | undefined): string | null {
  if (!price) return null;
  return moneyString(new Money(balance).times(price).toDecimalPlaces(MONEY_SCALE, Money.ROUND_DOWN));
}
