import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Repositories } from '../db/repositories/index.ts';
import { type DailyJob, utcDayOf } from './daily-job.ts';

export interface JobRunnerOptions {
  repos: Repositories;
  jobs: DailyJob[];
  /**
   * The clock, injected where tests decide what "today" is. Without it "today" is the database's: an instance whose
   * clock runs minutes ahead would otherwise start tomorrow's day before midnight, while the others still book today.
   */
  now?: () => Date;
  owner?: string;
  /** How long a claimed day stays ours without a checkpoint (a crashed runner's day is free after it). */
  leaseMs?: number;
  /** How far back a runner catches up missed days. */
  maxCatchUpDays?: number;
  /**
   * Aborted when the process stops (SIGTERM): a running day stops at its next checkpoint, between committed batches,
   * and hands its slot back, so another instance resumes it at once instead of after the lease.
   */
  stopping?: AbortSignal;
}

export type DayOutcome =
  | { job: string; day: string; status: 'done'; items: number }
  | { job: string; day: string; status: 'busy' };

/** The process is stopping: the run ends at a checkpoint, its committed batches kept. */
class JobStopping extends Error {}

export class LostJobLease extends Error {
  constructor(job: string, day: string) {
    super(`another runner took over ${job} for ${day}`);
    this.name = 'LostJobLease';
  }
}

/**
 * The one runner of daily work (ARCHITECTURE.md "Jobs"). A day of a job runs after its slot (job, day) is
 * claimed in the database, so any number of instances may run the runner; missed days are caught up in order;
 * a crashed run's slot is taken over once its lease ends and resumes from its committed batches.
 */
export function jobRunner(options: JobRunnerOptions) {
  const { repos } = options;
  const owner = options.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const today = async () => (options.now ? utcDayOf(options.now()) : repos.jobRuns.today());
  const byName = new Map(options.jobs.map((j) => [j.name, j]));

  /** Runs one day of one job; `rerun` also repeats a finished day (an operator's run by hand). */
  async function runDay(name: string, day: string, rerun = false): Promise<DayOutcome> {
    const job = byName.get(name);
    if (!job) throw new Error(`unknown job ${name}`);
    if (options.stopping?.aborted) return { job: name, day, status: 'busy' };
    const slot = await repos.jobRuns.claim(name, day, owner, leaseMs, rerun);
    if (!slot) return { job: name, day, status: 'busy' };
    const items = await job
      .runDay({
        repos,
        day,
        checkpoint: async () => {
          if (options.stopping?.aborted) throw new JobStopping();
          if (!(await repos.jobRuns.renew(name, day, owner, leaseMs))) throw new LostJobLease(name, day);
        },
      })
      .catch(async (error: unknown) => {
        if (!(error instanceof JobStopping)) throw error;
        await repos.jobRuns.release(name, day, owner);
        return null;
      });
    // Stopped: the day is left to the next runner, as a day another runner holds is ('busy').
    if (items === null) return { job: name, day, status: 'busy' };
    if (!(await repos.jobRuns.finish(name, day, owner, items))) throw new LostJobLease(name, day);
    return { job: name, day, status: 'done', items };
  }

  /**
   * Every job's days up to today not yet done, oldest first; a day another runner holds stops that job. `only`:
   * that one job's (the workers run each daily job as a work of its own, jobs/registry.ts).
   */
  async function catchUp(only?: string): Promise<DayOutcome[]> {
    const upTo = await today();
    const outcomes: DayOutcome[] = [];
    for (const job of options.jobs.filter((j) => only === undefined || j.name === only)) {
      for (const day of await repos.jobRuns.daysToRun(job.name, upTo, options.maxCatchUpDays ?? 400)) {
        const outcome = await runDay(job.name, day);
        outcomes.push(outcome);
        if (outcome.status === 'busy') break; // in order: never run a day before the one before it is done
      }
    }
    return outcomes;
  }

  return { runDay, catchUp, owner, jobNames: () => [...byName.keys()] };
}

export type JobRunner = ReturnType<typeof jobRunner>;
