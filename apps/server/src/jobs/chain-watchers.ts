import { BNB_TOKEN, hotWalletsOf, SOL_TOKEN } from '../chain/chain-services.ts';
import { evmCollectionSource } from '../chain/evm/evm-collection-source.ts';
import { solanaCollectionSource } from '../chain/solana/solana-collection-source.ts';
import type { ChainName } from '../db/repositories/chain.ts';
import { depositWatcher } from '../domain/chain/deposit-watcher.ts';
import { platformSenders } from '../domain/chain/platform-senders.ts';
import { investWatcher } from '../domain/invest/invest-watcher.ts';
import { collectionWatcher } from '../domain/machine/collection-watcher.ts';
import type { BackgroundWork, WorkContext } from './background-work.ts';

/** Where a new cursor starts: a dev chain from genesis, a real chain from its head (not from genesis on mainnet). */
const startAt = (context: WorkContext) => (context.allowChainReset ? 'genesis' : 'head');

/** The deposit watcher of one chain (recharges): the chain's tokens and its native coin (BNB, SOL). */
export function depositWatcherWork(chain: ChainName): BackgroundWork {
  return {
    name: `deposit-watcher:${chain}`,
    role: 'workers',
    schedule: 'watcher',
    start: (context) => {
      const source = context.chains[chain]?.deposits;
      if (!source) return null;
      const watcher = depositWatcher({
        repos: context.repos,
        source,
        owner: context.owner,
        nativeToken: chain === 'solana' ? SOL_TOKEN : BNB_TOKEN,
        platformSenders: () => platformSenders(context.repos, chain, hotWalletsOf(context.chains)[chain]),
        allowChainReset: context.allowChainReset,
        startAt: startAt(context),
      });
      return { tick: watcher.tick, onError: watcher.noteError, release: watcher.release };
    },
  };
}

/** The invest contract's Invested events on BNB Smart Chain (RULES.md "Pledge"). */
export function investWatcherWork(): BackgroundWork {
  return {
    name: 'invest-watcher:bsc',
    role: 'workers',
    schedule: 'watcher',
    start: (context) => {
      const bsc = context.chains.bsc;
      if (!bsc) return null;
      const watcher = investWatcher({
        repos: context.repos,
        source: bsc.invests,
        owner: context.owner,
        allowChainReset: context.allowChainReset,
        startAt: startAt(context),
      });
      return { tick: watcher.tick, onError: watcher.noteError, release: watcher.release };
    },
  };
}

/** Payments of AI miner orders to the collection address of one chain, in the currencies paid there. */
export function collectionWatcherWork(chain: ChainName): BackgroundWork {
  return {
    name: `collection-watcher:${chain}`,
    role: 'workers',
    schedule: 'watcher',
    start: (context) => {
      const bsc = context.chains.bsc;
      const solana = context.chains.solana;
      const source =
        chain === 'bsc'
          ? bsc && evmCollectionSource(bsc.client, bsc.deposits)
          : solana && solanaCollectionSource(solana.rpcUrl, solana.deposits);
      if (!source) return null;
      const watcher = collectionWatcher({
        repos: context.repos,
        source,
        owner: context.owner,
        allowChainReset: context.allowChainReset,
        startAt: startAt(context),
        fallback:
          chain === 'bsc'
            ? { bsc: context.collectionFallbackToHotWallet ? (bsc?.hotWalletAddress ?? null) : null, solana: null }
            : undefined,
      });
      return { tick: watcher.tick, onError: watcher.noteError, release: watcher.release };
    },
  };
}
