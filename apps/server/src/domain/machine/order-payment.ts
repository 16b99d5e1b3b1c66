import { isChainPaid, MINER_CURRENCIES, Money, type TMinerCurrency } from '@aidf/contract';

/**
 * The payment rules of a miner order (RULES.md "AI miner"), pure so they are tested on their own
 * (order-payment.test.ts): how the balance pays a price at purchase, how a confirmed on-chain payment counts for
 * the lack, and when the order is paid in full. Amounts are exact decimals (Money); nothing here rounds.
 */

/** An order's figures of one currency: its price, what the balance did not cover, what chain payments covered. */
export interface AmountFigures {
  price: string;
  lack: string;
  paid: string;
}

/** One currency of a price as the balance paid it: covered (taken from the balance and held) and lacking. */
export interface PricePart {
  currency: TMinerCurrency;
  price: Money;
  covered: Money;
  lack: Money;
}

export type PriceSplit = { ok: true; parts: PricePart[] } | { ok: false; short: TMinerCurrency };

/**
 * How the balance pays a price, currency by currency in MINER_CURRENCIES order: a currency paid from the balance
 * only must be covered in full (else `short`, the purchase is refused); one paid on chain is taken from the
 * balance as far as it goes and the rest is lacking. A currency of price zero is not part of the price.
 */
export function splitPrice(
  price: Partial<Record<TMinerCurrency, string>>,
  balanceOf: (currency: TMinerCurrency) => string,
): PriceSplit {
  const parts: PricePart[] = [];
  for (const { currency, paid } of MINER_CURRENCIES) {
    const amount = new Money(price[currency] ?? '0');
    if (amount.isZero()) continue;
    const balance = Money.max(new Money(balanceOf(currency)), new Money(0));
    if (paid === 'balance' && balance.lt(amount)) return { ok: false, short: currency };
    const covered = Money.min(balance, amount);
    parts.push({ currency, price: amount, covered, lack: amount.minus(covered) });
  }
  return { ok: true, parts };
}

/** What is still lacking of one currency: the lack less the confirmed payments counted for it. */
export function stillLacking(figures: Pick<AmountFigures, 'lack' | 'paid'>): Money {
  return Money.max(new Money(figures.lack).minus(new Money(figures.paid)), new Money(0));
}

/**
 * A confirmed payment of `amount` in `currency` for an order (figures: the order's figures of that currency, none
 * when the price has no such currency): it counts for the order as far as the order still lacks it (applied), the
 * rest goes to the sender's balance (excess). A currency not paid on chain never counts.
 */
export function applyPayment(
  currency: string,
  figures: AmountFigures | undefined,
  amount: Money,
): { applied: Money; excess: Money } {
  const applied = figures && isChainPaid(currency) ? Money.min(stillLacking(figures), amount) : new Money(0);
  return { applied, excess: amount.minus(applied) };
}

/** Paid in full: confirmed payments cover the lack of every currency. */
export function isPaidInFull(amounts: Partial<Record<string, AmountFigures>>): boolean {
  return Object.values(amounts).every((f) => f === undefined || stillLacking(f).isZero());
}

/** What the order holds of one currency: the part the balance covered and the payments counted for it. */
export function heldAmount(figures: AmountFigures | undefined): Money {
  if (!figures) return new Money(0);
  return new Money(figures.price).minus(new Money(figures.lack)).plus(new Money(figures.paid));
}
