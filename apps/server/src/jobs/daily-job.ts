import type { Repositories } from '../db/repositories/index.ts';

/** What a daily job is given for one UTC day. */
export interface DailyJobContext {
  repos: Repositories;
  /** The UTC day being run, 'YYYY-MM-DD'. */
  day: string;
  /**
   * Called between committed batches: renews the run's lease, and throws when another runner took the slot
   * over (this one was presumed dead), so two runners never work one day side by side for long.
   */
  checkpoint: () => Promise<void>;
}

/** A unit of daily work; its own unique keys make a repeated day pay nothing twice. */
export interface DailyJob {
  name: string;
  /** Runs the day and answers how many items (pledges, machines…) it paid. */
  runDay: (context: DailyJobContext) => Promise<number>;
}
