import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Repositories } from '../db/repositories/index.ts';
import { isDatabaseUnreachable } from '../db/unreachable.ts';
import { utcDayOf } from '../utc-day.ts';
import type { DailyJob } from './daily-job.ts';

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

/** A claimed slot: one day of one job under one owner. */
interface Slot {
  name: string;
  day: string;
  owner: string;
}

/**
 * Hands a slot back after a failure (a database fault cut the run's connection): another runner, or the operator's
 * retry, may claim it at once instead of after the lease. Tried again on a fresh connection when the pool lent one
 * the same fault cut; a hand-back that still fails (the database still away) answers false and the slot waits in
 * the runner's stranded slots, handed back when the process stops (`handBackStranded`) or ending with its lease.
 */
async function handBack(repos: Repositories, { name, day, owner }: Slot): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      await repos.jobRuns.release(name, day, owner);
      return true;
    } catch (error) {
      if (attempt >= 3 || !isDatabaseUnreachable(error)) return false;
    }
  }
}

interface RunOf {
  repos: Repositories;
  job: DailyJob;
  day: string;
  owner: string;
  leaseMs: number;
  rerun: boolean;
  stopping: AbortSignal | undefined;
  /** Where a slot whose hand-back failed is kept, to be handed back when the process stops. */
  stranded: Map<string, Slot>;
}

/**
 * One day of one job under `owner`. 'busy' when another runner holds the day, or took it over while this run was
 * held up past its lease (that runner finishes the day); a database fault is thrown after the slot is handed back.
 */
async function runOneDay({ repos, job, day, owner, leaseMs, rerun, stopping, stranded }: RunOf): Promise<DayOutcome> {
  const name = job.name;
  const giveBack = async () => {
    const ours = { name, day, owner };
    if (!(await handBack(repos, ours))) stranded.set(`${name} ${day} ${owner}`, ours);
  };
  // A failed claim may have committed before its answer was lost: handed back like a failed run.
  const slot = await repos.jobRuns.claim(name, day, owner, leaseMs, rerun).catch(async (error: unknown) => {
    await giveBack();
    throw error;
  });
  if (!slot) return { job: name, day, status: 'busy' };
  try {
    const items = await job.runDay({
      repos,
      day,
      checkpoint: async () => {
        if (stopping?.aborted) throw new JobStopping();
        if (!(await repos.jobRuns.renew(name, day, owner, leaseMs))) throw new LostJobLease(name, day);
      },
    });
    // A failed finish's outcome is unknown: a committed one is no longer 'running', so the hand-back changes
    // nothing then.
    if (!(await repos.jobRuns.finish(name, day, owner, items))) throw new LostJobLease(name, day);
    return { job: name, day, status: 'done', items };
  } catch (error) {
    // Lost: the slot is another runner's, nothing to hand back; the batches this run committed stay (the job's
    // keys make the other runner pay none of them again).
    if (error instanceof LostJobLease) return { job: name, day, status: 'busy' };
    // Stopping (the day is left to the next runner, as a day another runner holds is) or failed: the slot goes back.
    await giveBack();
    if (error instanceof JobStopping) return { job: name, day, status: 'busy' };
    throw error;
  }
}

const newOwner = () => `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/**
 * The one runner of daily work (ARCHITECTURE.md "Jobs"). A day of a job runs after its slot (job, day) is
 * claimed in the database, so any number of instances may run the runner; missed days are caught up in order;
 * a crashed run's slot is taken over once its lease ends and resumes from its committed batches.
 */
export function jobRunner(options: JobRunnerOptions) {
  const { repos } = options;
  const owner = options.owner ?? newOwner();
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const today = async () => (options.now ? utcDayOf(options.now()) : repos.jobRuns.today());
  const byName = new Map(options.jobs.map((j) => [j.name, j]));
  const stranded = new Map<string, Slot>();

  /** Runs one day of one job; `rerun` also repeats a finished day (an operator's run by hand). */
  async function runDay(name: string, day: string, rerun = false): Promise<DayOutcome> {
    const job = byName.get(name);
    if (!job) throw new Error(`unknown job ${name}`);
    if (options.stopping?.aborted) return { job: name, day, status: 'busy' };
    // Without an owner given (the API's runner: operators' runs by hand, any number at once) each run claims under
    // a name of its own, so one run's hand-back can never free a slot another run of this process holds.
    const runOwner = options.owner ?? newOwner();
    return runOneDay({ repos, job, day, owner: runOwner, leaseMs, rerun, stopping: options.stopping, stranded });
  }

  /**
   * Hands back the slots whose hand-back failed while the database was away (a run cut by a restart or a failover):
   * a graceful stop calls it once the requests and the works are done, so the days are free at once, not held by a
   * stopped process for the rest of their lease. One still failing is left to its lease. Answers how many went back.
   */
  async function handBackStranded(): Promise<number> {
    let released = 0;
    for (const [key, slot] of stranded) {
      if (!(await handBack(repos, slot))) continue;
      stranded.delete(key);
      released++;
    }
    return released;
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

  return { runDay, catchUp, handBackStranded, owner, jobNames: () => [...byName.keys()] };
}

export type JobRunner = ReturnType<typeof jobRunner>;
