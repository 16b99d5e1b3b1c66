import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { type ChainServices, SOL_TOKEN } from '../chain/chain-services.ts';
import { evmCollectionSource } from '../chain/evm/evm-collection-source.ts';
import { solanaCollectionSource } from '../chain/solana/solana-collection-source.ts';
import type { Repositories } from '../db/repositories/index.ts';
import { depositWatcher } from '../domain/chain/deposit-watcher.ts';
import { investWatcher } from '../domain/invest/invest-watcher.ts';
import { collectionWatcher } from '../domain/machine/collection-watcher.ts';
import { payoutWorker } from '../domain/withdraw/payout-worker.ts';
import type { JobRunner } from './job-runner.ts';
import type { PeriodicJob } from './periodic-job.ts';

interface Loop {
  name: string;
  tick: () => Promise<unknown>;
  onError?: (error: unknown) => Promise<void>;
  release: () => Promise<void>;
  /** Pause between two ticks; the chain poll interval when unset. */
  everyMs?: number;
}

/**
 * The one runner of the platform's scheduled work (ARCHITECTURE.md "Jobs"): the deposit watchers and the payout
 * worker every `pollMs` (a lease in the database lets one instance of each work at a time), and the daily jobs'
 * catch-up (each (job, UTC day) claimed in the database, so it runs once across instances). Each loop ticks
 * after its previous tick ended (no overlap); every instance runs them all.
 */
export function startWorkers(options: {
  repos: Repositories;
  chains: ChainServices;
  pollMs: number;
  log: FastifyBaseLogger;
  /** Outside production a restarted dev chain (another genesis) restarts the watcher's cursor. */
  allowChainReset: boolean;
  /** The daily jobs and how often their missed days are looked for (a minute in `npm start`). */
  daily?: { runner: JobRunner; everyMs: number };
  /** Time-based jobs (order-expiry…), each every its own everyMs (jobs/periodic-job.ts). */
  periodic?: PeriodicJob[];
  /** Beside the dev chains an empty BNB Smart Chain collection address means the hot wallet's (as the API says). */
  collectionFallbackToHotWallet?: boolean;
}) {
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const { repos, chains } = options;
  const loops: Loop[] = [];
  if (chains.bsc) {
    const watcher = depositWatcher({
      repos,
      source: chains.bsc.deposits,
      owner,
      allowChainReset: options.allowChainReset,
      startAt: options.allowChainReset ? 'genesis' : 'head',
    });
    loops.push({ name: 'bsc deposits', tick: watcher.tick, onError: watcher.noteError, release: watcher.release });
    // The invest contract's events (issue 10 point 7): a watcher of its own, one contract and one event.
    const invests = investWatcher({
      repos,
      source: chains.bsc.invests,
      owner,
      allowChainReset: options.allowChainReset,
      startAt: options.allowChainReset ? 'genesis' : 'head',
    });
    loops.push({ name: 'bsc invests', tick: invests.tick, onError: invests.noteError, release: invests.release });
    const payouts = payoutWorker({
      repos,
      chain: chains.bsc.payouts,
      owner,
      confirmations: chains.bsc.confirmations,
      ...chains.bsc.payoutGas,
    });
    loops.push({ name: 'bsc payouts', tick: payouts.tick, release: payouts.release });
    // Payments of AI miner orders to the collection address (issue 11): BNB and EOEO.
    const collection = collectionWatcher({
      repos,
      source: evmCollectionSource(chains.bsc.client, chains.bsc.deposits),
      owner,
      allowChainReset: options.allowChainReset,
      startAt: options.allowChainReset ? 'genesis' : 'head',
      fallback: { bsc: options.collectionFallbackToHotWallet ? chains.bsc.hotWallet.address : null, solana: null },
    });
    loops.push({
      name: 'bsc collection',
      tick: collection.tick,
      onError: collection.noteError,
      release: collection.release,
    });
  }
  if (chains.solana) {
    const watcher = depositWatcher({
      repos,
      source: chains.solana.deposits,
      owner,
      nativeToken: SOL_TOKEN,
      allowChainReset: options.allowChainReset,
      startAt: options.allowChainReset ? 'genesis' : 'head',
    });
    loops.push({ name: 'solana deposits', tick: watcher.tick, onError: watcher.noteError, release: watcher.release });
    // Payments of AI miner orders in SOL to the collection address (issue 11).
    const collection = collectionWatcher({
      repos,
      source: solanaCollectionSource(chains.solana.rpcUrl, chains.solana.deposits),
      owner,
      allowChainReset: options.allowChainReset,
      startAt: options.allowChainReset ? 'genesis' : 'head',
    });
    loops.push({
      name: 'solana collection',
      tick: collection.tick,
      onError: collection.noteError,
      release: collection.release,
    });
  }

  if (options.daily) {
    const { runner, everyMs } = options.daily;
    loops.push({
      name: 'daily jobs',
      everyMs,
      tick: async () => {
        for (const outcome of await runner.catchUp()) {
          if (outcome.status === 'done') options.log.info(outcome, 'daily job ran');
        }
      },
      release: async () => {},
    });
  }

  for (const job of options.periodic ?? []) {
    loops.push({
      name: job.name,
      everyMs: job.everyMs,
      tick: () => job.tick({ repos, now: new Date() }),
      release: async () => {},
    });
  }

  let stopped = false;
  const stopping = new AbortController();
  const running = loops.map(async (loop) => {
    while (!stopped) {
      try {
        const result = await loop.tick();
        if (result && typeof result === 'object' && 'outcome' in result && result.outcome === 'stopped') {
          options.log.error({ worker: loop.name, result }, 'worker stopped scanning');
        }
      } catch (error) {
        options.log.warn({ worker: loop.name, err: error }, 'worker tick failed');
        await loop.onError?.(error).catch(() => {});
      }
      if (!stopped) await sleep(loop.everyMs ?? options.pollMs, undefined, { signal: stopping.signal }).catch(() => {});
    }
  });

  return {
    async stop() {
      stopped = true;
      stopping.abort();
      await Promise.all(running);
      await Promise.all(loops.map((l) => l.release().catch(() => {})));
    },
  };
}
