import type { SweepRow, SweepStatus, TreasuryTxRow } from '../../../db/repositories/sweeps.ts';
import { isLive } from '../../../db/repositories/sweeps.ts';
import { bookChainFee } from '../../ledger/chain-fees.ts';
import { SweepMoved, type SweepTxContext } from '../bsc-sweeper-tx.ts';
import type { SweepStep } from '../sweep-step.ts';

/** Settling: a mined sweep transaction makes the sweep swept; a reverted one (top-up or sweep) counts a failure. */
export const SETTLE_TX = {
  from: ['gas-funding', 'sweeping'],
  to: ['swept', 'failed', 'held', 'gas-funding'],
} as const satisfies SweepStep;

/** What a mined transaction's receipt says. */
export interface MinedReceipt {
  success: boolean;
  blockNumber: bigint;
  fee: bigint;
}

/** The fees a sweep's other transactions (its confirmed top-up, reverted attempts) already paid. */
function earlierFees(all: TreasuryTxRow[], mined: TreasuryTxRow): bigint {
  return all
    .filter((t) => t.id !== mined.id && t.feePaid !== null)
    .reduce((sum, t) => sum + BigInt(t.feePaid ?? '0'), 0n);
}

/**
 * Ends a mined transaction in one database transaction: its other variants 'replaced' (their nonce is used), the
 * fee booked, the row confirmed (or failed when it reverted: its gas is burnt all the same), and the sweep moved: a
 * confirmed sweep transaction makes it swept, a reverted one counts a failed attempt. A confirmed top-up leaves the
 * sweep in gas-funding, where the transfer is signed next.
 */
export async function settleTx(
  ctx: SweepTxContext,
  sweep: SweepRow,
  variants: TreasuryTxRow[],
  mined: TreasuryTxRow,
  receipt: MinedReceipt,
  all: TreasuryTxRow[],
) {
  const { repos } = ctx;
  try {
    await repos.transaction(async (tx) => {
      for (const other of variants) {
        if (other.id !== mined.id && isLive(other))
          await tx.sweeps.moveTransaction(other.id, other.status as 'sent', 'replaced');
      }
      // Prepared in the transaction too: one connection (PGlite) cannot serve a second query meanwhile.
      const booked = await bookChainFee(tx, { chain: 'bsc', fee: receipt.fee, txHash: mined.txHash });
      const moved = await tx.sweeps.moveTransaction(
        mined.id,
        mined.status as 'signed' | 'sent' | 'replaced',
        receipt.success ? 'confirmed' : 'failed',
        {
          blockNumber: receipt.blockNumber,
          feePaid: receipt.fee.toString(),
          feeMovementId: booked?.movementId ?? null,
        },
      );
      if (!moved) throw new SweepMoved();
      const status = sweep.status as SweepStatus;
      if (!receipt.success) {
        await tx.sweeps.fail(sweep.id, status, `transaction ${mined.txHash} reverted`, ctx.maxAttempts);
        return;
      }
      if (mined.purpose !== 'sweep') return;
      await tx.sweeps.move(sweep.id, status, 'swept', {
        amount: mined.amount,
        feePaid: (earlierFees(all, mined) + receipt.fee).toString(),
      });
    });
  } catch (error) {
    if (error instanceof SweepMoved) return;
    throw error;
  }
}
