import { ORDER_STATUS } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import type { OrderRow } from '../../db/repositories/machines.ts';
import { AppError } from '../errors.ts';
import { lockOwnOrder } from './cancel-order.ts';
import { openStatusOf } from './order-lifecycle.ts';

/** The chain a transaction id belongs to: 0x + 64 hex on BNB Smart Chain, a base58 signature on Solana. */
export function chainOfTxId(txId: string): { chain: 'bsc' | 'solana'; txHash: string } {
  if (/^0x[0-9a-fA-F]{64}$/.test(txId)) return { chain: 'bsc', txHash: txId.toLowerCase() };
  if (/^[1-9A-HJ-NP-Za-km-z]{64,90}$/.test(txId)) return { chain: 'solana', txHash: txId };
  throw new AppError(81028);
}

/**
 * The client's transaction id for an open order: a hint for the collection watcher, which verifies it (sender,
 * receiver, token, confirmations). One transaction serves one order of one user: offered again for another
 * order, or by another user, it is refused (81025); offered again for the same order, it answers the same.
 */
export async function submitOrderHash(
  repos: Repositories,
  userId: bigint,
  orderId: bigint,
  txId: string,
): Promise<OrderRow> {
  const { chain, txHash } = chainOfTxId(txId);
  return repos.transaction(async (tx) => {
    const order = await lockOwnOrder(tx, userId, orderId);
    if (order.status !== ORDER_STATUS.awaitingPayment && order.status !== ORDER_STATUS.pending) {
      throw new AppError(81026);
    }
    // Already settled for someone else (found by the watcher before the hint came): not this order's.
    for (const payment of await tx.machines.paymentsOfTx(chain, txHash)) {
      const elsewhere =
        (payment.userId !== null && payment.userId !== userId) ||
        (payment.orderId !== null && payment.orderId !== orderId) ||
        payment.state === 'credited';
      if (elsewhere) throw new AppError(81025);
    }
    if (!(await tx.machines.claimHint({ chain, txHash, orderId, userId }))) throw new AppError(81025);
    await tx.machines.setOrder(orderId, { status: await openStatusOf(tx, order) });
    return (await tx.machines.order(orderId)) as OrderRow;
  });
}
