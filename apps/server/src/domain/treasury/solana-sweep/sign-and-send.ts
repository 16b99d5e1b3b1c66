import type { SolanaSweepChain } from '../../../chain/solana/solana-sweep-chain.ts';
import type { SweepRow, TreasuryTxRow } from '../../../db/repositories/sweeps.ts';
import { errorSummary } from '../../chain/error-summary.ts';
import type { SweepStep } from '../sweep-step.ts';
import { failSweep, type KnownAsset, type SolanaRound, type SolanaSweepContext } from './context.ts';

/** Signing: a planned sweep's transaction is recorded with the move to sweeping, then sent. */
export const SIGN_AND_SEND = { from: ['planned'], to: ['sweeping', 'failed', 'held'] } as const satisfies SweepStep;

type Signed = Awaited<ReturnType<SolanaSweepChain['signTransfer']>>;

/** The signed transfer, its bytes and blockhash recorded ('signed') with the move to 'sweeping'; null if moved. */
async function record(ctx: SolanaSweepContext, sweep: SweepRow, signed: Signed): Promise<TreasuryTxRow | null> {
  return ctx.repos.transaction(async (t) => {
    if (!(await t.sweeps.move(sweep.id, 'planned', 'sweeping'))) return null;
    return t.sweeps.insertTransaction({
      chain: 'solana',
      sweepId: sweep.id,
      purpose: 'sweep',
      fromAddress: sweep.fromAddress,
      toAddress: sweep.toAddress,
      amount: sweep.amount,
      recentBlockhash: signed.recentBlockhash,
      signedTx: signed.wire,
      txHash: signed.signature,
      status: 'signed',
    });
  });
}

/** Sends recorded bytes for the first time; a failure leaves them 'signed' for the next tick. */
async function sendRecorded(ctx: SolanaSweepContext, round: SolanaRound, sweep: SweepRow, tx: TreasuryTxRow) {
  try {
    await ctx.chain.send(tx.signedTx, true);
  } catch (error) {
    // Left 'signed': the next tick sends the same bytes again, or finds them expired and counts a failure.
    round.problems.push(`sweep ${sweep.id}: ${errorSummary(error)}`);
    await ctx.repos.sweeps.noteError(sweep.id, `sending failed: ${errorSummary(error)}`);
    return;
  }
  ctx.crashPoints?.afterSent?.(sweep);
  if (await ctx.repos.sweeps.moveTransaction(tx.id, 'signed', 'sent')) round.counts.sent++;
}

/**
 * Signs a planned sweep (the hot wallet as fee payer, with the deposit key for a deposit), records it with the move
 * to 'sweeping' BEFORE it is sent, then sends it. A signing that fails records nothing and counts an attempt.
 */
export async function signAndSend(ctx: SolanaSweepContext, round: SolanaRound, sweep: SweepRow, asset?: KnownAsset) {
  if (!asset) {
    await failSweep(ctx, round, sweep, 'planned', `no ${sweep.currency} asset configured on Solana`);
    return;
  }
  let signed: Signed;
  try {
    signed = await ctx.chain.signTransfer({
      from:
        sweep.kind === 'to-cold'
          ? 'hot-wallet'
          : { depositIndex: sweep.derivationIndex as number, address: sweep.fromAddress },
      to: sweep.toAddress,
      asset,
      amount: BigInt(sweep.amount),
    });
  } catch (error) {
    // Nothing was recorded: the sweep stays planned for the next tick (an RPC that failed) unless it keeps failing.
    await failSweep(ctx, round, sweep, 'planned', `signing failed: ${errorSummary(error)}`);
    return;
  }
  const recorded = await record(ctx, sweep, signed);
  if (!recorded) return; // another instance took it
  round.counts.signed++;
  ctx.crashPoints?.afterSigned?.(sweep);
  await sendRecorded(ctx, round, sweep, recorded);
}
