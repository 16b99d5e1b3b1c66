import { encodeRootPublication } from '@aidf/contract';
import type { Hex } from 'viem';
import type { PublishChain } from '../../chain/evm/evm-publish-chain.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import type { PublicationRow } from '../../db/repositories/reserves-publication.ts';
import { errorSummary } from '../chain/error-summary.ts';
import { bookChainFee } from '../ledger/chain-fees.ts';
import { bumpedGasPrice } from '../withdraw/payout-worker.ts';

/** The publisher's lease and health row. */
export const RESERVES_PUBLISHER = 'reserves-publish';

/** Where a test may stop the publisher as a crash would. */
export const PUBLISH_CRASH_POINTS = ['afterPublicationSigned', 'afterPublicationSent'] as const;
export type PublishCrashPoint = (typeof PUBLISH_CRASH_POINTS)[number];

export interface ReservesPublisherOptions {
  repos: Repositories;
  chain: PublishChain;
  owner: string;
  /** Blocks on top of the transaction's block before it counts (BSC_CONFIRMATIONS). */
  confirmations: number;
  /** A sent transaction without a receipt this many blocks after it was priced is signed again, higher. */
  bumpAfterBlocks: number;
  /** No transaction is signed above this gas price (wei): PAYOUT_MAX_GAS_PRICE_GWEI. */
  maxGasPrice: bigint;
  /** A sent transaction without a receipt after this long goes out again, the same bytes. */
  rebroadcastAfterMs?: number;
  leaseMs?: number;
  crashPoints?: Partial<Record<PublishCrashPoint, (reportId: string) => void>>;
}

/** Rolls a database transaction back when the report's publication moved meanwhile (another instance). */
class PublicationMoved extends Error {}

/**
 * Publishes each reserves report's root on BNB Smart Chain (docs/architecture.md "Proof of reserves"), one
 * transaction per report, from the hot wallet to itself with the root as its data, under one lease. The discipline
 * is the sweeper's and the payout worker's: the nonce comes from the database (the hot wallet's row, shared with
 * them, under its row lock), the signed bytes are recorded on the report before they are sent, so after a crash
 * the same bytes go out again and no nonce is used twice; a transaction not mined `bumpAfterBlocks` after it was
 * priced is signed again with its nonce at a higher price (every earlier hash kept: any may be the one mined); a
 * mined one counts after the confirmation depth, and its gas is booked as a chain fee in the transaction that
 * records its block. One publication is on its way at a time; the next report waits for it.
 */
export function reservesPublisher(options: ReservesPublisherOptions) {
  const { repos, chain, owner } = options;

  async function work() {
    const head = await chain.head();
    const live = await repos.reservesPublication.live();
    const followed: string[] = [];
    for (const row of live) followed.push(await follow(options, row, head));
    if (live.length > 0) return { outcome: 'worked' as const, followed, signed: null };
    const next = await repos.reservesPublication.nextPending();
    const signed = next ? await publish(options, next, head) : null;
    return { outcome: 'worked' as const, followed, signed: signed === 'signed' ? (next?.reportId ?? null) : null };
  }

  async function tick() {
    if (!(await repos.chain.takeLease(RESERVES_PUBLISHER, owner, options.leaseMs ?? 30_000)))
      return { outcome: 'not-lease-holder' as const };
    try {
      const done = await work();
      await repos.chain.noteWorkerOk(RESERVES_PUBLISHER);
      return done;
    } catch (error) {
      await repos.chain.noteWorkerError(RESERVES_PUBLISHER, errorSummary(error)).catch(() => {});
      throw error;
    }
  }

  return { tick, release: () => repos.chain.releaseLease(RESERVES_PUBLISHER, owner) };
}

/** The transaction data that publishes the report's root. */
function rootData(row: PublicationRow) {
  return encodeRootPublication({
    reportId: row.reportId,
    currencies: row.currencies,
    root: { hash: row.rootHash, sums: row.rootSums },
  });
}

async function send(
  options: ReservesPublisherOptions,
  row: Pick<PublicationRow, 'reportId' | 'signedTx' | 'txHash'>,
): Promise<boolean> {
  const { repos, chain } = options;
  try {
    await chain.broadcast(row.signedTx as Hex);
  } catch (error) {
    // Passing or not, the bytes stay recorded: they go out again next tick, and an operator sees why not yet.
    await repos.reservesPublication.noteError(
      row.reportId,
      `${chain.broadcastFailure(error) === 'refused' ? 'refused' : 'not sent yet'}: ${errorSummary(error)}`,
    );
    return false;
  }
  options.crashPoints?.afterPublicationSent?.(row.reportId);
  await repos.reservesPublication.markSent(row.reportId, row.txHash as string);
  return true;
}

async function cappedGasPrice(options: ReservesPublisherOptions) {
  let price = await options.chain.gasPrice();
  if (price > options.maxGasPrice) price = options.maxGasPrice; // bigint: Math.min does not take it
  return price;
}

