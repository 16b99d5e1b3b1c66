import type { PeriodicJob } from './periodic-job.ts';

/** Purchases moved into team_stats per transaction: one set-based statement over their uplines each. */
const BATCH = 500;

/**
 * `team-volume-rollup`: moves the purchases a machine purchase appended to team_volume_tail into their
 * uplines' team_stats rows, a batch per transaction, each purchase exactly once (the batch is deleted by the
 * statement that adds it). Volumes read meanwhile are right either way (rolled-up plus tail); rolling up keeps
 * the tail a purchase reads short.
 */
export function teamVolumeRollupJob(everyMs = 2_000): PeriodicJob {
  return {
    name: 'team-volume-rollup',
    everyMs,
    tick: ({ repos }) => repos.transaction((tx) => tx.team.rollUpVolumes(BATCH)),
  };
}
