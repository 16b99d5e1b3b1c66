import type { WithdrawalRow } from '../../../db/repositories/withdrawals.ts';
import { minedVariant } from './confirm.ts';
import type { PayoutContext, PayoutStep, TickReport } from './context.ts';
import { settleWithdrawal } from './settle.ts';

/**
 * Nonce taken: a payout without a receipt whose nonce another transaction of the hot wallet used in a
 * confirmed block can never be mined, and is refunded in full.
 */
export const NONCE_TAKEN_STEP: PayoutStep = { from: ['sent', 'held'], to: ['refunded'] };

/** Whether `taker` (the transaction that used a payout's nonce) is known and none of the payout's `variants`. */
export function isAnother(taker: string | null, variants: readonly string[]): boolean {
  return taker !== null && !variants.some((hash) => hash.toLowerCase() === taker.toLowerCase());
}

/**
 * A payout without a receipt whose nonce a confirmed block has already used (the hot wallet's key sent
 * something else first) can never be mined: it is safe to refund. A payout mined meanwhile sits in a block
 * too new to count here; the receipts are asked once more, and the refund needs proof besides: the block that
 * used the nonce holds a transaction that is none of this payout's variants. A node missing receipts (an RPC
 * replica behind the one that answered the count) must not make a paid payout look lost and refunded.
 */
export async function nonceTakenByAnother(
  ctx: PayoutContext,
  w: WithdrawalRow,
  depth: { nonceAtDepth: () => Promise<bigint | null>; confirmedBlock: bigint },
): Promise<boolean> {
  if (w.nonce === null) return false;
  const used = await depth.nonceAtDepth();
  if (used === null || used <= w.nonce) return false;
  if ((await minedVariant(ctx, w)) !== null) return false;
  const taker = await ctx.chain.nonceTakenBy(w.nonce, depth.confirmedBlock);
  return isAnother(taker, await ctx.repos.withdrawals.variantHashes(w));
}

/** Refunds a payout whose nonce another transaction took (nonceTakenByAnother said so). */
export async function refundNonceTaken(ctx: PayoutContext, report: TickReport, w: WithdrawalRow) {
  const ended = await settleWithdrawal(ctx.repos, w, {
    failure: `nonce ${w.nonce} was used by another transaction of the hot wallet`,
    blockNumber: null,
  });
  if (ended === 'settled') report.counts.settled++;
}
