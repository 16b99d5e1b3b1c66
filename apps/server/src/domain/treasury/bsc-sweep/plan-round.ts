import type { SweepChain } from '../../../chain/evm/evm-sweep-chain.ts';
import type { Repositories } from '../../../db/repositories/index.ts';
import type { AlertLog } from './alert-log.ts';
import { planDepositSweeps } from './plan-deposits.ts';
import { planToCold } from './plan-to-cold.ts';
import type { BscRound } from './round.ts';

export interface PlanRoundOptions {
  repos: Repositories;
  chain: SweepChain;
  confirmations: number;
  maxGasPrice: bigint;
  planLimit: number;
  log?: AlertLog;
}

/** A planning round's first half: the deposit sweeps due. */
export async function planDepositsRound(options: PlanRoundOptions, round: BscRound): Promise<void> {
  const planned = await planDepositSweeps({ ...options, tokens: round.tokens }, round.head);
  round.counts.planned += planned.planned;
  round.counts.skipped += planned.skipped;
}

/**
 * A planning round's second half: the hot wallet's excess to cold; a hot balance below hotMin logs the alert
 * `hot-wallet-below-min`, a refused cold address is a problem of the tick.
 */
export async function planHotWalletRound(options: PlanRoundOptions, round: BscRound): Promise<void> {
  const hot = await planToCold({ ...options, tokens: round.tokens, planLimit: 0 });
  round.counts.toCold += hot.planned;
  for (const low of hot.belowMin) {
    options.log?.warn(
      {
        alert: 'hot-wallet-below-min',
        chain: 'bsc',
        currency: low.currency,
        balance: low.balance.toString(),
        hotMin: String(low.hotMin),
      },
      'the hot wallet holds less than its minimum: payouts may wait for funds',
    );
  }
  if (hot.coldRefused) round.problems.push(`cold address refused, nothing sent to cold: ${hot.coldRefused}`);
}
