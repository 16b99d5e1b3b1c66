import type { Hex } from 'viem';
import { SWEEP_GAS, type SweepChain } from '../../chain/evm/evm-sweep-chain.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import { isLive, type SweepRow, type SweepStatus, type TreasuryTxRow } from '../../db/repositories/sweeps.ts';
import { bookChainFee } from '../ledger/chain-fees.ts';
import { bumpedGasPrice } from '../withdraw/payout-worker.ts';

/**
 * The BNB Smart Chain sweeper's transactions (docs/architecture.md "Treasury"): each is signed with a nonce the
 * database hands out (the hot wallet's row is the one payouts use, under the same row lock; each deposit address has
 * its own row) and recorded with its bytes before it is broadcast, so after a crash the same bytes go again and no
 * nonce is used twice. A mined transaction counts after the confirmation depth, and its fee (receipt gasUsed ×
 * effectiveGasPrice) is booked as a chain-fee in the transaction that marks it confirmed.
 */

/** A test seam's simulated crash stops the whole tick, as a killed process would; nothing else does. */
export class SweepCrash extends Error {}

/** Where a test may stop the sweeper as a crash would. */
export const SWEEP_CRASH_POINTS = ['afterTopupSent', 'afterSweepSigned', 'afterSweepSent'] as const;
export type SweepCrashPoint = (typeof SWEEP_CRASH_POINTS)[number];

export interface SweepTxContext {
  repos: Repositories;
  chain: SweepChain;
  confirmations: number;
  /** A sent transaction without a receipt this many blocks after it was priced is signed again, higher. */
  bumpAfterBlocks: number;
  /** No transaction is signed above this gas price (wei): PAYOUT_MAX_GAS_PRICE_GWEI. */
  maxGasPrice: bigint;
  maxAttempts: number;
  /** A sent transaction without a receipt after this long goes out again, the same bytes. */
  rebroadcastAfterMs: number;
  crashPoints?: Partial<Record<SweepCrashPoint, (sweep: SweepRow) => void>>;
}

/** The state change a signed transaction comes with, in the same database transaction. */
interface SweepMove {
  from: SweepStatus;
  to: SweepStatus;
  patch?: Parameters<Repositories['sweeps']['move']>[3];
}

/** Rolls a database transaction back when the sweep moved meanwhile (another instance, an operator). */
class SweepMoved extends Error {}

/** Who signs for a transaction of this sweep from `fromAddress`: the hot wallet or the deposit address's key. */
function signerOf(ctx: SweepTxContext, sweep: SweepRow, fromAddress: string): 'hot' | number {
  if (fromAddress.toLowerCase() === ctx.chain.hotWallet.toLowerCase()) return 'hot';
  if (sweep.derivationIndex === null) throw new Error(`sweep ${sweep.id}: no deposit key for ${fromAddress}`);
  return sweep.derivationIndex;
}

/**
 * Signs the next transaction of `fromAddress` and records it ('signed') together with the sweep's move. Null when
 * the sweep had moved: nothing is written and the nonce stays for the next transaction.
 */
export async function signAndRecord(
  ctx: SweepTxContext,
  sweep: SweepRow,
  p: {
    purpose: 'gas-topup' | 'sweep';
    fromAddress: `0x${string}`;
    to: `0x${string}`;
    token: `0x${string}` | null;
    amount: bigint;
    gasPrice: bigint;
    head: bigint;
    move: SweepMove;
  },
): Promise<TreasuryTxRow | null> {
  const { repos, chain } = ctx;
  // The database hands out nonces; the node's pending count only raises it (a first transaction, or one someone
  // else sent with the key).
  await repos.withdrawals.catchUpNonce('bsc', p.fromAddress, await chain.pendingNonce(p.fromAddress));
  try {
    return await repos.transaction(async (tx) => {
      const nonce = await tx.withdrawals.lockNonce('bsc', p.fromAddress);
      if (nonce === null) throw new Error(`no nonce row for ${p.fromAddress}`);
      const signed = await chain.sign({
        from: signerOf(ctx, sweep, p.fromAddress),
        to: p.to,
        token: p.token,
        amount: p.amount,
        nonce,
        gasPrice: p.gasPrice,
      });
      const row = await tx.sweeps.insertTransaction({
        chain: 'bsc',
        sweepId: sweep.id,
        purpose: p.purpose,
        fromAddress: p.fromAddress,
        toAddress: p.to,
        amount: p.amount.toString(),
        nonce,
        gasPrice: p.gasPrice.toString(),
        pricedAtBlock: p.head,
        signedTx: signed.raw,
        txHash: signed.hash,
        status: 'signed',
      });
      await tx.withdrawals.setNonce('bsc', p.fromAddress, nonce + 1n);
      if (!(await tx.sweeps.move(sweep.id, p.move.from, p.move.to, p.move.patch))) throw new SweepMoved();
      return row;
    });
  } catch (error) {
    if (error instanceof SweepMoved) return null;
    throw error;
  }
}

