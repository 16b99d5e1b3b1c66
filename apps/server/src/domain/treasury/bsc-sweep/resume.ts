import type { Repositories } from '../../../db/repositories/index.ts';
import { resumeState } from '../../../db/repositories/sweeps.ts';
import type { SweepStep } from '../sweep-step.ts';

/** Resuming: a failed sweep goes back to where its transactions say. */
export const RESUME = { from: ['failed'], to: ['planned', 'gas-funding', 'sweeping'] } as const satisfies SweepStep;

/**
 * Every failed sweep resumes where its transactions say: a live sweep transaction is followed ('sweeping'), a live
 * top-up is waited for ('gas-funding'), and otherwise it starts again from 'planned', which reads the address's BNB
 * and tops up only what is still missing (nothing, when an earlier top-up arrived).
 */
export async function resumeFailed(repos: Repositories): Promise<void> {
  for (const s of await repos.sweeps.withStatus('bsc', RESUME.from, 1000)) {
    await repos.sweeps.move(s.id, 'failed', resumeState(await repos.sweeps.transactionsOf(s.id)));
  }
}
