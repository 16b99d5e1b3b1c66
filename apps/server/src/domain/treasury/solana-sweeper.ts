import type { SweepRow } from '../../db/repositories/sweeps.ts';
import { errorSummary } from '../chain/error-summary.ts';
import { newSolanaRound, type SolanaRound, type SolanaSweepContext, sweptAssets } from './solana-sweep/context.ts';
import { followSweep } from './solana-sweep/follow-sweep.ts';
import { planDeposits } from './solana-sweep/plan-deposits.ts';
import { planToCold } from './solana-sweep/plan-to-cold.ts';
import { retryFailed } from './solana-sweep/retry.ts';
import { signAndSend } from './solana-sweep/sign-and-send.ts';

/** The sweeper's lease (one instance works) and the work request an operator's sweep-now writes. */
export const SOLANA_SWEEPER = 'sweeper:solana';
export const SWEEP_SOLANA_REQUEST = 'sweep:solana';
/** A sweep that failed this many times is held for an operator (alert `sweep-held`). */
export const SOLANA_SWEEP_MAX_ATTEMPTS = 5;

/** A test seam's simulated crash stops the whole tick, as a killed process would; nothing else does. */
export class SweepCrash extends Error {}

export interface SolanaSweeperOptions extends Omit<SolanaSweepContext, 'maxAttempts'> {
  owner: string;
  leaseMs?: number;
  maxAttempts?: number;
}

/** One sweep's step; its error is a problem of the tick and the other sweeps go on (a simulated crash stops all). */
async function isolated(round: SolanaRound, sweep: SweepRow, step: () => Promise<void>) {
  try {
    await step();
  } catch (error) {
    if (error instanceof SweepCrash) throw error;
    round.problems.push(`sweep ${sweep.id}: ${errorSummary(error)}`);
  }
}

/**
 * Collects what users deposited on Solana into the hot wallet, and the hot wallet's excess above its hotMax into
 * the cold address (docs/architecture.md "Treasury: sweeps on Solana"). One instance works (lease `sweeper:solana`).
 * Each tick drives every sweep through its steps (solana-sweep/): a 'sweeping' sweep's transaction is followed
 * (follow-sweep.ts: sent again while its blockhash is valid, 'expired' and a failed attempt once it is not) and
 * settled at 'finalized' with its cost booked (settle-landed.ts: → swept); a failed sweep is planned again
 * (retry.ts); the deposits due and the hot wallet's excess are planned (plan-deposits.ts, plan-to-cold.ts); and each
 * planned sweep is signed, recorded with its move to 'sweeping' before it is sent, then sent (sign-and-send.ts). The
 * hot wallet pays the fees, so a Solana sweep needs no gas top-up: planned → sweeping → swept.
 */
export function solanaSweeper(options: SolanaSweeperOptions) {
  const { repos, owner } = options;
  const ctx: SolanaSweepContext = { ...options, maxAttempts: options.maxAttempts ?? SOLANA_SWEEP_MAX_ATTEMPTS };

  async function work() {
    const requested = await repos.sweeps.takeWorkRequest(SWEEP_SOLANA_REQUEST);
    const round = newSolanaRound(await sweptAssets(repos));
    for (const sweep of await repos.sweeps.withStatus('solana', ['sweeping']))
      await isolated(round, sweep, () => followSweep(ctx, round, sweep));
    await retryFailed(repos);
    await planDeposits(ctx, round);
    await planToCold(ctx, round);
    for (const sweep of await repos.sweeps.withStatus('solana', ['planned']))
      await isolated(round, sweep, () => signAndSend(ctx, round, sweep, round.assets.get(sweep.currency)));
    return { outcome: 'worked' as const, requested, ...round.counts, problems: round.problems };
  }

  return {
    /** One round of work, only for the lease holder. */
    async tick() {
      if (!(await repos.chain.takeLease(SOLANA_SWEEPER, owner, options.leaseMs ?? 30_000)))
        return { outcome: 'not-lease-holder' as const };
      return work();
    },
    release: () => repos.chain.releaseLease(SOLANA_SWEEPER, owner),
  };
}
