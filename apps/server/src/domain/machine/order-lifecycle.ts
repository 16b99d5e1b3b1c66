import { Money, ORDER_STATUS, SUBMODES, type TMinerCurrency } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import type { OrderRow, PaymentRow } from '../../db/repositories/machines.ts';
import { utcDayOf } from '../../utc-day.ts';
import { creditOnce } from '../chain/chain-credit.ts';
import { PLATFORM, platformAccount, userAccount } from '../ledger/platform-accounts.ts';
import { type MovementLine, postPrepared, prepareMovement } from '../ledger/post-movement.ts';
import { notify } from '../notifications/notify.ts';
import { onMachinePurchased } from '../team/purchase-bonuses.ts';
import type { MachineConfig } from './machine-config.ts';
import { completionLines, heldAccount, releaseLines } from './order-ledger.ts';
import { applyPayment, isPaidInFull } from './order-payment.ts';

/**
 * The order is paid (status 1): what it holds goes to the sales account, the machine starts (it mines from
 * the next UTC day), and the team bonuses run, all in the caller's transaction.
 */
export async function completeOrder(tx: Repositories, order: OrderRow, config: MachineConfig, now: Date) {
  const lines = completionLines(order);
  if (lines.length > 0) {
    await postPrepared(
      tx,
      await prepareMovement(tx, {
        type: 'cow-ai-maching-buy',
        idemKey: `machine-paid:${order.id}`,
        ref: String(order.id),
        lines,
      }),
    );
  }
  await tx.machines.setOrder(order.id, { status: ORDER_STATUS.paid, closedAt: now });
  await notify(tx, {
    userId: order.userId,
    kind: 'machine-paid',
    params: { order: String(order.id) },
    key: `order:${order.id}`,
  });
  const worth = new Money(order.worth);
  // The account the daily mining pays into exists from the start: the set-based mining books into it.
  await tx.ledger.ensureAccount(userAccount(order.userId, 'aidf', SUBMODES.normal));
  const machine = await tx.machines.insertMachine({
    userId: order.userId,
    orderId: order.id,
    worth: order.worth,
    // The order's own terms (a later change of the settings applies to new orders only); older orders have none.
    dailyIncome: worth.times(new Money(order.dailyRate ?? config.dailyRate)).toFixed(),
    cap: worth.times(new Money(order.capMultiple ?? config.capMultiple)).toFixed(),
    startDay: utcDayOf(now),
  });
  await onMachinePurchased(tx, { orderId: order.id, buyerId: order.userId, worth: worth.toFixed(), at: now });
  return machine;
}

/** Cancelled (3) or expired (4): what the order holds, covered part and counted payments, goes back. */
export async function releaseOrder(tx: Repositories, order: OrderRow, status: 3 | 4, now: Date) {
  const lines = releaseLines(order);
  if (lines.length > 0) {
    await postPrepared(
      tx,
      await prepareMovement(tx, {
        type: 'cow-ai-maching-buy',
        idemKey: `machine-release:${order.id}`,
        ref: String(order.id),
        lines,
      }),
    );
  }
  await tx.machines.setOrder(order.id, { status, closedAt: now });
  // A cancel is the user's own act; an expiry happens to them and is told.
  if (status === ORDER_STATUS.expired)
    await notify(tx, {
      userId: order.userId,
      kind: 'machine-expired',
      params: { order: String(order.id) },
      key: `order:${order.id}`,
    });
}

/** 2 while a submitted transaction or an unconfirmed payment is still to be settled, else 0. */
export async function openStatusOf(tx: Repositories, order: OrderRow): Promise<0 | 2> {
  if (await tx.machines.hasPendingHint(order.id)) return 2;
  const unconfirmed = await tx.machines.unconfirmedFor(order.id, order.userId);
  return [...unconfirmed.values()].some((v) => !new Money(v).isZero()) ? 2 : 0;
}

/**
 * Whether the chain had the payment's block before the order opened, as far as the collection watcher knew then
 * (the order's chainHeadsAtOpen): such a payment was made for an earlier order, never this one. The head known
 * then is at most a tick behind the chain, so a payment made for this order is always in a later block; only a
 * payment made in the last few seconds before the order opened can still count for it.
 */
export function madeBeforeOrder(payment: PaymentRow, order: OrderRow): boolean {
  const known = order.chainHeadsAtOpen?.[payment.chain as 'bsc' | 'solana'];
  return known !== undefined && known.genesis === payment.genesisHash && payment.blockNumber <= BigInt(known.head);
}

/**
 * The open order a payment of `owner` counts for, locked; null when none. A transaction the owner submitted for
 * an order serves that order only: once it is cancelled or expired the payment is credited, never counted for
 * the owner's next order. A payment the owner did not submit (the page was closed; another user's hint does not
 * count), counts for the owner's open order if it was made after that order opened (madeBeforeOrder).
 */
