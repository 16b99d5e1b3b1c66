import { formatUnits } from 'viem';
import type { ChainServices } from '../../chain/chain-services.ts';
import { evmBalances } from '../../chain/evm/evm-payout-chain.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import { investStatus } from '../invest/invest-status.ts';
import { MACHINE_SETTINGS } from '../machine/machine-config.ts';
import { payoutToken } from '../withdraw/payout-token.ts';
import { PAYOUT_WORKER } from '../withdraw/payout-worker.ts';
import { errorSummary } from './error-summary.ts';

async function attempt<T>(work: () => Promise<T>): Promise<T | { error: string }> {
  try {
    return await work();
  } catch (error) {
    return { error: errorSummary(error) };
  }
}

interface CursorRow {
  nextBlock: bigint;
  scannedAt: Date | null;
  rpcErrors: bigint;
  lastError: string | null;
  lastErrorAt: Date | null;
}

/** One watcher's cursor against the chain's heads: last scanned block, lag, RPC errors. */
function watcherView(
  chain: string,
  rpcUrl: string,
  cursor: CursorRow | undefined,
  heads: { head: bigint; confirmed: bigint } | { error: string },
) {
  const lastScanned = cursor ? cursor.nextBlock - 1n : null;
  return {
    chain,
    rpcUrl,
    lastScannedBlock: lastScanned?.toString() ?? null,
    head: 'head' in heads ? heads.head.toString() : null,
    confirmedHead: 'confirmed' in heads ? heads.confirmed.toString() : null,
    // Blocks the watcher is behind the chain's head (the confirmation depth included).
    lagBlocks: 'head' in heads && lastScanned !== null ? (heads.head - lastScanned).toString() : null,
    scannedAt: cursor?.scannedAt?.toISOString() ?? null,
    rpcErrors: cursor?.rpcErrors.toString() ?? '0',
    lastError: 'error' in heads ? heads.error : (cursor?.lastError ?? null),
    lastErrorAt: 'error' in heads ? new Date().toISOString() : (cursor?.lastErrorAt?.toISOString() ?? null),
    notConfigured: null as string | null,
  };
}

/**
 * Chain health for the operator (`npm run operator -- chain-status`): per chain the deposit watcher's and the
 * collection watcher's last scanned block, the head and the lag, RPC errors; the hot wallet's balances; the payout worker's last good tick and
 * errors; withdrawals per state, and the payouts held for an operator. `collection` is each chain's collection address
 * as the collection watcher reads it (fallback included): a chain without one says which setting is missing.
 */
export async function chainStatus(
  repos: Repositories,
  chains: ChainServices,
  collection: { bsc: string | null; solana: string | null },
) {
  const cursors = new Map((await repos.scanCursors.deposit.all()).map((c) => [c.chain, c]));
  const sources = [
    chains.bsc ? { source: chains.bsc.deposits, rpcUrl: chains.bsc.rpcUrl } : null,
    chains.solana ? { source: chains.solana.deposits, rpcUrl: chains.solana.rpcUrl } : null,
  ].filter((s) => s !== null);

  // The collection watchers scan the same chains with their own cursors: shown the same way.
  const collectionCursors = new Map(
    (await Promise.all(sources.map(({ source }) => repos.scanCursors.collection.cursor(source.chain))))
      .filter((c) => c !== null)
      .map((c) => [c.chain, c]),
  );
  const perChain = await Promise.all(
    sources.map(async ({ source, rpcUrl }) => {
      const heads = await attempt(() => source.heads());
      return {
        deposit: watcherView(source.chain, rpcUrl, cursors.get(source.chain), heads),
        collection: {
          ...watcherView(source.chain, rpcUrl, collectionCursors.get(source.chain), heads),
          // The watcher skips its ticks until the chain has a collection address: said, not shown as "never scanned".
          notConfigured: collection[source.chain] ? null : `set ${MACHINE_SETTINGS.collectionAddress(source.chain)}`,
        },
      };
    }),
  );
  const watchers = perChain.map((w) => w.deposit);
  const collectionWatchers = perChain.map((w) => w.collection);

  let hotWallet = null;
  const bsc = chains.bsc;
  const hotWalletAddress = bsc?.hotWalletAddress;
  if (bsc && hotWalletAddress) {
    const cow = await payoutToken(repos);
    const balances = await attempt(() => evmBalances(bsc.client, hotWalletAddress, cow?.contract ?? null));
    hotWallet = {
      chain: 'bsc',
      address: hotWalletAddress,
      ...('native' in balances
        ? {
            bnb: formatUnits(balances.native, 18),
            cow: balances.token === null || !cow ? null : formatUnits(balances.token, cow.decimals),
          }
        : balances),
    };
  }
  const health = chains.bsc ? await repos.chain.workerHealth(PAYOUT_WORKER) : null;
  const payoutWorker = chains.bsc
    ? {
        lastOkAt: health?.lastOkAt?.toISOString() ?? null,
        errors: health?.errors.toString() ?? '0',
        lastError: health?.lastError ?? null,
        lastErrorAt: health?.lastErrorAt?.toISOString() ?? null,
      }
    : null;
  const withdrawals = Object.fromEntries((await repos.withdrawals.countByStatus()).map((r) => [r.status, r.n]));
  // Payouts set aside for an operator (docs/operator-guide.md "Held payouts"): payout-retry or payout-refund.
  const heldPayouts = (await repos.withdrawals.held()).map((w) => ({
    id: w.id.toString(),
    toAddress: w.toAddress,
    amount: w.receiveAmount,
    signed: w.signedTx !== null,
    nonce: w.nonce?.toString() ?? null,
    txHash: w.txHash,
    reason: w.heldReason,
    heldAt: w.heldAt?.toISOString() ?? null,
  }));
  // Payouts waiting for funds (docs/operator-guide.md "Withdrawals awaiting funds"): a sweep or a top-up sends them.
  const awaitingFunds = (await repos.withdrawals.awaitingFunds()).map((w) => ({
    id: w.id.toString(),
    toAddress: w.toAddress,
    amount: w.receiveAmount,
    reason: w.awaitingReason,
    since: w.awaitingSince?.toISOString() ?? null,
  }));
  const invest = chains.bsc ? await investStatus(repos, chains.bsc.invests) : null;
  return { watchers, collectionWatchers, hotWallet, payoutWorker, withdrawals, heldPayouts, awaitingFunds, invest };
}
