import { Money, ORDER_EXPIRY_MINUTES, ORDER_STATUS } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import type { OrderRow } from '../../db/repositories/machines.ts';
import { AppError } from '../errors.ts';
import { userAccount } from '../ledger/platform-accounts.ts';
import { type MovementLine, postPrepared, prepareMovement } from '../ledger/post-movement.ts';
import type { MachineConfig } from './machine-config.ts';
import { heldAccount } from './order-ledger.ts';
import { completeOrder } from './order-lifecycle.ts';
import { splitPrice } from './order-payment.ts';

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

/**
 * Buys the machine of price item `itemId` (RULES.md "AI miner"). Under the user's row lock: refused while an
 * order is open (81029), while a machine still runs (81024), below the highest worth so far (8770); a currency
 * paid from the balance only (usdt) must be covered by it (1230, shown as ms23); one paid on chain (bnb, sol, eoeo)
 * is taken from the balance as far as it goes and the rest is the order's lack (splitPrice). No lack: paid at once (status 1, a machine). A lack: the
 * covered part is held and the order awaits payment (status 0) for 30 minutes. The lock and the unique
 * "one open order" and "one running machine" indexes make a repeated or concurrent request make one order.
 */
export async function buyMachine(
  repos: Repositories,
  userId: bigint,
  itemId: bigint,
  config: MachineConfig,
  now = new Date(),
): Promise<OrderRow> {
  try {
    return await repos.transaction(async (tx) => {
      await tx.users.byIdForUpdate(userId);
      const item = await tx.machines.item(itemId);
      if (!item?.onSale) throw new AppError(81027);
      if (await tx.machines.openOrderOf(userId)) throw new AppError(81029);
      if (await tx.machines.hasRunningMachine(userId)) throw new AppError(81024);
      if (new Money(item.worth).lt(new Money(await tx.machines.highestWorth(userId)))) throw new AppError(8770);

      const balances = new Map(
        (await tx.ledger.balancesOfUser(userId)).filter((b) => b.submode === '00').map((b) => [b.currency, b.balance]),
      );
      const split = splitPrice(item.amounts, (c) => balances.get(c) ?? '0');
      if (!split.ok) throw new AppError(1230);
      const lines: MovementLine[] = split.parts.flatMap((p) =>
        p.covered.isZero()
          ? []
          : [
              { account: userAccount(userId, p.currency), amount: p.covered.neg() },
              { account: heldAccount(p.currency), amount: p.covered },
            ],
      );
      const hasLack = split.parts.some((p) => !p.lack.isZero());
      const amounts = Object.fromEntries(
        split.parts.map((p) => [p.currency, { price: p.price.toFixed(), lack: p.lack.toFixed(), paid: '0' }]),
      );
      const order = await tx.machines.insertOrder(
        {
          userId,
          itemId,
          worth: item.worth,
          status: ORDER_STATUS.awaitingPayment,
          // The terms shown now hold for this order's machine, whenever it is paid.
          dailyRate: config.dailyRate,
          capMultiple: config.capMultiple,
          createdAt: now,
          expiresAt: new Date(now.getTime() + ORDER_EXPIRY_MINUTES * 60_000),
        },
        amounts,
      );
      if (lines.length > 0) {
        const posted = await postPrepared(
          tx,
          await prepareMovement(tx, {
            type: 'cow-ai-maching-buy',
            idemKey: `machine-hold:${order.id}`,
            ref: String(order.id),
            lines,
          }),
        );
        await tx.machines.setOrder(order.id, { holdMovementId: posted.movementId });
      }
      if (hasLack) return order;
      await completeOrder(tx, order, config, now);
      return (await tx.machines.order(order.id)) as OrderRow;
    });
  } catch (error) {
    // The unique indexes behind the lock: a race the lock did not serialise still makes one order.
    if (isUniqueViolation(error)) throw new AppError(81029);
    throw error;
  }
}
