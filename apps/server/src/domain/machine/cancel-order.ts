import { ORDER_STATUS } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import type { OrderRow } from '../../db/repositories/machines.ts';
import { AppError } from '../errors.ts';
import { releaseOrder } from './order-lifecycle.ts';

/** The user's open order, locked after the user's row (the lock order of money); 1404 when not theirs. */
async function lockOwnOrder(tx: Repositories, userId: bigint, orderId: bigint): Promise<OrderRow> {
  await tx.users.byIdForUpdate(userId);
  const order = await tx.machines.orderForUpdate(orderId);
  if (!order || order.userId !== userId) throw new AppError(1404);
  return order;
}

/**
 * Cancels an order awaiting payment (or pending confirmation): what it holds goes back to the balance. A
 * payment that confirms later finds no open order and is credited to the balance (never lost).
 */
export async function cancelOrder(repos: Repositories, userId: bigint, orderId: bigint, now = new Date()) {
  return repos.transaction(async (tx) => {
    const order = await lockOwnOrder(tx, userId, orderId);
    if (order.status === ORDER_STATUS.cancelled) return order; // a repeated cancel answers the same
    if (order.status !== ORDER_STATUS.awaitingPayment && order.status !== ORDER_STATUS.pending) {
      throw new AppError(81026);
    }
    await releaseOrder(tx, order, ORDER_STATUS.cancelled, now);
    return (await tx.machines.order(orderId)) as OrderRow;
  });
}

/**
 * Expires open orders past their time (job order-expiry): status 0 at expires_at; status 2 (a transaction was
 * submitted or a payment is being confirmed) gets the same 30 minutes more, so a payment sent in time is not
 * cut off by its confirmations. Answers how many expired.
 */
export async function expireOrders(repos: Repositories, now = new Date(), limit = 500): Promise<number> {
  const grace = 30 * 60_000;
  let expired = 0;
  for (const candidate of await repos.machines.expiredOpenOrders(now, limit)) {
    const done = await repos.transaction(async (tx) => {
      await tx.users.byIdForUpdate(candidate.userId);
      const order = await tx.machines.orderForUpdate(candidate.id);
      if (!order || (order.status !== 0 && order.status !== 2)) return false;
      const deadline = order.expiresAt.getTime() + (order.status === 2 ? grace : 0);
      if (deadline > now.getTime()) return false;
      await releaseOrder(tx, order, ORDER_STATUS.expired, now);
      return true;
    });
    if (done) expired++;
  }
  return expired;
}

export { lockOwnOrder };