/** Sends a recorded transaction's bytes; a failure throws (the caller counts the sweep's attempt). */
export async function broadcastTx(
  ctx: SweepTxContext,
  sweep: SweepRow,
  row: TreasuryTxRow,
  crashPoint?: SweepCrashPoint,
): Promise<void> {
  await ctx.chain.broadcast(row.signedTx as Hex);
  if (crashPoint) ctx.crashPoints?.[crashPoint]?.(sweep);
  if (row.status === 'signed') await ctx.repos.sweeps.moveTransaction(row.id, 'signed', 'sent');
}

export type DriveResult = 'waiting' | 'confirmed' | 'reverted' | 'sent' | 'bumped';

/**
 * Follows one live transaction of a sweep (and every variant of its nonce): the mined variant is settled after the
 * depth; unmined bytes recorded but never sent go out; sent ones without a receipt `bumpAfterBlocks` after they were
 * priced are replaced with the same nonce at a higher price (the old row 'replaced' first), and otherwise go out
 * again now and then.
 */
export async function driveTx(
  ctx: SweepTxContext,
  sweep: SweepRow,
  live: TreasuryTxRow,
  all: TreasuryTxRow[],
  head: bigint,
  problems: string[],
): Promise<DriveResult> {
  const { chain } = ctx;
  const variants = all.filter((t) => t.fromAddress === live.fromAddress && t.nonce === live.nonce);
  for (const v of variants) {
    const receipt = await chain.receipt(v.txHash as Hex);
    if (!receipt) continue;
    if (head - receipt.blockNumber + 1n < BigInt(ctx.confirmations)) return 'waiting';
    await settleTx(ctx, sweep, variants, v, receipt, all);
    return receipt.success ? 'confirmed' : 'reverted';
  }
  if (live.status === 'signed') {
    await broadcastTx(ctx, sweep, live, live.purpose === 'gas-topup' ? 'afterTopupSent' : 'afterSweepSent');
    return 'sent';
  }
  if (live.pricedAtBlock !== null && head - live.pricedAtBlock >= BigInt(ctx.bumpAfterBlocks)) {
    const bumped = await replaceTx(ctx, sweep, live, head, problems);
    if (bumped) return 'bumped';
  }
  if (!live.sentAt || Date.now() - live.sentAt.getTime() > ctx.rebroadcastAfterMs)
    await chain.broadcast(live.signedTx as Hex);
  return 'waiting';
}

/**
 * Signs the same transfer again with its nonce at a higher price. A token sweep from a deposit address is not
 * re-priced: its gas top-up paid for the price it was signed at, and more would need a second top-up while the
 * first transfer may still land; it waits, and the operator sees why.
 */
