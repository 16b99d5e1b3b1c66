import { expireOrders } from '../domain/machine/cancel-order.ts';
import type { PeriodicJob } from './periodic-job.ts';

/** `order-expiry` (RULES.md "AI miner"): miner orders awaiting payment for more than 30 minutes expire. */
export function orderExpiryJob(everyMs = 30_000): PeriodicJob {
  return { name: 'order-expiry', everyMs, tick: ({ repos, now }) => expireOrders(repos, now) };
}
