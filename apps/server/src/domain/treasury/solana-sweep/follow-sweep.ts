import type { SweepRow, TreasuryTxRow, TreasuryTxStatus } from '../../../db/repositories/sweeps.ts';
import { errorSummary } from '../../chain/error-summary.ts';
import type { SweepStep } from '../sweep-step.ts';
import { failSweep, type SolanaRound, type SolanaSweepContext } from './context.ts';
import { SETTLE_LANDED, settleLanded } from './settle-landed.ts';

/** Following: a sweeping sweep's transaction is settled once landed, given up once expired, else sent again. */
export const FOLLOW_SWEEP = { from: SETTLE_LANDED.from, to: SETTLE_LANDED.to } as const satisfies SweepStep;

/**
 * Expired at 'finalized' and in no block: these bytes can never land, the transaction is 'expired' and the sweep
 * counts a failed attempt. Asked after the expiry, so a transaction that landed just before it is seen here.
 */
async function giveUpExpired(ctx: SolanaSweepContext, round: SolanaRound, sweep: SweepRow, tx: TreasuryTxRow) {
  if ((await ctx.chain.seen(tx.txHash)) !== null) return;
  if (await ctx.repos.sweeps.moveTransaction(tx.id, tx.status as TreasuryTxStatus, 'expired')) {
    round.counts.expired++;
    await failSweep(ctx, round, sweep, 'sweeping', 'its blockhash expired before the transaction landed');
  }
}

/**
 * Still valid: the same bytes again (a crash after signing, or a node that dropped them). Without preflight, as
 * bytes that already landed are then dropped instead of refused.
 */
async function sendAgain(ctx: SolanaSweepContext, round: SolanaRound, sweep: SweepRow, tx: TreasuryTxRow) {
  try {
    await ctx.chain.send(tx.signedTx, false);
    if (tx.status === 'signed' && (await ctx.repos.sweeps.moveTransaction(tx.id, 'signed', 'sent')))
      round.counts.sent++;
  } catch (error) {
    round.problems.push(`sweep ${sweep.id}: ${errorSummary(error)}`);
  }
}

/** Follows one 'sweeping' sweep's transaction: confirmed, failed, expired, or sent again. */
export async function followSweep(ctx: SolanaSweepContext, round: SolanaRound, sweep: SweepRow) {
  const tx = await ctx.repos.sweeps.openTransactionOf(sweep.id);
  if (!tx) {
    await failSweep(ctx, round, sweep, 'sweeping', 'no transaction in flight');
    return;
  }
  const landed = await ctx.chain.landed(tx.txHash);
  if (landed) return settleLanded(ctx, round, sweep, tx, landed);
  if (tx.recentBlockhash && (await ctx.chain.blockhashExpired(tx.recentBlockhash)))
    return giveUpExpired(ctx, round, sweep, tx);
  await sendAgain(ctx, round, sweep, tx);
}