/** Signs the report's publication with the hot wallet's next nonce and records it, then sends it. */
async function publish(options: ReservesPublisherOptions, row: PublicationRow, head: bigint) {
  const { repos, chain } = options;
  const data = rootData(row);
  const gasPrice = await cappedGasPrice(options);
  // The database hands out nonces; the node's pending count only raises it (a first transaction, or one someone
  // else sent with the key).
  await repos.withdrawals.catchUpNonce('bsc', chain.hotWallet, await chain.pendingNonce());
  let signed: { raw: Hex; hash: Hex };
  try {
    signed = await repos.transaction(async (tx) => {
      const nonce = await tx.withdrawals.lockNonce('bsc', chain.hotWallet);
      if (nonce === null) throw new Error(`no nonce row for ${chain.hotWallet}`);
      const s = await chain.sign({ data, nonce, gasPrice });
      const recorded = await tx.reservesPublication.markSigned(row.reportId, {
        from: chain.hotWallet,
        nonce,
        gasPrice,
        pricedAtBlock: head,
        signedTx: s.raw,
        txHash: s.hash,
      });
      if (!recorded) throw new PublicationMoved();
      await tx.withdrawals.setNonce('bsc', chain.hotWallet, nonce + 1n);
      return s;
    });
  } catch (error) {
    if (error instanceof PublicationMoved) return 'moved' as const;
    throw error;
  }
  options.crashPoints?.afterPublicationSigned?.(row.reportId);
  await send(options, { reportId: row.reportId, signedTx: signed.raw, txHash: signed.hash });
  return 'signed' as const;
}

/** The same data and nonce at a higher price; false when the cap allows none or the report moved. */
async function reprice(options: ReservesPublisherOptions, row: PublicationRow, head: bigint): Promise<boolean> {
  const { repos, chain } = options;
  const old = row.gasPrice ?? 0n;
  const price = bumpedGasPrice(old, await chain.gasPrice(), options.maxGasPrice);
  if (price === null) {
    await repos.reservesPublication.noteError(
      row.reportId,
      `not mined at ${old} wei and PAYOUT_MAX_GAS_PRICE_GWEI allows no higher price`,
    );
    return false;
  }
  const signed = await chain.sign({ data: rootData(row), nonce: row.nonce ?? 0n, gasPrice: price });
  const replaced = await repos.reservesPublication.replace(row.reportId, row.txHash as string, {
    gasPrice: price,
    pricedAtBlock: head,
    signedTx: signed.raw,
    txHash: signed.hash,
  });
  if (replaced) await send(options, { reportId: row.reportId, signedTx: signed.raw, txHash: signed.hash });
  return replaced;
}

type MinedVariant = { hash: string; receipt: NonNullable<Awaited<ReturnType<PublishChain['receipt']>>> };

/** The first variant of the publication that is mined, with its receipt. */
async function minedVariant(chain: PublishChain, row: PublicationRow): Promise<MinedVariant | null> {
  for (const hash of [row.txHash as string, ...row.replaced]) {
    const receipt = await chain.receipt(hash as Hex);
    if (receipt) return { hash, receipt };
  }
  return null;
}

/** A mined variant counts after the depth: its block recorded and its gas booked as a chain fee, together. */
async function settleMined(options: ReservesPublisherOptions, row: PublicationRow, head: bigint, mined: MinedVariant) {
  const { hash, receipt } = mined;
  if (head - receipt.blockNumber + 1n < BigInt(options.confirmations)) return 'waiting' as const;
  try {
    await options.repos.transaction(async (tx) => {
      const booked = await bookChainFee(tx, { chain: 'bsc', fee: receipt.fee, txHash: hash });
      const finished = await tx.reservesPublication.finish(row.reportId, row.txHash as string, {
        status: receipt.success ? 'published' : 'failed',
        minedHash: hash,
        block: receipt.blockNumber,
        fee: receipt.fee,
        feeMovementId: booked?.movementId ?? null,
      });
      if (!finished) throw new PublicationMoved();
    });
  } catch (error) {
    if (error instanceof PublicationMoved) return 'moved' as const;
    throw error;
  }
  return receipt.success ? ('published' as const) : ('failed' as const);
}

/**
 * Follows a publication on its way: settles the mined variant after the depth, else sends or re-prices it; one
 * whose nonce another transaction of the hot wallet took is signed anew (its own bytes can never be mined).
 */
async function follow(options: ReservesPublisherOptions, row: PublicationRow, head: bigint) {
  const { repos, chain } = options;
  let mined = await minedVariant(chain, row);
  if (!mined && row.nonce !== null && (await chain.minedNonce()) > row.nonce) {
    // Read again after the count: the variant may have been mined in between.
    mined = await minedVariant(chain, row);
    if (!mined) {
      const reason = `its nonce ${row.nonce} was taken by another transaction of the hot wallet: signed again`;
      return (await repos.reservesPublication.reset(row.reportId, row.txHash as string, reason))
        ? ('nonce-taken' as const)
        : ('moved' as const);
    }
  }
  if (mined) return settleMined(options, row, head, mined);
  if (row.status === 'signed') return (await send(options, row)) ? ('sent' as const) : ('waiting' as const);
  if (row.pricedAtBlock !== null && head - row.pricedAtBlock >= BigInt(options.bumpAfterBlocks)) {
    if (await reprice(options, row, head)) return 'bumped' as const;
  }
  const rebroadcastAfterMs = options.rebroadcastAfterMs ?? 30_000;
  if (!row.sentAt || Date.now() - row.sentAt.getTime() > rebroadcastAfterMs) await send(options, row);
  return 'waiting' as const;
}
