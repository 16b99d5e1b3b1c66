import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Repositories } from '../db/repositories/index.ts';
import { depositWatcher } from '../domain/chain/deposit-watcher.ts';
import { payoutWorker } from '../domain/withdraw/payout-worker.ts';
import { type ChainServices, SOL_TOKEN } from './chain-services.ts';

interface Loop {
  name: string;
  tick: () => Promise<unknown>;
  onError?: (error: unknown) => Promise<void>;
  release: () => Promise<void>;
}

/**
 * Runs the deposit watchers and the payout worker every `pollMs`, each tick after the previous one ended (no
 * overlap). Every instance runs them; the lease in the database lets one of each work at a time.
 */
export function startChainWorkers(options: {
  repos: Repositories;
  chains: ChainServices;
  pollMs: number;
  log: FastifyBaseLogger;
  /** Outside production a restarted dev chain (another genesis) restarts the watcher's cursor. */
  allowChainReset: boolean;
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
    const payouts = payoutWorker({
      repos,
      chain: chains.bsc.payouts,
      owner,
      confirmations: chains.bsc.confirmations,
      ...chains.bsc.payoutGas,
    });
    loops.push({ name: 'bsc payouts', tick: payouts.tick, release: payouts.release });
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
  }

  let stopped = false;
  const stopping = new AbortController();
  const running = loops.map(async (loop) => {
    while (!stopped) {
      try {
        const result = await loop.tick();
        if (result && typeof result === 'object' && 'outcome' in result && result.outcome === 'stopped') {
          options.log.error({ worker: loop.name, result }, 'chain worker stopped scanning');
        }
      } catch (error) {
        options.log.warn({ worker: loop.name, err: error }, 'chain worker tick failed');
        await loop.onError?.(error).catch(() => {});
      }
      if (!stopped) await sleep(options.pollMs, undefined, { signal: stopping.signal }).catch(() => {});
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
