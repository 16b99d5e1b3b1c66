import type { Hex } from 'viem';
import type { SweepRow, TreasuryTxRow } from '../../../db/repositories/sweeps.ts';
import { broadcastTx, type SweepTxContext, sendBytes } from '../bsc-sweeper-tx.ts';
import type { SweepStep } from '../sweep-step.ts';
import { replaceTx } from './replace-tx.ts';
import { SETTLE_TX, settleTx } from './settle-tx.ts';

/** Following: a sweep with a live transaction (gas-funding or sweeping) stays there until it is mined and settled. */
export const FOLLOW_TX = { from: SETTLE_TX.from, to: SETTLE_TX.to } as const satisfies SweepStep;

export type FollowResult = 'waiting' | 'confirmed' | 'reverted' | 'sent' | 'bumped';

/**
 * Follows one live transaction of a sweep (and every variant of its nonce): the mined variant is settled after the
 * depth; unmined bytes recorded but never sent go out; sent ones without a receipt `bumpAfterBlocks` after they were
 * priced are replaced with the same nonce at a higher price, and otherwise go out again now and then.
 */
export async function followTx(
  ctx: SweepTxContext,
  sweep: SweepRow,
  live: TreasuryTxRow,
  all: TreasuryTxRow[],
  head: bigint,
  problems: string[],
): Promise<FollowResult> {
  const { chain } = ctx;
  const variants = all.filter((t) => t.fromAddress === live.fromAddress && t.nonce === live.nonce);
  for (const v of variants) {
    const receipt = await chain.receipt(v.txHash as Hex);
    if (!receipt) continue;
    if (head - receipt.blockNumber + 1n < BigInt(ctx.confirmations)) return 'waiting';
    await settleTx(ctx, sweep, variants, v, receipt, all);
    return receipt.success ? 'confirmed' : 'reverted';
  }
  if (live.status === 'signed') {
    await broadcastTx(ctx, sweep, live, live.purpose === 'gas-topup' ? 'afterTopupSent' : 'afterSweepSent');
    return 'sent';
  }
  if (live.pricedAtBlock !== null && head - live.pricedAtBlock >= BigInt(ctx.bumpAfterBlocks)) {
    const bumped = await replaceTx(ctx, sweep, live, head, problems);
    if (bumped) return 'bumped';
  }
  if (!live.sentAt || Date.now() - live.sentAt.getTime() > ctx.rebroadcastAfterMs)
    await sendBytes(ctx, live.signedTx as Hex);
  return 'waiting';
}
