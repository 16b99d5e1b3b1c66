import { MINER_CURRENCY_CODES, type Money } from '@aidf/contract';
import type { OrderRow } from '../../db/repositories/machines.ts';
import { PLATFORM, platformAccount, userAccount } from '../ledger/platform-accounts.ts';
import type { MovementLine } from '../ledger/post-movement.ts';
import { heldAmount } from './order-payment.ts';

/** What the order holds now of a currency: the covered part and the confirmed payments counted for it. */
export function heldOf(order: OrderRow, currency: (typeof MINER_CURRENCY_CODES)[number]): Money {
  return heldAmount(order.amounts[currency]);
}

const held = (currency: string) => platformAccount(PLATFORM.machineOrdersHeld, currency);

/** Paid: everything the order holds goes to the sales account. */
export function completionLines(order: OrderRow): MovementLine[] {
  return MINER_CURRENCY_CODES.flatMap((c) => {
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
  return MINER_CURRENCY_CODES.flatMap((c) => {
    const amount = heldOf(order, c);
    if (amount.isZero()) return [];
    return [
      { account: held(c), amount: amount.neg() },
      { account: userAccount(order.userId, c), amount },
    ];
  });
}

export const heldAccount = held;
