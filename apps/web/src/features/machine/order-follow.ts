import type { TOrder } from '@aidf/contract';
import { lackOf } from './pay-check.ts';

/**
 * How an order awaiting payment (status 0) moved, seen from its next status answer: 'pending' a payment is on chain
 * and waits for its confirmations (2), 'part' still awaiting with less lacking (an underpayment arrived), 'settled'
 * paid (1) or closed (cancelled, expired: anything else), null nothing new. The dialog tells each once.
 */
export function awaitingOrderMove(before: TOrder, after: TOrder): 'pending' | 'part' | 'settled' | null {
  if (before.status !== 0 || after.orderNo !== before.orderNo) return null;
  if (after.status === 2) return 'pending';
  if (after.status !== 0) return 'settled';
  return JSON.stringify(lackOf(after)) === JSON.stringify(lackOf(before)) ? null : 'part';
}
