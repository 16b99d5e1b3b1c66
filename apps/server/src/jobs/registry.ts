import type { ProcessRole } from '../process-roles.ts';
import { type BackgroundWork, dailyWork, periodicWork } from './background-work.ts';
import { bscSweeperWork } from './bsc-sweeper.ts';
import { collectionWatcherWork, depositWatcherWork, investWatcherWork } from './chain-watchers.ts';
import type { DailyJob } from './daily-job.ts';
import { housekeepingJob } from './housekeeping.ts';
import { machineMiningJob } from './machine-mining.ts';
import { mailOutboxWork } from './mail-outbox.ts';
import { orderExpiryJob } from './order-expiry.ts';
import { payoutWork } from './payout-work.ts';
import type { PeriodicJob } from './periodic-job.ts';
import { pledgeSettlementJob } from './pledge-settlement.ts';
import { reservesPublishWork } from './reserves-publish.ts';
import { reservesReadWork } from './reserves-read.ts';
import { solanaDepositPoolWork } from './solana-deposit-pool-work.ts';
import { solanaSweeperWork } from './solana-sweeper-work.ts';
import { teamVolumeRollupJob } from './team-volume-rollup.ts';

/**
 * Every piece of the platform's background work, once (docs/architecture.md "Background work"): a new one is its
 * own file plus one line here. jobs/workers.ts starts those of the process's roles; the daily jobs are caught up in
 * this order.
 */
export function backgroundWork(): BackgroundWork[] {
  return [
    dailyWork(pledgeSettlementJob()),
    dailyWork(machineMiningJob()),
    dailyWork(housekeepingJob()),
    periodicWork(orderExpiryJob()),
    periodicWork(teamVolumeRollupJob()),
    mailOutboxWork(),
    depositWatcherWork('bsc'),
    depositWatcherWork('solana'),
    investWatcherWork(),
    collectionWatcherWork('bsc'),
    collectionWatcherWork('solana'),
    payoutWork(),
    solanaDepositPoolWork(),
    bscSweeperWork(),
    solanaSweeperWork(),
    reservesReadWork(),
    reservesPublishWork(),
  ];
}

/** The works a process with these roles runs. */
export function workOfRoles(roles: readonly ProcessRole[], works = backgroundWork()): BackgroundWork[] {
  return works.filter((work) => roles.includes(work.role));
}

/** Every daily job, in the order a runner catches them up. */
export function dailyJobs(): DailyJob[] {
  return backgroundWork().flatMap((work) => (work.dailyJob ? [work.dailyJob] : []));
}

/** Every time-based job, which an operator may also run by hand. */
export function periodicJobs(): PeriodicJob[] {
  return backgroundWork().flatMap((work) => (work.periodicJob ? [work.periodicJob] : []));
}
