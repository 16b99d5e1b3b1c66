import type { Repositories } from '../../../db/repositories/index.ts';
import type { SweepStep } from '../sweep-step.ts';

/** Retrying: a failed sweep is planned again, and signed anew with a fresh transaction. */
export const RETRY = { from: ['failed'], to: ['planned'] } as const satisfies SweepStep;

/** A failed sweep is tried again (with a fresh transaction) on the tick after the one that failed it. */
export async function retryFailed(repos: Repositories): Promise<void> {
  for (const sweep of await repos.sweeps.withStatus('solana', RETRY.from))
    await repos.sweeps.move(sweep.id, 'failed', 'planned');
}
