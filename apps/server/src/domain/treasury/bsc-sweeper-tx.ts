import type { Hex } from 'viem';
import type { SweepChain } from '../../chain/evm/evm-sweep-chain.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import type { SweepRow, SweepStatus, TreasuryTxRow } from '../../db/repositories/sweeps.ts';
import { errorSummary } from '../chain/error-summary.ts';

/**
 * The BNB Smart Chain sweeper's transactions, shared by its steps (bsc-sweep/; docs/architecture.md "Treasury"): each is signed with a nonce the
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
export class SweepMoved extends Error {}

/** Who signs for a transaction of this sweep from `fromAddress`: the hot wallet or the deposit address's key. */
export function signerOf(ctx: SweepTxContext, sweep: SweepRow, fromAddress: string): 'hot' | number {
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

/**
 * A broadcast the node turned down for a passing cause (the network, a rate limit, an earlier nonce of the same key
 * not in yet, as after a crash of the process that signed it): the bytes stay recorded and go out again next tick.
 * Not a failure of the sweep: holding it would not free its nonce, and every later transaction of the key waits on it.
 */
export class SweepBroadcastWaits extends Error {}

/** Sends bytes; a passing refusal throws SweepBroadcastWaits, any other failure as it came. */
export async function sendBytes(ctx: Pick<SweepTxContext, 'chain'>, raw: Hex): Promise<void> {
  try {
    await ctx.chain.broadcast(raw);
  } catch (error) {
    if (ctx.chain.broadcastFailure(error) === 'retry')
      throw new SweepBroadcastWaits(`not sent yet: ${errorSummary(error)}`, { cause: error });
    throw error;
  }
}

/**
 * Sends a recorded transaction's bytes. A passing refusal throws SweepBroadcastWaits (the sweep waits as it is);
 * any other failure throws as it came (the caller counts the sweep's attempt).
 */
export async function broadcastTx(
  ctx: SweepTxContext,
  sweep: SweepRow,
  row: TreasuryTxRow,
  crashPoint?: SweepCrashPoint,
): Promise<void> {
  await sendBytes(ctx, row.signedTx as Hex);
  if (crashPoint) ctx.crashPoints?.[crashPoint]?.(sweep);
  if (row.status === 'signed') await ctx.repos.sweeps.moveTransaction(row.id, 'signed', 'sent');
}

/** The network's gas price, at most the cap. */
export async function cappedGasPrice(ctx: Pick<SweepTxContext, 'chain' | 'maxGasPrice'>): Promise<bigint> {
  let price = await ctx.chain.gasPrice();
  if (price > ctx.maxGasPrice) price = ctx.maxGasPrice; // bigint: Math.min does not take it
  return price;
}
