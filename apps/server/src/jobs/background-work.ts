import type { FastifyBaseLogger } from 'fastify';
import type { ChainServices } from '../chain/chain-services.ts';
import type { SolanaAddressMaker } from '../chain/types.ts';
import type { AppDb } from '../db/client.ts';
import type { Repositories } from '../db/repositories/index.ts';
import type { Mailer } from '../domain/mail/mailer.ts';
import type { ProcessRole } from '../process-roles.ts';
import type { DailyJob } from './daily-job.ts';
import type { JobRunner } from './job-runner.ts';
import type { PeriodicJob } from './periodic-job.ts';

/** The roles that run background work; `api` only serves HTTP (process-roles.ts). */
export type WorkRole = Exclude<ProcessRole, 'api'>;

/**
 * How often a work ticks: `daily` catches up its missed UTC days (looked for every `dailyCheckMs`), `watcher`
 * follows a chain (every CHAIN_POLL_MS), `{ everyMs }` on its own clock.
 */
export type WorkSchedule = 'daily' | 'watcher' | { everyMs: number };

/** What a process gives each work it starts. */
export interface WorkContext {
  repos: Repositories;
  /** The database itself (null in a harness that gives none): the reserves read takes its own snapshot. */
  db: AppDb | null;
  chains: ChainServices;
  /** This process's name in the leases: only the lease holder of a watcher works. */
  owner: string;
  log: FastifyBaseLogger;
  /** Runs the daily jobs' days, each (job, day) claimed in the database once across instances. */
  dailyRunner: JobRunner;
  /** Outside production a restarted dev chain (another genesis) restarts a watcher's cursor. */
  allowChainReset: boolean;
  /** Beside the dev chains an empty BNB Smart Chain collection address means the hot wallet's (as the API says). */
  collectionFallbackToHotWallet: boolean;
  /** Where the notification e-mails go (SMTP_URL, or the dev mailbox); null: this process sends none. */
  mailer?: Mailer | null;
  /** Solana deposit addresses by derivation index (null: no deposit seed in this process) and how many to keep ahead. */
  solanaDeposits: { makeAddress: SolanaAddressMaker | null; ahead: number };
}

/** One started work: its tick runs after the previous one ended (no overlap), until the process stops. */
export interface WorkLoop {
  /** One round of work; an answer with `retryInMs` asks for the next round sooner than the schedule's pause. */
  tick: () => Promise<unknown>;
  /** Records a failed tick where the operator sees it (a watcher's cursor row). */
  onError?: (error: unknown) => Promise<void>;
  /** Gives its lease back on a clean stop, so another instance takes over at once. */
  release?: () => Promise<void>;
}

/**
 * A piece of the platform's background work (docs/architecture.md "Background work"), listed once in
 * jobs/registry.ts: a new one is its own file plus one line there. Every work must be safe on several
 * instances at once (a lease, a claimed day, or its own row locks and states).
 */
export interface BackgroundWork {
  /** Its name in the logs, and a watcher's lease. */
  name: string;
  /** The role whose processes run it: `treasury` for what needs the platform's keys, `workers` for the rest. */
  role: WorkRole;
  schedule: WorkSchedule;
  /** Starts it in this process; null when this process cannot run it (its chain is off, or no key here). */
  start: (context: WorkContext) => WorkLoop | null;
  /** A daily work's job: the runner's, and an operator's run by hand (`/ops/v1/jobs`). */
  dailyJob?: DailyJob;
  /** A timed work's tick, which an operator may also run by hand (`/ops/v1/ticks/{name}/run`). */
  periodicJob?: PeriodicJob;
}

/** A daily job as background work: each tick catches up the job's missed days, in order. */
export function dailyWork(job: DailyJob, role: WorkRole = 'workers'): BackgroundWork {
  return {
    name: job.name,
    role,
    schedule: 'daily',
    dailyJob: job,
    start: ({ dailyRunner, log }) => ({
      tick: async () => {
        for (const outcome of await dailyRunner.catchUp(job.name)) {
          if (outcome.status === 'done') log.info(outcome, 'daily job ran');
        }
      },
    }),
  };
}

/** A time-based job (order expiry, the team volume rollup…) as background work, every its own `everyMs`. */
export function periodicWork(job: PeriodicJob, role: WorkRole = 'workers'): BackgroundWork {
  return {
    name: job.name,
    role,
    schedule: { everyMs: job.everyMs },
    periodicJob: job,
    start: ({ repos }) => ({ tick: () => job.tick({ repos, now: new Date() }) }),
  };
}
