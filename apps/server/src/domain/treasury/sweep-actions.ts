import type { TTreasuryChain } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { isLive, resumeState, type SweepRow, type SweepStatus } from '../../db/repositories/sweeps.ts';
import { AppError } from '../errors.ts';
import type { OperatorActor } from '../operator/roles.ts';

/**
 * An operator's actions on the treasury's sweeps (docs/operator-guide.md "Treasury"), each a compare-and-set on
 * the state the operator saw and audited in the same transaction: two operators, or one clicking twice, move a
 * sweep once and the second is told it had already moved.
 */

/** Only a sweep the sweeper gave up on (failed: it retries later; held: it waits for an operator) is acted on. */
const ACTIONABLE: readonly SweepStatus[] = ['held', 'failed'];

/** The work request each chain's sweeper takes at its next tick (docs/architecture.md "Treasury"). */
export const SWEEP_NOW_WORK: Record<TTreasuryChain, string> = { bsc: 'sweep:bsc', solana: 'sweep:solana' };

/** The operators row behind the actor; null for OPERATOR_TOKEN's `cli`, which has none. */
async function operatorIdOf(repos: Repositories, actor: OperatorActor): Promise<bigint | null> {
  if (actor.name === 'cli') return null;
  return (await repos.operators.byUsername(actor.name))?.id ?? null;
}

async function actionableSweep(repos: Repositories, id: bigint): Promise<SweepRow> {
  const sweep = await repos.sweeps.byId(id);
  if (!sweep) throw new AppError(81060, `sweep ${id}`);
  if (!ACTIONABLE.includes(sweep.status as SweepStatus)) throw new AppError(81061, `sweep ${id} is ${sweep.status}`);
  return sweep;
}

/**
 * Moves the sweep from the state it was read in, with the audit row; a sweep that moved meanwhile (another
 * operator, the sweeper) is refused with 81061 and nothing is written.
 */
async function moveAudited(
  repos: Repositories,
  sweep: SweepRow,
  to: SweepStatus,
  actor: OperatorActor,
  reason: string,
) {
  const operatorId = await operatorIdOf(repos, actor);
  const moved = await repos.transaction(async (tx) => {
    const patch = to === 'skipped' ? { reason, operatorId } : { reason: null, operatorId };
    if (!(await tx.sweeps.move(sweep.id, sweep.status as SweepStatus, to, patch))) return false;
    await tx.operatorActions.record({
      actor,
      action: to === 'skipped' ? 'sweep-skip' : 'sweep-retry',
      target: `sweep:${sweep.id}`,
      before: { status: sweep.status, attempts: sweep.attempts, lastError: sweep.lastError },
      after: { status: to },
      reason,
      detail: { chain: sweep.chain, currency: sweep.currency, amount: sweep.amount, fromAddress: sweep.fromAddress },
    });
    return true;
  });
  if (!moved) throw new AppError(81061, `sweep ${sweep.id} moved meanwhile`);
  return { id: sweep.id.toString(), status: to };
}

/**
 * Retry: a held or failed sweep goes back to work where its recorded transactions say (`resumeState`): a live
 * transaction is followed, never signed anew; otherwise from 'planned'. The sweeper's next tick takes it up.
 */
export async function retrySweep(repos: Repositories, id: bigint, actor: OperatorActor, reason: string) {
  const sweep = await actionableSweep(repos, id);
  return moveAudited(repos, sweep, resumeState(await repos.sweeps.transactionsOf(id)), actor, reason);
}

/**
 * Skip: a held or failed sweep is given up with the operator's reason. Its amount stays at the deposit address,
 * counted as not yet swept. Refused while one of its transactions is signed or sent: it may still land.
 */
export async function skipSweep(repos: Repositories, id: bigint, actor: OperatorActor, reason: string) {
  const sweep = await actionableSweep(repos, id);
  if ((await repos.sweeps.transactionsOf(id)).some(isLive)) throw new AppError(81062, `sweep ${id}`);
  return moveAudited(repos, sweep, 'skipped', actor, reason);
}

/** Sweep-now: writes the work request of each chain asked for; the treasury role's next tick plans at once. */
export async function requestSweepNow(
  repos: Repositories,
  chains: readonly TTreasuryChain[],
  actor: OperatorActor,
  reason: string,
) {
  const operatorId = await operatorIdOf(repos, actor);
  const requested = chains.map((chain) => SWEEP_NOW_WORK[chain]);
  await repos.transaction(async (tx) => {
    for (const work of requested) await tx.sweeps.requestWork(work, operatorId);
    await tx.operatorActions.record({
      actor,
      action: 'sweep-now',
      target: requested.map((w) => `work:${w}`).join(','),
      after: { requested },
      reason,
    });
  });
  return { requested };
}
