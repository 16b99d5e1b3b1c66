import type { WithdrawalRow } from '../../db/repositories/withdrawals.ts';
import { errorSummary } from '../chain/error-summary.ts';
import { awaitFunds } from './payout/awaiting-funds.ts';
import { sendCounted } from './payout/broadcast.ts';
import { waitOrBump } from './payout/bump.ts';
import { confirmMined, minedVariant, type OpenRound, planOpen } from './payout/confirm.ts';
import {
  isolated,
  newTickReport,
  type PayoutContext,
  type PayoutWorkerOptions,
  type TickReport,
} from './payout/context.ts';
import { nonceTakenByAnother, refundNonceTaken } from './payout/nonce-taken.ts';
import { planSigning, type SigningRound } from './payout/plan.ts';
import { destinationOrRefund } from './payout/refused-destination.ts';
import { holdUnsignable, needOf, signPayout } from './payout/sign.ts';
import { NO_FUNDS, type PayoutFunds, plus } from './payout-funds.ts';

// What the worker's callers (the operator's actions, the tests, chain-status) name by this module.
export { AWAITING_FUNDS_ALERT } from './payout/awaiting-funds.ts';
export { bumpedGasPrice } from './payout/bump.ts';
export { PayoutCrash } from './payout/context.ts';
export { settleWithdrawal } from './payout/settle.ts';

/** The worker's name: its lease, and its health row for chain-status. */
export const PAYOUT_WORKER = 'payout-worker:bsc';

/**
 * Sends withdrawals from the hot wallet (RULES.md "Recharge and withdrawal"), one step per module in payout/,
 * each moving a payout between the withdrawal's states (docs/architecture.md "The payout worker"). Each payout is
 * first signed with a nonce taken from the database and recorded with its bytes, and only then broadcast; after a
 * crash the same bytes go out again, and a nonce is never used twice, so the chain sees at most one transfer per
 * withdrawal. A mined payout is confirmed after the depth (its fee to the platform); a reverted one, or one
 * whose nonce another transaction of the hot wallet took, is refunded in full; each in one transaction with
 * the withdrawal's final state.
 *
 * Payouts are isolated from each other: one that cannot be paid is held and the tick goes on with the others. A
 * passing broadcast failure (no gas money, the network, an earlier nonce not in yet) leaves it as it is for the
 * next tick. A payout the hot wallet cannot cover waits as 'awaiting-funds' (docs/architecture.md "Payouts that
 * wait for funds"); every tick looks at the waiting ones again, in id order with the new ones.
 */
export function payoutWorker(options: PayoutWorkerOptions) {
  const { repos, owner } = options;

  /** One round of work; its end, good or bad, is kept for the operator's chain-status. */
  async function tick() {
    if (!(await repos.chain.takeLease(PAYOUT_WORKER, owner, options.leaseMs ?? 30_000)))
      return { outcome: 'not-lease-holder' as const };
    try {
      const done = await work(options);
      // A payout's own trouble does not stop the tick, but the operator sees it as the worker's error.
      const [firstProblem] = done.problems;
      if (firstProblem) await repos.chain.noteWorkerError(PAYOUT_WORKER, firstProblem);
      else await repos.chain.noteWorkerOk(PAYOUT_WORKER);
      return done;
    } catch (error) {
      // Best effort: the tick's own error matters more than a failure to note it.
      await repos.chain.noteWorkerError(PAYOUT_WORKER, errorSummary(error)).catch(() => {});
      throw error;
    }
  }

  return { tick, release: () => repos.chain.releaseLease(PAYOUT_WORKER, owner) };
}

/** The steps in their order: sign the unsigned, send the signed, follow the sent to their end. */
async function work(ctx: PayoutContext) {
  const report = newTickReport();
  const round = await planSigning(ctx);
  if (round) {
    // What this tick keeps back for payouts that waited long enough to keep their turn.
    let reserved = NO_FUNDS;
    for (const w of round.unsigned) {
      await isolated(report, w, async () => {
        reserved = await payUnsigned(ctx, report, round, w, reserved);
      });
    }
  }
  // Recorded but maybe never sent (a crash between the two, or a passing failure): the same bytes go out.
  for (const w of await ctx.repos.withdrawals.withStatus(['signed'])) {
    await isolated(report, w, () => sendCounted(ctx, report, w));
  }
  const open = await planOpen(ctx);
  if (open) for (const w of open.open) await isolated(report, w, () => followOpen(ctx, report, open, w));
  return { outcome: 'worked' as const, ...report.counts, problems: report.problems };
}

/**
 * One unsigned payout: refunded if its destination is refused, else signed and sent when it fits, waiting for
 * funds when it does not, held when signing fails. Answers what the tick keeps back from later payouts now.
 */
async function payUnsigned(
  ctx: PayoutContext,
  report: TickReport,
  round: SigningRound,
  w: WithdrawalRow,
  reserved: PayoutFunds,
): Promise<PayoutFunds> {
  const toAddress = await destinationOrRefund(ctx, report, w, round);
  if (toAddress === null) return reserved;
  const need = needOf(w.receiveAmount, round.token.decimals, ctx.chain.feeCap(round.gasPrice));
  const signed = await signPayout(ctx, { ...w, toAddress }, round, { reserved, need });
  if (signed === null) return reserved;
  if (signed.kind === 'short') {
    const waits = await awaitFunds(ctx, w, signed.reason, round.now);
    if (waits === null) return reserved; // moved meanwhile (another worker signed it, an operator refunded it)
    report.counts.waiting++;
    if (waits.started) report.counts.awaiting++;
    return waits.keepsItsTurn ? plus(reserved, need) : reserved;
  }
  if (signed.kind === 'failed') {
    await holdUnsignable(ctx, report, w, signed.error);
    return reserved;
  }
  report.counts.signed++;
  ctx.crashPoints?.afterSigned?.(signed.row);
  await sendCounted(ctx, report, signed.row);
  return reserved;
}

/** One payout that went out: confirmed or refunded once mined deep enough, refunded if its nonce was taken, bumped. */
async function followOpen(ctx: PayoutContext, report: TickReport, round: OpenRound, w: WithdrawalRow) {
  const mined = await minedVariant(ctx, w);
  if (mined) await confirmMined(ctx, report, w, mined, round.head);
  else if (await nonceTakenByAnother(ctx, w, round)) await refundNonceTaken(ctx, report, w);
  else if (w.status === 'sent') await waitOrBump(ctx, report, w, round);
}
