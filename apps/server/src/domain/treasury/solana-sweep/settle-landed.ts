import type { LandedSweep } from '../../../chain/solana/solana-sweep-chain.ts';
import type { SweepRow, TreasuryTxRow, TreasuryTxStatus } from '../../../db/repositories/sweeps.ts';
import { bookChainFee } from '../../ledger/chain-fees.ts';
import type { SweepStep } from '../sweep-step.ts';
import { failSweep, type SolanaRound, type SolanaSweepContext } from './context.ts';

/** Settling: a landed transaction makes its sweep swept, or counts a failure when it failed on chain. */
export const SETTLE_LANDED = { from: ['sweeping'], to: ['swept', 'failed', 'held'] } as const satisfies SweepStep;

class MovedMeanwhile extends Error {}

/** What the platform lost to a landed transaction: the hot wallet's spending, less the SOL it moved on purpose. */
export function costOf(sweep: SweepRow, spent: bigint, succeeded: boolean): bigint {
  if (!succeeded || sweep.currency !== 'sol') return spent;
  const amount = BigInt(sweep.amount);
  return sweep.kind === 'deposit' ? spent + amount : spent - amount;
}

/**
 * Confirms (or fails) a landed transaction, books what it cost the hot wallet (the fee, plus the rent of a token
 * account it created) as a chain-fee and moves the sweep to 'swept', in one database transaction; a transaction
 * that failed on chain then counts the sweep's failed attempt. Nothing when the transaction had moved meanwhile.
 */
export async function settleLanded(
  ctx: SolanaSweepContext,
  round: SolanaRound,
  sweep: SweepRow,
  tx: TreasuryTxRow,
  landed: LandedSweep,
) {
  const succeeded = landed.err === null;
  const cost = costOf(sweep, landed.hotWalletSpent, succeeded);
  const settled = await ctx.repos
    .transaction(async (t) => {
      // Prepared inside the transaction too: its accounts are ensured on the same connection.
      const booked = await bookChainFee(t, { chain: 'solana', fee: cost, txHash: tx.txHash });
      const moved = await t.sweeps.moveTransaction(
        tx.id,
        tx.status as TreasuryTxStatus,
        succeeded ? 'confirmed' : 'failed',
        { blockNumber: landed.slot, feePaid: cost.toString(), feeMovementId: booked?.movementId ?? null },
      );
      if (!moved) throw new MovedMeanwhile();
      if (succeeded) await t.sweeps.move(sweep.id, 'sweeping', 'swept', { feePaid: cost.toString() });
      return true;
    })
    .catch((error) => {
      if (error instanceof MovedMeanwhile) return false;
      throw error;
    });
  if (!settled) return;
  if (succeeded) round.counts.swept++;
  else await failSweep(ctx, round, sweep, 'sweeping', `the transaction failed on chain: ${JSON.stringify(landed.err)}`);
}
