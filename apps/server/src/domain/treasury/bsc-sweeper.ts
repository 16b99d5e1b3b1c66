import type { SweepChain } from '../../chain/evm/evm-sweep-chain.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import type { SweepRow } from '../../db/repositories/sweeps.ts';
import { errorSummary } from '../chain/error-summary.ts';
import { advanceSweep } from './bsc-sweep/advance-sweep.ts';
import type { AlertLog } from './bsc-sweep/alert-log.ts';
import { planDepositsRound, planHotWalletRound } from './bsc-sweep/plan-round.ts';
import { resumeFailed } from './bsc-sweep/resume.ts';
import { type BscRound, newRound } from './bsc-sweep/round.ts';
import { isolatedStep } from './bsc-sweep/step-failure.ts';
import { tokenContracts } from './bsc-sweep/tokens.ts';
import type { SweepCrashPoint, SweepTxContext } from './bsc-sweeper-tx.ts';

/** The sweeper's lease and health row, and its sweep-now request key (treasury design). */
export const BSC_SWEEPER = 'sweeper:bsc';
export const BSC_SWEEP_NOW = 'sweep:bsc';

export interface BscSweeperOptions {
  repos: Repositories;
  chain: SweepChain;
  owner: string;
  /** Blocks on top of a transaction's block before it counts (BSC_CONFIRMATIONS). */
  confirmations: number;
  bumpAfterBlocks: number;
  maxGasPrice: bigint;
  /** A sweep whose steps failed this many times is held for an operator. */
  maxAttempts?: number;
  /** New deposits are looked for at most this often (a sweep-now request plans at once). */
  planEveryMs?: number;
  planLimit?: number;
  leaseMs?: number;
  rebroadcastAfterMs?: number;
  log?: AlertLog;
  crashPoints?: Partial<Record<SweepCrashPoint, (sweep: SweepRow) => void>>;
}

/** The open sweeps in the order they step: token sweeps first, BNB last, then oldest first. */
async function openSweeps(repos: Repositories): Promise<SweepRow[]> {
  return (await repos.sweeps.withStatus('bsc', ['planned', 'gas-funding', 'sweeping', 'held'], 1000)).sort(
    (a, b) => Number(a.currency === 'bnb') - Number(b.currency === 'bnb') || Number(a.id - b.id),
  );
}

/**
 * The BNB Smart Chain sweeper (docs/architecture.md "Treasury"), one lease across instances, driving each sweep
 * through its steps (bsc-sweep/): failed sweeps resume (resume.ts); every open sweep's live transactions are followed
 * and settled once mined (follow-tx.ts, replace-tx.ts, settle-tx.ts: gas-funding/sweeping → swept); otherwise its
 * next step: planned → gas-funding (fund-gas.ts: the hot wallet sends the deposit address exactly the gas it lacks)
 * → sweeping (sign-sweep.ts, only after the top-up is confirmed; sign-to-cold.ts for the hot wallet's excess). New
 * deposits are planned every `planEveryMs` or at once on a sweep-now request (plan-deposits.ts); then the hot
 * wallet's excess above hotMax is planned to the cold address and a hot balance below hotMin alerts (plan-to-cold.ts).
 */
export function bscSweeper(options: BscSweeperOptions) {
  const { repos, chain, owner } = options;
  const ctx: SweepTxContext = {
    repos,
    chain,
    confirmations: options.confirmations,
    bumpAfterBlocks: options.bumpAfterBlocks,
    maxGasPrice: options.maxGasPrice,
    maxAttempts: options.maxAttempts ?? 5,
    rebroadcastAfterMs: options.rebroadcastAfterMs ?? 30_000,
    crashPoints: options.crashPoints,
  };
  const planEveryMs = options.planEveryMs ?? 60_000;
  const planning = { ...ctx, planLimit: options.planLimit ?? 5000, log: options.log };
  let lastPlannedAt = 0;

  async function plan(round: BscRound) {
    const requested = await repos.sweeps.takeWorkRequest(BSC_SWEEP_NOW);
    if (!requested && Date.now() - lastPlannedAt < planEveryMs) return;
    await planDepositsRound(planning, round);
    lastPlannedAt = Date.now();
    await planHotWalletRound(planning, round);
  }

  async function work() {
    const round = newRound(await chain.head(), await tokenContracts(repos));
    await resumeFailed(repos);
    const open = await openSweeps(repos);
    const busy = new Set(
      open.filter((s) => s.status === 'gas-funding' || s.status === 'sweeping').map((s) => s.fromAddress),
    );
    for (const s of open) await isolatedStep(ctx, round, s, () => advanceSweep(ctx, round, s, busy), options.log);
    await plan(round);
    return { outcome: 'worked' as const, ...round.counts, problems: round.problems };
  }

  async function tick() {
    if (!(await repos.chain.takeLease(BSC_SWEEPER, owner, options.leaseMs ?? 30_000)))
      return { outcome: 'not-lease-holder' as const };
    try {
      const done = await work();
      const [firstProblem] = done.problems;
      if (firstProblem) await repos.chain.noteWorkerError(BSC_SWEEPER, firstProblem);
      else await repos.chain.noteWorkerOk(BSC_SWEEPER);
      return done;
    } catch (error) {
      await repos.chain.noteWorkerError(BSC_SWEEPER, errorSummary(error)).catch(() => {});
      throw error;
    }
  }

  return { tick, release: () => repos.chain.releaseLease(BSC_SWEEPER, owner) };
}
