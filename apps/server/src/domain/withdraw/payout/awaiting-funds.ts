import { Money } from '@aidf/contract';
import type { UnsignedStatus, WithdrawalRow } from '../../../db/repositories/withdrawals.ts';
import { notifyWithdrawal } from '../../notifications/withdrawal-notices.ts';
import { keepsItsTurn } from '../payout-funds.ts';
import type { PayoutContext, PayoutStep } from './context.ts';

/** Awaiting funds: a payout the hot wallet cannot cover waits, unsigned, and is looked at again every tick. */
export const AWAITING_FUNDS_STEP: PayoutStep = { from: ['requested', 'awaiting-funds'], to: ['awaiting-funds'] };

/** The alert raised when a withdrawal starts waiting for the hot wallet to be refilled. */
export const AWAITING_FUNDS_ALERT = 'withdrawal-awaiting-funds';

/** How long a payout waits for funds before it keeps its turn against later ones (PayoutWorkerOptions). */
export const AWAITING_RESERVE_AFTER_MS = 60 * 60_000;

/**
 * Marks a payout that does not fit as waiting for funds, `reason` saying what the hot wallet lacks; the alert goes
 * out when it starts waiting, not on every tick. Answers null when the payout moved meanwhile (another worker
 * signed it, an operator refunded it), else whether it started now and whether it keeps its turn (what it needs
 * is then kept back from later payouts this tick).
 */
export async function awaitFunds(ctx: PayoutContext, w: WithdrawalRow, reason: string, now: Date) {
  // The user is told when it starts waiting, in the same transaction.
  const waits = await ctx.repos.transaction(async (tx) => {
    const started = await tx.withdrawals.markAwaiting(w.id, w.status as UnsignedStatus, reason);
    if (started === 'started') await notifyWithdrawal(tx, w, 'withdrawal-awaiting-funds');
    return started;
  });
  if (waits === null) return null;
  if (waits === 'started') {
    ctx.log?.warn(
      {
        alert: AWAITING_FUNDS_ALERT,
        withdrawalId: w.id.toString(),
        currency: w.currency,
        amount: new Money(w.receiveAmount).toFixed(),
        reason,
      },
      'a withdrawal waits for funds: sweep or top up the hot wallet (docs/operator-guide.md)',
    );
  }
  const since = waits === 'started' ? now : w.awaitingSince;
  return { started: waits === 'started', keepsItsTurn: keepsItsTurn(since, now, awaitingReserveAfterMs(ctx)) };
}

const awaitingReserveAfterMs = (ctx: PayoutContext) => ctx.awaitingReserveAfterMs ?? AWAITING_RESERVE_AFTER_MS;
