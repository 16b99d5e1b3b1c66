import type { SweepRow, SweepStatus } from '../../../db/repositories/sweeps.ts';
import { errorSummary } from '../../chain/error-summary.ts';
import { SweepBroadcastWaits, SweepCrash, type SweepTxContext } from '../bsc-sweeper-tx.ts';
import type { AlertLog } from './alert-log.ts';
import type { BscRound } from './round.ts';

/** The states a step may fail a sweep from (a settled or skipped one has nothing left to fail). */
const FAILABLE: readonly string[] = ['planned', 'gas-funding', 'sweeping'];

/**
 * Runs one sweep's step; its failure counts an attempt (failed, or held with the alert `sweep-held` after
 * maxAttempts) and the other sweeps go on. A broadcast the node turned down for a passing cause counts none: it is
 * one of the tick's problems and its recorded bytes go out again next tick. A simulated crash stops the whole tick,
 * as a killed process would.
 */
export async function isolatedStep(
  ctx: SweepTxContext,
  round: BscRound,
  s: SweepRow,
  step: () => Promise<void>,
  log?: AlertLog,
): Promise<void> {
  try {
    await step();
  } catch (error) {
    if (error instanceof SweepCrash) throw error;
    const message = errorSummary(error);
    round.problems.push(`sweep ${s.id}: ${message}`);
    // Its bytes are recorded and go out again next tick: no attempt is counted.
    if (error instanceof SweepBroadcastWaits) return;
    const now = await ctx.repos.sweeps.byId(s.id);
    if (!now || !FAILABLE.includes(now.status)) return;
    const ended = await ctx.repos.sweeps.fail(s.id, now.status as SweepStatus, message, ctx.maxAttempts);
    if (ended === 'failed') round.counts.failed++;
    if (ended === 'held') {
      round.counts.held++;
      log?.error(
        { alert: 'sweep-held', chain: 'bsc', sweepId: s.id.toString(), currency: s.currency, error: message },
        'a sweep failed repeatedly and waits for an operator (retry or skip)',
      );
    }
  }
}
