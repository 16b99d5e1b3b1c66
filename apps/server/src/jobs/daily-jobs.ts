import type { DailyJob } from './daily-job.ts';
import { machineMiningJob } from './machine-mining.ts';
import { pledgeSettlementJob } from './pledge-settlement.ts';

/** Every daily job of the platform, in the order a runner catches them up. */
export function dailyJobs(): DailyJob[] {
  return [pledgeSettlementJob(), machineMiningJob()];
}
