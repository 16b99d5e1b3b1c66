import { ORDER_HINTS_OPEN_MAX, ORDER_HINTS_PER_HOUR, ORDER_STATUS } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import type { OrderRow } from '../../db/repositories/machines.ts';
import { AppError } from '../errors.ts';
import { type AttemptLimit, reserveAttempt } from '../limits/attempts.ts';
import { lockOwnOrder } from './cancel-order.ts';
import { openStatusOf } from './order-lifecycle.ts';

/** The chain a transaction id belongs to: 0x + 64 hex on BNB Smart Chain, a base58 signature on Solana. */
export function chainOfTxId(txId: string): { chain: 'bsc' | 'solana'; txHash: string } {
  if (/^0x[0-9a-fA-F]{64}$/.test(txId)) return { chain: 'bsc', txHash: txId.toLowerCase() };
  if (/^[1-9A-HJ-NP-Za-km-z]{64,90}$/.test(txId)) return { chain: 'solana', txHash: txId };
  throw new AppError(81028);
}

/** New hints one user may submit per hour (9000 beyond): what a watcher may be asked to look at per user. */
export const ORDER_HINT_LIMIT: AttemptLimit = {
  scope: 'order-hint',
  max: ORDER_HINTS_PER_HOUR,
  windowMs: 60 * 60_000,
};

/**
 * The client's transaction id for an open order: a hint for the collection watcher, which verifies it (sender,
 * receiver, token, confirmations) and counts a payment for its sender only. Each user has their own hint of a
 * transaction, so offering someone else's transaction first blocks neither its owner's submission nor their
 * payment. A user offers one transaction for one order: offered again for another order, or once the payment is
 * settled for someone else, it is refused (81025); offered again for the same order, it answers the same and
 * counts nothing. New hints are bounded: ORDER_HINTS_OPEN_MAX not yet found per order (81030), and
 * ORDER_HINTS_PER_HOUR per user (9000); all checked under the order's lock, so parallel requests cannot pass
 * them together.
 */
export async function submitOrderHash(
  repos: Repositories,
  userId: bigint,
  orderId: bigint,
  txId: string,
  now = new Date(),
): Promise<OrderRow> {
  const { chain, txHash } = chainOfTxId(txId);
  return repos.transaction(async (tx) => {
    const order = await lockOwnOrder(tx, userId, orderId);
    if (order.status !== ORDER_STATUS.awaitingPayment && order.status !== ORDER_STATUS.pending) {
      throw new AppError(81026);
    }
    // Already settled for someone else (found by the watcher before the hint came), or credited as another kind
    // of credit (chain-credit.ts): not this order's.
    for (const payment of await tx.machines.paymentsOfTx(chain, txHash)) {
      const elsewhere =
        (payment.userId !== null && payment.userId !== userId) ||
        (payment.orderId !== null && payment.orderId !== orderId) ||
        payment.state === 'credited' ||
        payment.state === 'already-credited';
      if (elsewhere) throw new AppError(81025);
    }
    const mine = await tx.machines.hintOf(chain, txHash, userId);
    if (mine && mine.orderId !== orderId) throw new AppError(81025);
    if (!mine) {
      if ((await tx.machines.openHintsOf(orderId)) >= ORDER_HINTS_OPEN_MAX) {
        throw new AppError(81030, `order ${orderId} has ${ORDER_HINTS_OPEN_MAX} hints waiting to be checked`);
      }
      // Counted in this transaction: a refused submission (any error after this) gives its turn back.
      await reserveAttempt(tx, [{ limit: ORDER_HINT_LIMIT, key: String(userId) }], now);
      if (!(await tx.machines.claimHint({ chain, txHash, orderId, userId }))) throw new AppError(81025);
    }
    await tx.machines.setOrder(orderId, { status: await openStatusOf(tx, order) });
    return (await tx.machines.order(orderId)) as OrderRow;
  });
}
