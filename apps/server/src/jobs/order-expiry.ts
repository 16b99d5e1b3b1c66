import { expireOrders } from '../domain/machine/cancel-order.ts';
import type { PeriodicJob } from './periodic-job.ts';
import { teamVolumeRollupJob } from './team-volume-rollup.ts';

/** `order-expiry` (RULES.md "AI miner"): miner orders awaiting payment for more than 30 minutes expire. */
export function orderExpiryJob(everyMs = 30_000): PeriodicJob {
  return { name: 'order-expiry', everyMs, tick: ({ repos, now }) => expireOrders(repos, now) };
}

/** Every periodic job of the platform. */
export function periodicJobs(): PeriodicJob[] {
  return [orderExpiryJob(), teamVolumeRollupJob()];
}
