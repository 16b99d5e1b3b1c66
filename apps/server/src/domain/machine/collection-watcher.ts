import { CHAINS, ORDER_STATUS } from '@aidf/contract';
import type { CollectionSource } from '../../chain/collection-source.ts';
import type { ScannedTransfer, WatchedToken } from '../../chain/deposit-source.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import type { PaymentRow } from '../../db/repositories/machines.ts';
import { cursorScan, cursorStore } from '../chain/cursor-scan.ts';
import { errorSummary } from '../chain/error-summary.ts';
import { type MachineConfig, machineConfig } from './machine-config.ts';
import { openStatusOf, settlePayment } from './order-lifecycle.ts';
import { payTokens } from './pay-tokens.ts';

export interface CollectionWatcherOptions {
  repos: Repositories;
  source: CollectionSource;
  /** This instance's name in the lease: only the lease holder works. */
  owner: string;
  leaseMs?: number;
  /** Where a new cursor starts: block 0 (dev chains, tests) or the confirmed head (a production chain). */
  startAt?: 'genesis' | 'head';
  /** Outside production a chain with another genesis (a restarted dev chain) restarts the cursor. */
  allowChainReset?: boolean;
  /** The collection addresses while the settings are empty (the hot wallet beside the dev chains). */
  fallback?: { bsc: string | null; solana: string | null };
  /** Hints and seen payments looked at per tick (WATCHER_BATCH; smaller in tests). */
  batch?: number;
  /** How old a hint is before its first look (HINT_FIRST_LOOK_AFTER_MS; 0 in tests on a dev chain). */
  firstLookAfterMs?: number;
  now?: () => Date;
}

export type CollectionTickResult =
  | {
      outcome: 'scanned' | 'caught-up';
      /** Payments found through hints, and in the scanned range. */
      hinted: number;
      found: number;
      /**
       * Payments settled (counted, credited, set aside as third-party or found already credited as another kind),
       * and reorganised away.
       */
      settled: number;
      orphaned: number;
    }
  | { outcome: 'not-lease-holder' | 'not-configured' | 'cursor-moved' }
  | { outcome: 'stopped'; reason: string };

/**
 * The bound of a tick's work: at most this many hints looked at (one or two RPC calls each, taken in turns per
 * user), one scan of `source.maxRange` blocks, and this many seen payments checked for their depth. A tick's
 * cost does not grow with what users submit.
 */
export const WATCHER_BATCH = 100;

/**
 * A hint's one look waits this long after it was submitted: the client submits the id as soon as the wallet sent
 * the transaction, through the wallet's own node, and ours may hear of it a moment later. Looked at too early, a
 * real payment would be dropped as unknown and its order shown as unpaid again (it is still found by the scan).
 */
export const HINT_FIRST_LOOK_AFTER_MS = 5_000;

/**
 * The collection watcher of one chain (RULES.md "AI miner"): records every payment to the
 * platform's collection address, one row per (chain, genesis, transaction, log or instruction), and settles each once it
 * is deep enough (BSC_CONFIRMATIONS blocks; Solana finalized) through settlePayment, under the rows of the users
 * concerned. A tick: (1) the transaction ids clients submitted (hints), read at any depth so the order shows
 * them pending; (2) one bounded range after the persisted cursor, up to the confirmed head, which finds the
 * payments no client reported; (3) the payments waiting for their depth, each checked again on the chain first:
 * one whose block was reorganised away is orphaned and never counted, one moved to another block waits there.
 * A lease lets one instance work at a time; the unique key, the row lock and the movement's idempotency key
 * make a second instance or a rescan settle nothing twice.
 */
