import type { Hex } from 'viem';
import type { WithdrawalRow, WithdrawalStatus } from '../../../db/repositories/withdrawals.ts';
import { errorSummary } from '../../chain/error-summary.ts';
import { notifyWithdrawal } from '../../notifications/withdrawal-notices.ts';
import type { PayoutContext, PayoutStep, TickReport } from './context.ts';

/**
 * Broadcast: a payout's recorded bytes go out; a signed one becomes sent, a sent one (sent again) stays sent.
 * Bytes the node refuses outright hold the payout for an operator; a passing failure leaves it as it was.
 */
export const BROADCAST_STEP: PayoutStep = { from: ['signed', 'sent'], to: ['sent', 'held'] };

/**
 * Sends the payout's current bytes. A refusal of these very bytes holds the payout for an operator; a
 * passing failure is answered for the tick's health and the payout waits for the next tick.
 */
export async function broadcastPayout(
  ctx: PayoutContext,
  w: WithdrawalRow,
): Promise<'sent' | 'held' | { retry: string }> {
  if (!w.signedTx) throw new Error(`withdrawal ${w.id} has no signed transaction`);
  try {
    await ctx.chain.broadcast(w.signedTx as Hex);
  } catch (error) {
    if (ctx.chain.broadcastFailure(error) === 'retry') return { retry: errorSummary(error) };
    await ctx.repos.withdrawals.hold(w.id, w.status as WithdrawalStatus, `the node refused it: ${errorSummary(error)}`);
    return 'held';
  }
  ctx.crashPoints?.afterBroadcast?.(w);
  if (w.status === 'signed') {
    await ctx.repos.transaction(async (tx) => {
      await tx.withdrawals.markSent(w.id);
      await notifyWithdrawal(tx, w, 'withdrawal-sent');
    });
  } else await ctx.repos.withdrawals.touchSent(w.id);
  return 'sent';
}

/** Broadcasts and counts the outcome in the tick's report (a passing failure is one of its problems). */
export async function sendCounted(ctx: PayoutContext, report: TickReport, w: WithdrawalRow) {
  const result = await broadcastPayout(ctx, w);
  if (result === 'sent') report.counts.sent++;
  else if (result === 'held') report.counts.held++;
  else report.problems.push(`withdrawal ${w.id}: ${result.retry}`);
}
