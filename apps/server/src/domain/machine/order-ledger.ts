import { Money } from '@aidf/contract';
import type { OrderRow } from '../../db/repositories/machines.ts';
import { PLATFORM, platformAccount, userAccount } from '../ledger/platform-accounts.ts';
import type { MovementLine } from '../ledger/post-movement.ts';

/** The currencies of a price, with the order's columns of each. */
export const PRICE_CURRENCIES = ['usdt', 'bnb', 'sol', 'eoeo'] as const;
export type PriceCurrency = (typeof PRICE_CURRENCIES)[number];
/** The currencies that may be lacking and paid on chain (usdt must come from the balance). */
export const CHAIN_PAID = ['bnb', 'sol', 'eoeo'] as const;
export type ChainPaid = (typeof CHAIN_PAID)[number];

export function priceOf(order: OrderRow, currency: PriceCurrency): Money {
  const column = { usdt: order.usdtAmount, bnb: order.bnbAmount, sol: order.solAmount, eoeo: order.eoeoAmount };
  return new Money(column[currency]);
}
export function lackOf(order: OrderRow, currency: PriceCurrency): Money {
  if (currency === 'usdt') return new Money(0);
  return new Money({ bnb: order.lackBnb, sol: order.lackSol, eoeo: order.lackEoeo }[currency]);
}
export function paidOf(order: OrderRow, currency: PriceCurrency): Money {
  if (currency === 'usdt') return new Money(0);
  return new Money({ bnb: order.paidBnb, sol: order.paidSol, eoeo: order.paidEoeo }[currency]);
}
/** What the balance covered at purchase (held while the order is open). */
export function coveredOf(order: OrderRow, currency: PriceCurrency): Money {
  return priceOf(order, currency).minus(lackOf(order, currency));
}
/** What the order holds now: the covered part and the confirmed payments counted for it. */
export function heldOf(order: OrderRow, currency: PriceCurrency): Money {
  return coveredOf(order, currency).plus(paidOf(order, currency));
}

const held = (currency: string) => platformAccount(PLATFORM.machineOrdersHeld, currency);

/** Paid: everything the order holds goes to the sales account. */
export function completionLines(order: OrderRow): MovementLine[] {
  return PRICE_CURRENCIES.flatMap((c) => {
    const amount = heldOf(order, c);
    if (amount.isZero()) return [];
    return [
      { account: held(c), amount: amount.neg() },
      { account: platformAccount(PLATFORM.machineSales, c), amount },
    ];
  });
}

/** Cancelled or expired: everything the order holds goes back to the user's balance. */
export function releaseLines(order: OrderRow): MovementLine[] {
  return PRICE_CURRENCIES.flatMap((c) => {
    const amount = heldOf(order, c);
    if (amount.isZero()) return [];
    return [
      { account: held(c), amount: amount.neg() },
      { account: userAccount(order.userId, c), amount },
    ];
  });
}

export const heldAccount = held;
