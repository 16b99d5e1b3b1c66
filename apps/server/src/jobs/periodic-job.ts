import type { Repositories } from '../db/repositories/index.ts';

/**
 * Time-based work (not tied to a UTC day): run every `everyMs` by the workers (jobs/workers.ts), by hand with
 * `POST /ops/v1/ticks/{name}/run` and `npm run operator -- run-tick <name>`. A tick must be safe to run on
 * several instances at once: its own row locks and states make a second run do nothing twice.
 */
export interface PeriodicJob {
  name: string;
  everyMs: number;
  /** Runs once and answers how many items it handled. */
  tick: (context: { repos: Repositories; now: Date }) => Promise<number>;
}