async function orderPaidBy(tx: Repositories, payment: PaymentRow, owner: bigint): Promise<OrderRow | null> {
  const hint = await tx.machines.hintOf(payment.chain, payment.txHash, owner);
  const submitted = hint !== null;
  const orderId = submitted ? hint.orderId : (await tx.machines.openOrderOf(owner))?.id;
  if (orderId === undefined) return null;
  const order = await tx.machines.orderForUpdate(orderId);
  const open = order?.status === ORDER_STATUS.awaitingPayment || order?.status === ORDER_STATUS.pending;
  if (!open) return null;
  return submitted || !madeBeforeOrder(payment, order) ? order : null;
}

/**
 * Settles one confirmed payment, in the caller's transaction (the user's row already locked): counted for the
 * sender's open order (orderPaidBy) as far as that order lacks the currency, the rest credited to the sender's balance; no
 * open order (expired, cancelled, paid): all credited. A sender who is no user's bound address: not counted
 * (third-party), left for the operator. A transfer credited before as another kind (a deposit: the collection
 * address was a user's deposit address) counts for nothing and is credited to no one: 'already-credited'
 * (chain-credit.ts, RULES.md "Treasury").
 */
export async function settlePayment(
  tx: Repositories,
  payment: PaymentRow,
  owner: bigint | null,
  config: MachineConfig,
  now: Date,
): Promise<void> {
  if (owner === null) {
    await tx.machines.setPayment(payment.id, { state: 'third-party', settledAt: now });
    return;
  }
  const transfer = {
    chain: payment.chain as 'bsc' | 'solana',
    genesisHash: payment.genesisHash,
    txHash: payment.txHash,
    eventIndex: payment.eventIndex,
  };
  const credit = await creditOnce(tx, transfer, 'machine-payment', (inner) =>
    countPayment(inner, payment, owner, config, now),
  );
  if (credit.outcome !== 'taken') return;
  await tx.machines.setPayment(payment.id, { state: 'already-credited', userId: owner, settledAt: now });
  // The owner's order that waited for this transaction waits no more.
  const hint = await tx.machines.hintOf(payment.chain, payment.txHash, owner);
  const order = hint ? await tx.machines.orderForUpdate(hint.orderId) : null;
  if (order && (order.status === ORDER_STATUS.awaitingPayment || order.status === ORDER_STATUS.pending)) {
    await tx.machines.setOrder(order.id, { status: await openStatusOf(tx, order) });
  }
}

/** The payment of a bound sender counted for the order and credited: settlePayment's movement, once. */
async function countPayment(tx: Repositories, payment: PaymentRow, owner: bigint, config: MachineConfig, now: Date) {
  const chainAccount = platformAccount(PLATFORM.chain(payment.chain as 'bsc' | 'solana'), payment.currency);
  const amount = new Money(payment.amount);
  const order = await orderPaidBy(tx, payment, owner);
  const currency = payment.currency;
  const figures = order?.amounts[currency as TMinerCurrency];
  const { applied, excess } = applyPayment(currency, figures, amount);
  const lines: MovementLine[] = [{ account: chainAccount, amount: amount.neg() }];
  if (!applied.isZero()) lines.push({ account: heldAccount(currency), amount: applied });
  if (!excess.isZero()) lines.push({ account: userAccount(owner, currency), amount: excess, type: 'chain-recharge' });
  const posted = await postPrepared(
    tx,
    await prepareMovement(tx, {
      type: applied.isZero() ? 'chain-recharge' : 'cow-ai-maching-buy',
      idemKey: `machine-payment:${payment.id}`,
      ref: payment.txHash,
      lines,
    }),
  );
  await tx.machines.setPayment(payment.id, {
    state: applied.isZero() ? 'credited' : 'applied',
    userId: owner,
    orderId: applied.isZero() ? null : (order?.id ?? null),
    appliedAmount: applied.toFixed(),
    creditedAmount: excess.toFixed(),
    movementId: posted.movementId,
    settledAt: now,
  });
  if (!order || !figures || applied.isZero()) return posted;
  const paid = new Money(figures.paid).plus(applied).toFixed();
  await tx.machines.setOrderPaid(order.id, currency as TMinerCurrency, paid);
  const updated: OrderRow = { ...order, amounts: { ...order.amounts, [currency]: { ...figures, paid } } };
  if (isPaidInFull(updated.amounts)) {
    await completeOrder(tx, updated, config, now);
  } else {
    await tx.machines.setOrder(order.id, { status: await openStatusOf(tx, updated) });
  }
  return posted;
}
