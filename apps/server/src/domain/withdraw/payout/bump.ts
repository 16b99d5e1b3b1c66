import type { Hex } from 'viem';
import type { WithdrawalRow } from '../../../db/repositories/withdrawals.ts';
import { sendCounted } from './broadcast.ts';
import type { PayoutContext, PayoutStep, TickReport } from './context.ts';

/**
 * Bump: a sent payout not mined `bumpAfterBlocks` after it was priced is signed again with its nonce at a higher
 * price; the replacement is recorded (every variant kept) before it goes out. It stays sent.
 */
export const BUMP_STEP: PayoutStep = { from: ['sent'], to: ['sent'] };

/** The replacement rule of the nodes (at least 10 % more): 12.5 % more, rounded up. */
export function bumpedGasPrice(old: bigint, current: bigint, max: bigint): bigint | null {
  const raised = (old * 1125n + 999n) / 1000n;
  const price = current > raised ? current : raised;
  const capped = price > max ? max : price;
  return capped * 10n >= old * 11n ? capped : null;
}

/**
 * A sent payout not mined yet: after `bumpAfterBlocks` it is signed again with its nonce at a higher price
 * (the replacement recorded before it is sent; the older variants stay known for the receipt check); until
 * then, or when the cap allows no higher price, the current bytes go out again now and then.
 */
export async function waitOrBump(
  ctx: PayoutContext,
  report: TickReport,
  w: WithdrawalRow,
  at: { head: bigint; gasPriceNow: () => Promise<bigint> },
) {
  if (w.pricedAtBlock === null) {
    await ctx.repos.withdrawals.setPricedAt(w.id, at.head);
    return;
  }
  if (at.head - w.pricedAtBlock >= BigInt(ctx.bumpAfterBlocks)) {
    const old = ctx.chain.gasPriceOf(w.signedTx as Hex);
    const price = bumpedGasPrice(old, await at.gasPriceNow(), ctx.maxGasPrice);
    if (price === null) {
      report.problems.push(
        `withdrawal ${w.id}: not mined at ${old} wei and PAYOUT_MAX_GAS_PRICE_GWEI allows no higher price`,
      );
    } else {
      const bumped = await replaceSigned(ctx, w, price, at.head);
      if (!bumped) return;
      report.counts.bumped++;
      ctx.crashPoints?.afterReplacementSigned?.(bumped);
      await sendCounted(ctx, report, bumped);
      return;
    }
  }
  // A replacement recorded but not sent yet (a crash between the two) has no sentAt: it goes out now.
  if (!w.sentAt || Date.now() - w.sentAt.getTime() > rebroadcastAfterMs(ctx)) await sendCounted(ctx, report, w);
}

/**
 * Signs the payout again at `price` with its nonce and records the replacement as its current bytes (and as one
 * more variant); null when its bytes changed meanwhile (another worker replaced them first).
 */
export async function replaceSigned(
  ctx: PayoutContext,
  w: WithdrawalRow,
  price: bigint,
  head: bigint,
): Promise<WithdrawalRow | null> {
  const next = await ctx.chain.resign(w.signedTx as Hex, price);
  const replaced = await ctx.repos.transaction(async (tx) => {
    await tx.withdrawals.addVariant(w.id, { txHash: next.hash, signedTx: next.raw });
    return tx.withdrawals.replaceSigned(w.id, w.txHash as string, {
      signedTx: next.raw,
      txHash: next.hash,
      pricedAtBlock: head,
    });
  });
  return replaced ? { ...w, signedTx: next.raw, txHash: next.hash, pricedAtBlock: head } : null;
}

const rebroadcastAfterMs = (ctx: PayoutContext) => ctx.rebroadcastAfterMs ?? 30_000;