export function collectionWatcher(options: CollectionWatcherOptions) {
  const { repos, source, owner } = options;
  const chain = source.chain;
  const leaseName = `collection-watcher:${chain}`;
  const leaseMs = options.leaseMs ?? 30_000;
  const ctx: WatcherContext = {
    repos,
    source,
    chain,
    batch: options.batch ?? WATCHER_BATCH,
    firstLookAfterMs: options.firstLookAfterMs ?? HINT_FIRST_LOOK_AFTER_MS,
    now: options.now ?? (() => new Date()),
    boundCurrency: CHAINS[chain].currency,
  };

  const scan = cursorScan({
    repos,
    chain: source,
    maxRange: source.maxRange,
    startAt: options.startAt,
    allowChainReset: options.allowChainReset,
    // Its noteHead tells orders opened from now on that every block up to there was before them (order-lifecycle.ts).
    store: cursorStore(repos, 'collection', chain),
  });

  /** One bounded range after the cursor; answers the payments recorded, null when another instance moved it. */
  async function scanRange(
    collection: string,
    watched: WatchedToken[],
    known: { head: bigint; confirmed: bigint; genesisHash: string },
  ): Promise<{ stop: string } | { found: number; caughtUp: boolean } | null> {
    const range = await scan.next(known);
    if (range.kind === 'stopped') return { stop: range.reason };
    if (range.kind === 'caught-up') return { found: 0, caughtUp: true };
    const { payments, lastBlockHash } = await source.scan(range.from, range.to, collection, watched);
    const committed = await scan.commit(range, lastBlockHash, async (tx) => {
      for (const payment of payments) await record(ctx, payment, range.genesisHash, tx);
    });
    return committed ? { found: payments.length, caughtUp: range.to >= range.confirmed } : null;
  }

  async function tick(): Promise<CollectionTickResult> {
    const config = await machineConfig(repos, options.fallback);
    const collection = config.collection[chain];
    if (!collection) return { outcome: 'not-configured' };
    if (!(await repos.chain.takeLease(leaseName, owner, leaseMs))) return { outcome: 'not-lease-holder' };
    // What an order may lack on this chain (MINER_CURRENCIES): its native coin and the pinned tokens.
    const watched = (await payTokens(repos))[chain];
    const { head, confirmed } = await source.heads();
    // The chain instance the payments of this tick are recorded on (a part of their unique key).
    const genesis = await source.genesisHash();
    // Another chain than the cursor's, with no reset allowed: nothing of it is recorded (scanRange stops the tick).
    const known = await repos.scanCursors.collection.cursor(chain);
    const sameChain = !known || known.genesisHash === genesis || options.allowChainReset;
    const hinted = sameChain ? await checkHints(ctx, collection, watched, genesis) : 0;
    const scanned = await scanRange(collection, watched, { head, confirmed, genesisHash: genesis });
    if (scanned === null) return { outcome: 'cursor-moved' };
    if ('stop' in scanned) return { outcome: 'stopped', reason: scanned.stop };
    const { settled, orphaned } = await settleDeep(ctx, confirmed, config);
    return {
      outcome: scanned.caughtUp ? 'caught-up' : 'scanned',
      hinted,
      found: scanned.found,
      settled,
      orphaned,
    };
  }

  return {
    tick,
    /** Records a failed tick (RPC down, …) for the operator. */
    noteError: (error: unknown) => repos.scanCursors.collection.noteError(chain, errorSummary(error)),
    release: () => repos.chain.releaseLease(leaseName, owner),
  };
}

export type CollectionWatcher = ReturnType<typeof collectionWatcher>;

/** What the steps of one chain's watcher share. */
interface WatcherContext {
  repos: Repositories;
  source: CollectionSource;
  chain: CollectionSource['chain'];
  batch: number;
  firstLookAfterMs: number;
  now: () => Date;
  /** The currency whose bound addresses name the payer of a payment on this chain. */
  boundCurrency: (typeof CHAINS)[CollectionSource['chain']]['currency'];
}

function record(ctx: WatcherContext, p: ScannedTransfer, genesisHash: string, on: Repositories = ctx.repos) {
  return on.machines.upsertPayment(
    {
      chain: ctx.chain,
      genesisHash,
      txHash: p.txHash,
      eventIndex: p.eventIndex,
      blockNumber: p.blockNumber,
      blockHash: p.blockHash,
      currency: p.currency,
      tokenContract: p.tokenContract,
      fromAddress: p.from,
      toAddress: p.to,
      amount: p.amount,
    },
    false,
  );
}

/** 0 or 2 again for an open order whose payments changed (found, reorganised away, counted for another). */
async function refreshOrder(tx: Repositories, orderId: bigint) {
  const order = await tx.machines.orderForUpdate(orderId);
  if (!order || (order.status !== ORDER_STATUS.awaitingPayment && order.status !== ORDER_STATUS.pending)) return;
  const status = await openStatusOf(tx, order);
  if (status !== order.status) await tx.machines.setOrder(order.id, { status });
}

