import type { TOrder } from '@aidf/contract';
import { describe, expect, it } from 'vitest';
import { awaitingOrderMove } from './order-follow.ts';

const order = (status: number, lackBnb = '0.5'): TOrder =>
  ({ orderNo: 'A1', status, lackBnb, lackSol: '0', lackEoeo: '0' }) as unknown as TOrder;

describe('how an order awaiting payment moved', () => {
  it('names a payment found on chain, part of one, and the order settling', () => {
    expect(awaitingOrderMove(order(0), order(2))).toBe('pending');
    expect(awaitingOrderMove(order(0), order(0, '0.2'))).toBe('part');
    expect(awaitingOrderMove(order(0), order(1, '0'))).toBe('settled');
    expect(awaitingOrderMove(order(0), order(3))).toBe('settled');
  });

  it('says nothing for the same answer again, or for an order no longer awaiting payment', () => {
    expect(awaitingOrderMove(order(0), order(0))).toBeNull();
    expect(awaitingOrderMove(order(2), order(1, '0'))).toBeNull();
    expect(awaitingOrderMove(order(0), { ...order(2), orderNo: 'B2' })).toBeNull();
  });
});
