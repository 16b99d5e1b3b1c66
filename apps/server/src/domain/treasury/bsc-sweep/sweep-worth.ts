import { fromBaseUnits, Money, toBaseUnits } from '@aidf/contract';
import { NATIVE_DECIMALS } from './tokens.ts';

/**
 * Why a sweep of `amount` is not worth doing, or null. Below `treasury.minSweep.<currency>`; or worth less than twice
 * the gas it burns (the sweep, and the top-up when the address lacks the gas) at the reference prices in USDT. BNB
 * compares with its own gas directly. A token without a reference price (or BNB without one) cannot be valued
 * against gas: the worth rule is then not applied and only minSweep decides (docs/operator-guide.md "Treasury").
 */
export function whySkip(p: {
  currency: string;
  decimals: number;
  amount: bigint;
  gas: bigint;
  minSweep: string | null;
  price: Money | null;
  bnbPrice: Money | null;
}): string | null {
  const unit = p.currency.toUpperCase();
  if (p.minSweep !== null && p.amount < toBaseUnits(p.minSweep, p.decimals)) {
    return `below treasury.minSweep.${p.currency}: ${fromBaseUnits(p.amount, p.decimals)} < ${p.minSweep} ${unit}`;
  }
  const gasBnb = new Money(fromBaseUnits(p.gas, NATIVE_DECIMALS));
  if (p.currency === 'bnb') {
    if (p.amount < 2n * p.gas)
      return `worth less than twice its gas: ${fromBaseUnits(p.amount, p.decimals)} BNB < 2 × ${gasBnb} BNB`;
    return null;
  }
  if (!p.price || !p.bnbPrice) return null;
  const worth = new Money(fromBaseUnits(p.amount, p.decimals)).times(p.price);
  const gasWorth = gasBnb.times(p.bnbPrice);
  if (worth.lessThan(gasWorth.times(2))) {
    return `worth less than twice its gas: ${worth} USDT < 2 × ${gasWorth} USDT`;
  }
  return null;
}
