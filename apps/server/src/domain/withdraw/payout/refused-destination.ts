import type { WithdrawalRow } from '../../../db/repositories/withdrawals.ts';
import { checkDestination } from '../destination.ts';
import type { PayoutContext, PayoutStep, TickReport } from './context.ts';
import type { SigningRound } from './plan.ts';
import { settleWithdrawal } from './settle.ts';

/**
 * Refused destination: rows from before the strict rule may name a destination nothing may be paid to. Nothing
 * was signed, so the refund is safe and the user gets the money back at once.
 */
export const REFUSED_DESTINATION_STEP: PayoutStep = { from: ['requested', 'awaiting-funds'], to: ['refunded'] };

/**
 * The payout's destination as the strict rule writes it (the payout is signed to that), or null when the rule
 * refuses it and the payout was refunded instead.
 */
export async function destinationOrRefund(
  ctx: PayoutContext,
  report: TickReport,
  w: WithdrawalRow,
  round: Pick<SigningRound, 'platform'>,
): Promise<`0x${string}` | null> {
  const destination = await checkDestination(w.toAddress, round.platform);
  if (destination.ok) return destination.address;
  const ended = await settleWithdrawal(ctx.repos, w, {
    failure: `destination refused: ${destination.reason}`,
    blockNumber: null,
  });
  if (ended === 'settled') report.counts.settled++;
  return null;
}
