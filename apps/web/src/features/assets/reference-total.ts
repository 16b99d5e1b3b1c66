import { addAmounts, CURRENCIES, type TCurrency } from '@aidf/contract';

// valueUsdt optional: a balance from a server without reference prices counts as unpriced, never as NaN.
type Balance = { currency: string; balance: string; valueUsdt?: string | null };

/**
 * The assets screen's total: the sum of the USDT values the server priced at the operators'
 * reference prices, added exactly (base units, never floats), and the held currencies left out for want of a price.
 */
export function referenceTotal(assets: readonly Balance[]): { total: string; unpriced: TCurrency[] } {
  const unpriced = new Set<TCurrency>();
  for (const a of assets) {
    if (!a.valueUsdt && /[1-9]/.test(a.balance)) unpriced.add(a.currency as TCurrency);
  }
  return {
    total: addAmounts(assets.flatMap((a) => (a.valueUsdt ? [a.valueUsdt] : []))),
    // In the screen's order, so the note reads the same on every load.
    unpriced: CURRENCIES.filter((c) => unpriced.has(c)),
  };
}
