import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { ChainServices } from '../chain/chain-services.ts';
import type { SolanaAddressMaker } from '../chain/types.ts';
import type { AppDb } from '../db/client.ts';
import type { Repositories } from '../db/repositories/index.ts';
import type { Mailer } from '../domain/mail/mailer.ts';
import type { ProcessRole } from '../process-roles.ts';
import type { BackgroundWork, WorkContext, WorkLoop } from './background-work.ts';
import { jobRunner } from './job-runner.ts';
import { OUTAGE_PAUSES, type OutagePauses, outageWatch } from './outage-backoff.ts';
import { backgroundWork, workOfRoles } from './registry.ts';

/**
 * The alert a watcher raises when it stops scanning for an operator: the RPC serves another chain, or the block it
 * scanned last changed (a reorganisation deeper than the confirmations; metric aidf_watcher_reorg_beyond_depth).
 */
export const WATCHER_STOPPED_ALERT = 'chain-watcher-stopped';

/**
 * The one runner of the platform's background work (docs/architecture.md "Background work"): it starts every
 * work of jobs/registry.ts whose role this process runs, each in a loop of its own that ticks after its previous
 * tick ended (no overlap). Leases, claimed days and row locks in the database let every instance run them all.
 */
export function startWorkers(options: {
  /** The process's roles (ROLES); a work runs when its role is one of them. */
  roles: readonly ProcessRole[];
  repos: Repositories;
  /** The database itself, for the work that reads a snapshot in one transaction of its own (the reserves read). */
  db?: AppDb;
  chains: ChainServices;
  /** Pause between two ticks of a watcher (CHAIN_POLL_MS). */
  pollMs: number;
  log: FastifyBaseLogger;
  /** Outside production a restarted dev chain (another genesis) restarts the watcher's cursor. */
  allowChainReset: boolean;
  /** How often the daily works look for missed days; a minute by default. */
  dailyCheckMs?: number;
  /** Beside the dev chains an empty BNB Smart Chain collection address means the hot wallet's (as the API says). */
  collectionFallbackToHotWallet?: boolean;
  /** The treasury's maker of Solana deposit addresses (only beside the deposit seed) and how many it keeps ahead. */
  solanaDeposits?: { makeAddress: SolanaAddressMaker | null; ahead: number };
  /** Where the notification e-mails go; without one the mail-outbox work does not start here. */
  mailer?: Mailer | null;
  /** The works to choose from: the registry's, unless a harness (e2e) runs fewer. */
  works?: BackgroundWork[];
  /** The growing pause of a work while the database cannot be reached (outage-backoff.ts); tests shorten it. */
  outagePauses?: OutagePauses;
}) {
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const stopping = new AbortController();
  const works = workOfRoles(options.roles, options.works ?? backgroundWork());
  const context: WorkContext = {
    repos: options.repos,
    db: options.db ?? null,
    chains: options.chains,
    owner,
    log: options.log,
    dailyRunner: jobRunner({
      repos: options.repos,
      jobs: works.flatMap((w) => (w.dailyJob ? [w.dailyJob] : [])),
      owner,
      stopping: stopping.signal,
    }),
    allowChainReset: options.allowChainReset,
    collectionFallbackToHotWallet: options.collectionFallbackToHotWallet ?? false,
    solanaDeposits: options.solanaDeposits ?? { makeAddress: null, ahead: 0 },
    mailer: options.mailer ?? null,
  };
  const pauseOf = (work: BackgroundWork) =>
    work.schedule === 'daily'
      ? (options.dailyCheckMs ?? 60_000)
      : work.schedule === 'watcher'
        ? options.pollMs
        : work.schedule.everyMs;
  const loops = works.flatMap((work) => {
    const loop = work.start(context);
    return loop ? [{ work, loop, pauseMs: pauseOf(work) }] : [];
  });

  let stopped = false;
  const outage = outageWatch({
    pauses: options.outagePauses ?? OUTAGE_PAUSES,
    onStart: (error) =>
      options.log.warn({ err: error }, 'database unreachable: background work pauses, retrying with a growing pause'),
    onEnd: (downMs) => options.log.info({ downMs }, 'database reachable again: background work resumed'),
  });
  /** Runs one tick; answers the pause it asked for (`retryInMs`, or the outage's), if any. */
  const tickOnce = async (
    work: BackgroundWork,
    loop: WorkLoop,
    down: ReturnType<typeof outage.loop>,
  ): Promise<number | null> => {
    down.began();
    try {
      const result = await loop.tick();
      down.succeeded();
      if (result && typeof result === 'object' && 'outcome' in result && result.outcome === 'stopped') {
        options.log.error(
          { alert: WATCHER_STOPPED_ALERT, worker: work.name, result },
          'worker stopped scanning: an operator must look (docs/operator-guide.md "Chain faults")',
        );
      }
      const retry = result && typeof result === 'object' && 'retryInMs' in result ? result.retryInMs : null;
      return typeof retry === 'number' && retry >= 0 ? retry : null;
    } catch (error) {
      // The database being away is one outage, logged once by `outage`; its error row could not be written anyway.
      const outagePause = down.failed(error);
      if (outagePause !== null) return outagePause;
      options.log.warn({ worker: work.name, err: error }, 'worker tick failed');
      await loop.onError?.(error).catch(() => {});
      return null;
    }
  };
  const running = loops.map(async ({ work, loop, pauseMs }) => {
    const down = outage.loop();
    while (!stopped) {
      const retryInMs = await tickOnce(work, loop, down);
      if (!stopped) await sleep(retryInMs ?? pauseMs, undefined, { signal: stopping.signal }).catch(() => {});
    }
  });

  return {
    /** The names of the works this process started, in the registry's order. */
    started: loops.map(({ work }) => work.name),
    /** The owner name this process's leases and claimed days carry (worker_leases, job_runs). */
    owner,
    /**
     * Ends every loop after its current tick (a daily job at its next checkpoint, between committed batches), then
     * hands back every lease and every claimed day a database fault stranded, so another instance takes the work over
     * at once instead of after the lease's time.
     */
    async stop() {
      stopped = true;
      stopping.abort();
      await Promise.all(running);
      await Promise.all(loops.map(({ loop }) => loop.release?.().catch(() => {})));
      await context.dailyRunner.handBackStranded();
    },
  };
}

export type Workers = ReturnType<typeof startWorkers>;
