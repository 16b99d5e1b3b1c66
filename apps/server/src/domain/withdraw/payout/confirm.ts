import type { Hex } from 'viem';
import type { PayoutReceipt } from '../../../chain/evm/evm-payout-chain.ts';
import type { WithdrawalRow } from '../../../db/repositories/withdrawals.ts';
import type { PayoutContext, PayoutStep, TickReport } from './context.ts';
import { settleWithdrawal } from './settle.ts';

/**
 * Confirm: a sent payout (or a held one that was signed: its bytes may still be mined) whose receipt is
 * `confirmations` deep ends, confirmed when the transfer succeeded, refunded in full when it reverted.
 */
export const CONFIRM_STEP: PayoutStep = { from: ['sent', 'held'], to: ['confirmed', 'refunded'] };

/** What following the sent payouts of one tick rests on: the head, and the chain's reads asked at most once. */
export interface OpenRound {
  /** Sent payouts, and held ones that were signed. */
  open: WithdrawalRow[];
  head: bigint;
  /** The block that is `confirmations` deep. */
  confirmedBlock: bigint;
  /** The hot wallet's nonce count at `confirmedBlock` (null before the chain is that deep). */
  nonceAtDepth: () => Promise<bigint | null>;
  /** The network's gas price now, for a bump. */
  gasPriceNow: () => Promise<bigint>;
}

/** The payouts that went out and have not ended, and the tick's reads about them; null when there are none. */
export async function planOpen(ctx: PayoutContext): Promise<OpenRound | null> {
  const open = (await ctx.repos.withdrawals.withStatus([...CONFIRM_STEP.from])).filter((w) => w.signedTx !== null);
  if (open.length === 0) return null;
  const head = await ctx.chain.head();
  // The hot wallet's nonce count as of the block that is `confirmations` deep: asked once a tick, and only
  // when a payout lacks its receipt.
  const confirmedBlock = head - BigInt(ctx.confirmations) + 1n;
  let confirmedNonce: Promise<bigint | null> | undefined;
  let gasPrice: Promise<bigint> | undefined;
  return {
    open,
    head,
    confirmedBlock,
    nonceAtDepth: () => {
      confirmedNonce ??= confirmedBlock < 0n ? Promise.resolve(null) : ctx.chain.nonceAt(confirmedBlock);
      return confirmedNonce;
    },
    gasPriceNow: () => {
      gasPrice ??= ctx.chain.gasPrice();
      return gasPrice;
    },
  };
}

/** A payout variant's receipt: the one that was mined. */
export interface MinedVariant {
  hash: string;
  receipt: PayoutReceipt;
}

/** The first of a payout's signed variants with a receipt (the mined one), or null. */
export async function minedVariant(ctx: PayoutContext, w: WithdrawalRow): Promise<MinedVariant | null> {
  for (const hash of await ctx.repos.withdrawals.variantHashes(w)) {
    const receipt = await ctx.chain.receipt(hash as Hex);
    if (receipt) return { hash, receipt };
  }
  return null;
}

/**
 * Ends a mined payout once its block is `confirmations` deep (before that it is left as it is): confirmed, or
 * refunded when the transfer reverted. Either way its gas was burnt, and is booked with the payout's end.
 */
export async function confirmMined(
  ctx: PayoutContext,
  report: TickReport,
  w: WithdrawalRow,
  mined: MinedVariant,
  head: bigint,
) {
  if (head - mined.receipt.blockNumber + 1n < BigInt(ctx.confirmations)) return;
  const gas = { txHash: mined.hash, fee: mined.receipt.fee };
  const ended = await settleWithdrawal(
    ctx.repos,
    w,
    mined.receipt.success
      ? { confirmedIn: mined.receipt.blockNumber, minedHash: mined.hash, gas }
      : { failure: 'the token transfer reverted on chain', blockNumber: mined.receipt.blockNumber, gas },
  );
  if (ended === 'settled') report.counts.settled++;
}