/** Runs `work` in a transaction under the rows of every user who hinted `txHash`, with their orders. */
async function lockedForHint<T>(
  ctx: WatcherContext,
  txHash: string,
  work: (tx: Repositories, hintOrders: bigint[]) => Promise<T>,
) {
  const hints = await ctx.repos.machines.hints(ctx.chain, txHash);
  return ctx.repos.transaction(async (tx) => {
    await tx.users.lockForMoney(hints.map((h) => h.userId));
    return work(
      tx,
      hints.map((h) => h.orderId),
    );
  });
}

/** Every order that hinted `txHash` looked at again. */
function refreshHintedOrders(ctx: WatcherContext, txHash: string) {
  return lockedForHint(ctx, txHash, async (tx, orderIds) => {
    for (const orderId of orderIds) await refreshOrder(tx, orderId);
  });
}

/**
 * Looks once at each of a bounded batch of hints (taken in turns per user), the first time once the hint is
 * HINT_FIRST_LOOK_AFTER_MS old. A transaction the chain does not know at all (neither in a block nor waiting in the node's pool) is dropped after this one look: the scan
 * still finds a real payment later, so nothing is lost, and nobody can keep the watcher busy with made-up ids.
 */
async function checkHints(
  ctx: WatcherContext,
  collection: string,
  watched: WatchedToken[],
  genesis: string,
): Promise<number> {
  const { repos, chain } = ctx;
  let found = 0;
  const submittedBy = new Date(ctx.now().getTime() - ctx.firstLookAfterMs);
  for (const txHash of await repos.machines.hintsToCheck(chain, ctx.batch, submittedBy)) {
    const payments = await ctx.source.ofTransaction(txHash, collection, watched);
    await repos.machines.touchHint(chain, txHash);
    if (payments === 'pending') continue; // known, not in a block yet: looked at again in a later turn
    await lockedForHint(ctx, txHash, async (tx, orderIds) => {
      // Unknown, failed, or paid nothing to the collection address: the hint no longer keeps the order pending.
      if (payments === null || payments.length === 0) await tx.machines.dropHint(chain, txHash);
      for (const orderId of orderIds) await refreshOrder(tx, orderId);
    });
    if (payments === null) continue;
    for (const payment of payments) await record(ctx, payment, genesis);
    if (payments.length > 0) await refreshHintedOrders(ctx, txHash);
    found += payments.length;
  }
  return found;
}

async function settle(ctx: WatcherContext, row: PaymentRow, config: MachineConfig): Promise<boolean> {
  const { repos } = ctx;
  const payer = row.fromAddress ? await repos.machines.boundOwner(ctx.boundCurrency, row.fromAddress) : null;
  const hints = await repos.machines.hints(ctx.chain, row.txHash);
  return repos.transaction(async (tx) => {
    // The lock order of money: the users' rows (in id order), then the payment, the order, the accounts.
    await tx.users.lockForMoney([payer, ...hints.map((h) => h.userId)].filter((id): id is bigint => id != null));
    const payment = await tx.machines.paymentForUpdate(row.id);
    if (payment?.state !== 'seen') return false;
    await settlePayment(tx, payment, payer, config, ctx.now());
    // Hints by others than the payer (they offered someone else's transaction): their orders wait no more.
    for (const hint of hints) if (hint.userId !== payer) await refreshOrder(tx, hint.orderId);
    return true;
  });
}

async function orphan(ctx: WatcherContext, row: PaymentRow): Promise<void> {
  await lockedForHint(ctx, row.txHash, async (tx, orderIds) => {
    const payment = await tx.machines.paymentForUpdate(row.id);
    if (payment?.state !== 'seen') return;
    await tx.machines.setPayment(row.id, { state: 'orphaned' });
    for (const orderId of orderIds) await refreshOrder(tx, orderId);
  });
}

async function settleDeep(ctx: WatcherContext, confirmed: bigint, config: MachineConfig) {
  let settled = 0;
  let orphaned = 0;
  for (const row of await ctx.repos.machines.seenPayments(ctx.chain, ctx.batch)) {
    if (row.blockNumber > confirmed) break; // ordered by block: the rest is shallower still
    const check = await ctx.source.check(row, confirmed);
    if (check.verdict === 'final') {
      if (await settle(ctx, row, config)) settled++;
    } else if (check.verdict === 'gone') {
      await orphan(ctx, row);
      orphaned++;
    } else if (check.verdict === 'moved') {
      await ctx.repos.machines.setPayment(row.id, { blockNumber: check.blockNumber, blockHash: check.blockHash });
    }
  }
  return { settled, orphaned };
}
