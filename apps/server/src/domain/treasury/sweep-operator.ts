import type { Repositories } from '../../db/repositories/index.ts';
import type { SweepRow, SweepStatus } from '../../db/repositories/sweeps.ts';
import { AppError } from '../errors.ts';
import type { OperatorActor } from '../operator/roles.ts';
import { resumeState } from './bsc-sweeper.ts';
import { isLive } from './bsc-sweeper-tx.ts';

/**
 * An operator's actions on a sweep (docs/operator-guide.md "Treasury"), each audited in the transaction of the
 * change. The console, the command line and their routes call these.
 */

async function sweepOf(repos: Repositories, id: bigint): Promise<SweepRow> {
  const sweep = await repos.sweeps.byId(id);
  if (!sweep) throw new AppError(1225, `no sweep ${id}`);
  return sweep;
}

/**
 * Retry: a held or failed sweep goes back to work, resuming where its transactions say (a live transaction is
 * followed, never signed again; otherwise from 'planned', which tops up only the gas still missing).
 */
export async function retrySweep(repos: Repositories, id: bigint, actor: OperatorActor, reason = 'retry') {
  const sweep = await sweepOf(repos, id);
  if (sweep.status !== 'held' && sweep.status !== 'failed')
    throw new AppError(1225, `sweep ${id} is ${sweep.status}: only a held or failed sweep is retried`);
  const to = resumeState(await repos.sweeps.transactionsOf(id));
  const moved = await repos.transaction(async (tx) => {
    if (!(await tx.sweeps.move(id, sweep.status as SweepStatus, to, { reason: null }))) return false;
    await tx.operatorActions.record({
      actor,
      action: 'sweep-retry',
      target: `sweep:${id}`,
      before: { status: sweep.status, attempts: sweep.attempts, lastError: sweep.lastError },
      after: { status: to },
      reason,
    });
    return true;
  });
  if (!moved) throw new AppError(1225, `sweep ${id} changed meanwhile: look again`);
  return { id: id.toString(), status: to };
}

/**
 * Skip: a planned, failed or held sweep is given up with a reason ('skipped'): its amount stays at the deposit address
 * (counted as not swept) and is planned again only once more arrives there. A sweep with a transaction still on its
 * way cannot be skipped: it may yet land.
 */
export async function skipSweep(repos: Repositories, id: bigint, actor: OperatorActor, reason: string) {
  const why = reason.trim();
  if (why.length < 3 || why.length > 500) throw new AppError(1225, 'a skip needs a reason (3 to 500 characters)');
  const sweep = await sweepOf(repos, id);
  if (!['planned', 'failed', 'held'].includes(sweep.status))
    throw new AppError(1225, `sweep ${id} is ${sweep.status}: only a planned, failed or held sweep is skipped`);
  if ((await repos.sweeps.transactionsOf(id)).some(isLive))
    throw new AppError(1225, `sweep ${id} has a transaction on its way: it cannot be skipped`);
  const moved = await repos.transaction(async (tx) => {
    if (!(await tx.sweeps.move(id, sweep.status as SweepStatus, 'skipped', { reason: why }))) return false;
    await tx.operatorActions.record({
      actor,
      action: 'sweep-skip',
      target: `sweep:${id}`,
      before: { status: sweep.status },
      after: { status: 'skipped' },
      reason: why,
    });
    return true;
  });
  if (!moved) throw new AppError(1225, `sweep ${id} changed meanwhile: look again`);
  return { id: id.toString(), status: 'skipped' as const };
}
