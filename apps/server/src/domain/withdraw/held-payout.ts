import type { Hex } from 'viem';
import type { PayoutChain } from '../../chain/evm/evm-payout-chain.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';
import type { OperatorActor } from '../operator/roles.ts';
import { isAnother } from './payout/nonce-taken.ts';
import { settleWithdrawal } from './payout/settle.ts';

export interface HeldPayoutAction {
  actor: OperatorActor;
  withdrawalId: bigint;
  reason: string;
  /** Runs in the action's transaction (an approval claims its proposal there: applied once or not at all). */
  inTx?: ((tx: Repositories) => Promise<void>) | undefined;
}

export async function heldOne(repos: Repositories, id: bigint) {
  const w = await repos.withdrawals.byId(id);
  if (!w) throw new AppError(1404, `withdrawal ${id} does not exist`);
  if (w.status !== 'held') throw new AppError(1225, `withdrawal ${id} is ${w.status}, not held`);
  return w;
}

/**
 * A payout an operator may refund: one held for them, or one waiting for funds (never signed, so nothing of it
 * can be mined: the refund is always safe).
 */
export async function refundableOne(repos: Repositories, id: bigint) {
  const w = await repos.withdrawals.byId(id);
  if (!w) throw new AppError(1404, `withdrawal ${id} does not exist`);
  if (w.status !== 'held' && w.status !== 'awaiting-funds') {
    throw new AppError(1225, `withdrawal ${id} is ${w.status}, neither held nor awaiting funds`);
  }
  return w;
}

/** Why a refundable payout waits, for the audit trail and the proposal. */
export const waitReason = (w: { status: string; heldReason: string | null; awaitingReason: string | null }) =>
  w.status === 'awaiting-funds' ? w.awaitingReason : w.heldReason;

/**
 * `npm run operator -- payout-retry <id>`: a held payout goes back to the worker as it was (unsigned: signed
 * afresh with the next nonce; signed: its recorded bytes sent again), once the cause is fixed. Audited.
 */
export async function retryHeldPayout(repos: Repositories, a: HeldPayoutAction) {
  const w = await heldOne(repos, a.withdrawalId);
  return repos.transaction(async (tx) => {
    await a.inTx?.(tx);
    const status = await tx.withdrawals.release(w.id);
    if (!status) throw new AppError(1225, `withdrawal ${w.id} is no longer held`);
    await tx.operatorActions.record({
      actor: a.actor,
      action: 'payout-retry',
      target: `withdrawal:${w.id}`,
      before: { status: 'held', heldReason: w.heldReason },
      after: { status },
      reason: a.reason,
      detail: { withdrawalId: w.id.toString(), heldReason: w.heldReason, backTo: status },
    });
    return { status };
  });
}

/**
 * `npm run operator -- payout-refund <id>`: refunds a held payout, or one awaiting funds, in full, audited. Only
 * when it can never be paid: it was never signed (always so for one awaiting funds), or its nonce is used on chain at the confirmation depth by another transaction
 * and none of its signed variants has a receipt. Otherwise its bytes could still be mined after the refund
 * (paid twice): the operator first spends that nonce from the hot wallet (any transaction, such as 0 BNB to
 * itself) and refunds once it is deep enough, or the worker refunds it by itself at that point. The checks
 * hold for the payout as read here; the refund applies only if it is still exactly that (held or awaiting
 * funds, the same bytes or none) in the transaction that moves the money, else 1409 and nothing changes: a
 * waiting payout the worker signed meanwhile is not refunded.
 */
export async function refundHeldPayout(
  repos: Repositories,
  chain: PayoutChain | null,
  confirmations: number,
  a: HeldPayoutAction,
) {
  const w = await refundableOne(repos, a.withdrawalId);
  if (w.signedTx !== null) {
    if (!chain || w.nonce === null) throw new AppError(81034);
    for (const hash of await repos.withdrawals.variantHashes(w)) {
      if (await chain.receipt(hash as Hex)) {
        throw new AppError(1225, `withdrawal ${w.id} was mined (${hash}): the worker confirms or refunds it`);
      }
    }
    const depth = (await chain.head()) - BigInt(confirmations) + 1n;
    const taker = depth < 0n ? null : await chain.nonceTakenBy(w.nonce, depth);
    // Its nonce used by one of its own variants (a node behind on receipts showed none): paid, not lost.
    if (taker !== null && !isAnother(taker, await repos.withdrawals.variantHashes(w))) {
      throw new AppError(1225, `withdrawal ${w.id} was mined (${taker}): the worker confirms or refunds it`);
    }
    if (taker === null) {
      throw new AppError(
        1225,
        `withdrawal ${w.id} is signed with nonce ${w.nonce}, which no transaction has used ${confirmations} blocks deep: ` +
          'its bytes could still be mined. Spend that nonce from the hot wallet first, or retry it',
      );
    }
  }
  const settled = await settleWithdrawal(
    repos,
    w,
    { failure: `refunded by ${a.actor.name}: ${a.reason}`, blockNumber: null },
    async (tx, movementId) => {
      await a.inTx?.(tx);
      await tx.operatorActions.record({
        actor: a.actor,
        action: 'payout-refund',
        target: `withdrawal:${w.id}`,
        before: { status: w.status, heldReason: waitReason(w) },
        after: { status: 'refunded', amount: w.amount },
        movementId,
        reason: a.reason,
        detail: { withdrawalId: w.id.toString(), heldReason: waitReason(w) },
      });
    },
  );
  // Between our checks and our transaction another refund (a parallel approval, or the worker) settled it, or
  // a retry gave it back to the worker (which may have signed and sent it): the refund changed nothing.
  if (settled === 'already-settled') throw new AppError(1409, `withdrawal ${w.id} was already settled`);
  if (settled === 'moved') throw new AppError(1409, `withdrawal ${w.id} is no longer ${w.status} as it was checked`);
  return { status: 'refunded' as const };
}