async function replaceTx(
  ctx: SweepTxContext,
  sweep: SweepRow,
  live: TreasuryTxRow,
  head: bigint,
  problems: string[],
): Promise<boolean> {
  const { chain, repos } = ctx;
  const signer = signerOf(ctx, sweep, live.fromAddress);
  const native = sweep.currency === 'bnb' || live.purpose === 'gas-topup';
  if (signer !== 'hot' && !native) {
    problems.push(`sweep ${sweep.id}: not mined at ${live.gasPrice} wei; a token sweep is not re-priced`);
    return false;
  }
  const old = BigInt(live.gasPrice ?? '0');
  const current = await chain.gasPrice();
  const price = bumpedGasPrice(old, current, ctx.maxGasPrice);
  if (price === null) {
    problems.push(`sweep ${sweep.id}: not mined at ${old} wei and the price cap allows no higher price`);
    return false;
  }
  // A BNB sweep from a deposit address pays the higher gas out of what it sends: the address holds no more.
  let amount = BigInt(live.amount);
  if (signer !== 'hot') amount -= SWEEP_GAS.native * (price - old);
  if (amount <= 0n) {
    problems.push(`sweep ${sweep.id}: nothing would be left to send at ${price} wei`);
    return false;
  }
  const token = live.purpose === 'sweep' && sweep.currency !== 'bnb' ? await tokenOf(repos, sweep.currency) : null;
  const signed = await chain.sign({
    from: signer,
    to: live.toAddress as `0x${string}`,
    token,
    amount,
    nonce: live.nonce ?? 0n,
    gasPrice: price,
  });
  const row = await repos.transaction(async (tx) => {
    if (!(await tx.sweeps.moveTransaction(live.id, 'sent', 'replaced'))) return null;
    const inserted = await tx.sweeps.insertTransaction({
      chain: 'bsc',
      sweepId: sweep.id,
      purpose: live.purpose,
      fromAddress: live.fromAddress,
      toAddress: live.toAddress,
      amount: amount.toString(),
      nonce: live.nonce,
      gasPrice: price.toString(),
      pricedAtBlock: head,
      signedTx: signed.raw,
      txHash: signed.hash,
      status: 'signed',
    });
    if (live.purpose === 'gas-topup') {
      await tx.sweeps.move(sweep.id, sweep.status as SweepStatus, sweep.status as SweepStatus, {
        gasTopup: amount.toString(),
      });
    }
    return inserted;
  });
  if (!row) return false;
  await broadcastTx(ctx, sweep, row);
  return true;
}

/** The token contract of a currency on BNB Smart Chain (token_configs). */
export async function tokenOf(repos: Repositories, currency: string): Promise<`0x${string}`> {
  const row = (await repos.tokenConfigs.all()).find((r) => r.chainCurrency === 'bnb' && r.currency === currency);
  if (!row?.contractAddress) throw new Error(`no ${currency} contract configured on BNB Smart Chain`);
  return row.contractAddress as `0x${string}`;
}

/**
 * Ends a mined transaction in one database transaction: its other variants 'replaced' (their nonce is used), the
 * fee booked, the row confirmed (or failed when it reverted: its gas is burnt all the same), and the sweep moved: a
 * confirmed sweep transaction makes it swept, a reverted one counts a failed attempt.
 */
async function settleTx(
  ctx: SweepTxContext,
  sweep: SweepRow,
  variants: TreasuryTxRow[],
  mined: TreasuryTxRow,
  receipt: { success: boolean; blockNumber: bigint; fee: bigint },
  all: TreasuryTxRow[],
) {
  const { repos } = ctx;
  try {
    await repos.transaction(async (tx) => {
      for (const other of variants) {
        if (other.id !== mined.id && isLive(other))
          await tx.sweeps.moveTransaction(other.id, other.status as 'sent', 'replaced');
      }
      // Prepared in the transaction too: one connection (PGlite) cannot serve a second query meanwhile.
      const booked = await bookChainFee(tx, { chain: 'bsc', fee: receipt.fee, txHash: mined.txHash });
      const moved = await tx.sweeps.moveTransaction(
        mined.id,
        mined.status as 'signed' | 'sent' | 'replaced',
        receipt.success ? 'confirmed' : 'failed',
        {
          blockNumber: receipt.blockNumber,
          feePaid: receipt.fee.toString(),
          feeMovementId: booked?.movementId ?? null,
        },
      );
      if (!moved) throw new SweepMoved();
      const status = sweep.status as SweepStatus;
      if (!receipt.success) {
        await tx.sweeps.fail(sweep.id, status, `transaction ${mined.txHash} reverted`, ctx.maxAttempts);
        return;
      }
      if (mined.purpose !== 'sweep') return;
      const earlierFees = all
        .filter((t) => t.id !== mined.id && t.feePaid !== null)
        .reduce((sum, t) => sum + BigInt(t.feePaid ?? '0'), 0n);
      await tx.sweeps.move(sweep.id, status, 'swept', {
        amount: mined.amount,
        feePaid: (earlierFees + receipt.fee).toString(),
      });
    });
  } catch (error) {
    if (error instanceof SweepMoved) return;
    throw error;
  }
}
