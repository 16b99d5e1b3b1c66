import { CHAINS, Money } from '@aidf/contract';
import { type Hex, parseUnits } from 'viem';
import type { PayoutChain, SignedPayout } from '../../chain/evm/evm-payout-chain.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import type { UnsignedStatus, WithdrawalRow, WithdrawalStatus } from '../../db/repositories/withdrawals.ts';
import { errorSummary } from '../chain/error-summary.ts';
import { prepareChainFee } from '../ledger/chain-fees.ts';
import { PLATFORM, platformAccount, userAccount } from '../ledger/platform-accounts.ts';
import { postPrepared, prepareMovement } from '../ledger/post-movement.ts';
import { checkDestination, platformAddresses } from './destination.ts';
import {
  freeFunds,
  type HotWalletSnapshot,
  keepsItsTurn,
  NO_FUNDS,
  type PayoutFunds,
  plus,
  shortfall,
} from './payout-funds.ts';
import { payoutToken } from './payout-token.ts';

export interface PayoutWorkerOptions {
  repos: Repositories;
  chain: PayoutChain;
  owner: string;
  /** Blocks on top of the payout's block before it counts as confirmed (BSC: 15). */
  confirmations: number;
  /** A sent payout without a receipt this many blocks after it was priced is signed again at a higher price. */
  bumpAfterBlocks: number;
  /** No payout is signed above this gas price (wei); PAYOUT_MAX_GAS_PRICE_GWEI. */
  maxGasPrice: bigint;
  /** A sent payout without a receipt after this long goes out again, the same bytes. */
  rebroadcastAfterMs?: number;
  /**
   * A payout waiting for funds this long keeps its turn: what it needs is kept back from later payouts, so it is
   * not starved by smaller ones (payout-funds.ts keepsItsTurn). Default one hour; 0: strictly in order.
   */
  awaitingReserveAfterMs?: number;
  /** Where the `withdrawal-awaiting-funds` alert goes (the process's logger). */
  log?: { warn: (fields: object, message: string) => void };
  leaseMs?: number;
  /**
   * Test seams where a real crash could happen: a hook that throws stops the tick there, like a killed
   * process, leaving the database as it was at that instant.
   */
  crashPoints?: {
    afterSigned?: (w: WithdrawalRow) => void;
    afterBroadcast?: (w: WithdrawalRow) => void;
    afterReplacementSigned?: (w: WithdrawalRow) => void;
  };
}

/** The worker's name: its lease, and its health row for chain-status. */
export const PAYOUT_WORKER = 'payout-worker:bsc';

/** The alert raised when a withdrawal starts waiting for the hot wallet to be refilled. */
export const AWAITING_FUNDS_ALERT = 'withdrawal-awaiting-funds';

/** How long a payout waits for funds before it keeps its turn against later ones (PayoutWorkerOptions). */
export const AWAITING_RESERVE_AFTER_MS = 60 * 60_000;

/** A test seam's simulated crash stops the whole tick, as a dying process would; nothing else does. */
export class PayoutCrash extends Error {}

/** The replacement rule of the nodes (at least 10 % more): 12.5 % more, rounded up. */
export function bumpedGasPrice(old: bigint, current: bigint, max: bigint): bigint | null {
  const raised = (old * 1125n + 999n) / 1000n;
  const price = current > raised ? current : raised;
  const capped = price > max ? max : price;
  return capped * 10n >= old * 11n ? capped : null;
}

/**
 * Sends withdrawals from the hot wallet (RULES.md "Recharge and withdrawal"). Each payout is first signed with
 * a nonce taken from the database and recorded with its bytes, and only then broadcast; after a crash the
 * same bytes go out again, and a nonce is never used twice, so the chain sees at most one transfer per
 * withdrawal. A mined payout is confirmed after the depth (its fee to the platform); a reverted one, or one
 * whose nonce another transaction of the hot wallet took, is refunded in full; each in one transaction with
 * the withdrawal's final state.
 *
 * Payouts are isolated from each other: one that cannot be paid is held and the tick
 * goes on with the others. A destination the strict rule refuses (left by older code) is refunded before
 * signing; a payout whose signing fails, or whose bytes the node refuses outright, is held for an operator
 * (docs/operator-guide.md "Held payouts"); a passing broadcast failure (no gas money, the network, an earlier nonce not in
 * yet) leaves it as it is for the next tick. A payout without a receipt `bumpAfterBlocks` after it was priced
 * is signed again with its nonce at a higher price (recorded before it is sent, every variant kept).
 *
 * A payout the hot wallet cannot cover waits as 'awaiting-funds' (docs/architecture.md "Payouts that wait for
 * funds"): in the signing transaction, under the nonce lock, its amount and gas are checked against the hot
 * wallet's balances at one block less what the payouts signed and not mined by then will take. Every tick looks
 * at the waiting ones again, in id order with the new ones, and signs each once it fits. The gas each mined payout
 * burnt is booked (a chain-fee movement) with its confirmation or refund.
 */
export function payoutWorker(options: PayoutWorkerOptions) {
  const { repos, chain, owner } = options;
  const rebroadcastAfterMs = options.rebroadcastAfterMs ?? 30_000;

  /** What a payout takes from the hot wallet: its tokens, and at most its gas limit × its gas price in BNB. */
  const needOf = (receiveAmount: string, decimals: number, fee: bigint): PayoutFunds => ({
    token: parseUnits(new Money(receiveAmount).toFixed(), decimals),
    native: fee,
  });

  /**
   * Signs with the next nonce when the hot wallet covers the payout; a signing failure rolls the nonce back and
   * answers the error instead, a payout that does not fit answers why. The fit is checked under the nonce lock,
   * so of two workers the second counts what the first signed: the hot wallet is never promised twice.
   */
  async function signOne(
    w: WithdrawalRow,
    token: { contract: `0x${string}`; decimals: number },
    gasPrice: bigint,
    head: bigint,
    funds: { snapshot: HotWalletSnapshot; reserved: PayoutFunds; need: PayoutFunds },
  ) {
    const signed = await repos.transaction(async (tx) => {
      const nonce = await tx.withdrawals.lockNonce('bsc', chain.hotWallet);
      if (nonce === null) throw new Error('hot wallet nonce row missing');
      let committed = NO_FUNDS;
      for (const p of await tx.withdrawals.signedFromNonce(chain.hotWallet, funds.snapshot.minedNonce)) {
        committed = plus(committed, needOf(p.receiveAmount, token.decimals, chain.feeCapOf(p.signedTx as Hex)));
      }
      const lack = shortfall(freeFunds(funds.snapshot, committed, funds.reserved), funds.need, {
        token: w.currency.toUpperCase(),
        tokenDecimals: token.decimals,
        native: CHAINS.bsc.currency.toUpperCase(),
        nativeDecimals: CHAINS.bsc.nativeDecimals,
      });
      if (lack) return { kind: 'short' as const, reason: lack }; // nothing written
      let payout: SignedPayout;
      try {
        payout = await chain.signTokenTransfer({
          token: token.contract,
          to: w.toAddress as `0x${string}`,
          amount: new Money(w.receiveAmount).toFixed(),
          decimals: token.decimals,
          nonce,
          gasPrice,
        });
      } catch (error) {
        return { kind: 'failed' as const, error }; // nothing written: the nonce stays for the next payout
      }
      if (
        !(await tx.withdrawals.markSigned(
          w.id,
          {
            hotWallet: chain.hotWallet,
            nonce,
            signedTx: payout.raw,
            txHash: payout.hash,
            pricedAtBlock: head,
          },
          w.status as UnsignedStatus,
        ))
      ) {
        return null; // another worker signed it first; this transaction (and the nonce) rolls back
      }
      await tx.withdrawals.addVariant(w.id, { txHash: payout.hash, signedTx: payout.raw });
      await tx.withdrawals.setNonce('bsc', chain.hotWallet, nonce + 1n);
      return { kind: 'signed' as const, payout, nonce };
    });
    if (signed?.kind !== 'signed') return signed;
    const row = {
      ...w,
      status: 'signed',
      nonce: signed.nonce,
      signedTx: signed.payout.raw,
      txHash: signed.payout.hash,
    };
    return { kind: 'signed' as const, row };
  }

  /**
   * Sends the payout's current bytes. A refusal of these very bytes holds the payout for an operator; a
   * passing failure is answered for the tick's health and the payout waits for the next tick.
   */
  async function broadcast(w: WithdrawalRow): Promise<'sent' | 'held' | { retry: string }> {
    if (!w.signedTx) throw new Error(`withdrawal ${w.id} has no signed transaction`);
    try {
      await chain.broadcast(w.signedTx as Hex);
    } catch (error) {
      if (chain.broadcastFailure(error) === 'retry') return { retry: errorSummary(error) };
      await repos.withdrawals.hold(w.id, w.status as WithdrawalStatus, `the node refused it: ${errorSummary(error)}`);
      return 'held';
    }
    options.crashPoints?.afterBroadcast?.(w);
    if (w.status === 'signed') await repos.withdrawals.markSent(w.id);
    else await repos.withdrawals.touchSent(w.id);
    return 'sent';
  }

  /** The first of a payout's signed variants with a receipt (the mined one), or null. */
  async function minedVariant(w: WithdrawalRow) {
    for (const hash of await repos.withdrawals.variantHashes(w)) {
      const receipt = await chain.receipt(hash as Hex);
      if (receipt) return { hash, receipt };
    }
    return null;
  }

  /**
   * A payout without a receipt whose nonce a confirmed block has already used (the hot wallet's key sent
   * something else first) can never be mined: it is safe to refund. A payout mined meanwhile sits in a block
   * too new to count here; the receipts are asked once more, and the refund needs proof besides: the block that
   * used the nonce holds a transaction that is none of this payout's variants. A node missing receipts (an RPC
   * replica behind the one that answered the count) must not make a paid payout look lost and refunded.
   */
  async function nonceTakenByAnother(
    w: WithdrawalRow,
    confirmedNonce: () => Promise<bigint | null>,
    confirmedBlock: bigint,
  ) {
    if (w.nonce === null) return false;
    const used = await confirmedNonce();
    if (used === null || used <= w.nonce) return false;
    if ((await minedVariant(w)) !== null) return false;
    return isAnother(await chain.nonceTakenBy(w.nonce, confirmedBlock), await repos.withdrawals.variantHashes(w));
  }

  /** One round of work; its end, good or bad, is kept for the operator's chain-status. */
  async function tick() {
    if (!(await repos.chain.takeLease(PAYOUT_WORKER, owner, options.leaseMs ?? 30_000)))
      return { outcome: 'not-lease-holder' as const };
    try {
      const done = await work();
      // A payout's own trouble does not stop the tick, but the operator sees it as the worker's error.
      const [firstProblem] = done.problems;
      if (firstProblem) await repos.chain.noteWorkerError(PAYOUT_WORKER, firstProblem);
      else await repos.chain.noteWorkerOk(PAYOUT_WORKER);
      return done;
    } catch (error) {
      // Best effort: the tick's own error matters more than a failure to note it.
      await repos.chain.noteWorkerError(PAYOUT_WORKER, errorSummary(error)).catch(() => {});
      throw error;
    }
  }

  async function work() {
    // awaiting: payouts that started waiting for funds this tick; waiting: all that still wait after it.
    const counts = { signed: 0, sent: 0, settled: 0, held: 0, bumped: 0, awaiting: 0, waiting: 0 };
    const problems: string[] = [];
    /** Runs one payout's step; its failure is noted and the others go on (a simulated crash still stops all). */
    const isolated = async (w: WithdrawalRow, step: () => Promise<void>) => {
      try {
        await step();
      } catch (error) {
        if (error instanceof PayoutCrash) throw error;
        problems.push(`withdrawal ${w.id}: ${errorSummary(error)}`);
      }
    };
    const send = async (w: WithdrawalRow) => {
      const result = await broadcast(w);
      if (result === 'sent') counts.sent++;
      else if (result === 'held') counts.held++;
      else problems.push(`withdrawal ${w.id}: ${result.retry}`);
    };

    // New requests and the ones waiting for funds, in id order: the oldest gets the first claim on the funds.
    const unsigned = await repos.withdrawals.withStatus(['requested', 'awaiting-funds'], 500);
    if (unsigned.length > 0) {
      const token = await payoutToken(repos);
      if (!token) throw new Error('the COW contract on BNB Smart Chain is not configured');
      // Never above the cap: a payout priced there waits for the network's price to fall, the bump cannot raise it.
      let gasPrice = await chain.gasPrice();
      if (gasPrice > options.maxGasPrice) gasPrice = options.maxGasPrice;
      const head = await chain.head();
      // The hot wallet's balances and transaction count at one block: what the payouts signed with a nonce from
      // that count on will take is still in these balances (payout-funds.ts).
      const [balances, minedNonce] = await Promise.all([chain.balances(token.contract, head), chain.nonceAt(head)]);
      const snapshot: HotWalletSnapshot = {
        block: head,
        minedNonce,
        token: balances.token ?? 0n,
        native: balances.native,
      };
      // The database hands out nonces; the node's count only raises it (the first payout, or a transaction
      // someone else sent with the hot wallet's key, whose nonce must not be signed again).
      await repos.withdrawals.catchUpNonce('bsc', chain.hotWallet, await chain.pendingNonce());
      const platform = platformAddresses(repos, { hotWallet: chain.hotWallet });
      const now = new Date();
      const reserveAfterMs = options.awaitingReserveAfterMs ?? AWAITING_RESERVE_AFTER_MS;
      // What this tick keeps back for payouts that waited long enough to keep their turn.
      let reserved = NO_FUNDS;
      for (const w of unsigned) {
        await isolated(w, async () => {
          // Rows from before the strict rule may name a destination nothing may be paid to: nothing was
          // signed, so the refund is safe and the user gets the money back at once.
          const destination = await checkDestination(w.toAddress, platform);
          if (!destination.ok) {
            const ended = await settleWithdrawal(repos, w, {
              failure: `destination refused: ${destination.reason}`,
              blockNumber: null,
            });
            if (ended === 'settled') counts.settled++;
            return;
          }
          const need = needOf(w.receiveAmount, token.decimals, chain.feeCap(gasPrice));
          const signed = await signOne({ ...w, toAddress: destination.address }, token, gasPrice, head, {
            snapshot,
            reserved,
            need,
          });
          if (!signed) return;
          if (signed.kind === 'short') {
            const waits = await repos.withdrawals.markAwaiting(w.id, w.status as UnsignedStatus, signed.reason);
            if (waits === null) return; // moved meanwhile (another worker signed it, an operator refunded it)
            counts.waiting++;
            if (waits === 'started') {
              counts.awaiting++;
              options.log?.warn(
                {
                  alert: AWAITING_FUNDS_ALERT,
                  withdrawalId: w.id.toString(),
                  currency: w.currency,
                  amount: new Money(w.receiveAmount).toFixed(),
                  reason: signed.reason,
                },
                'a withdrawal waits for funds: sweep or top up the hot wallet (docs/operator-guide.md)',
              );
            }
            if (keepsItsTurn(waits === 'started' ? now : w.awaitingSince, now, reserveAfterMs)) {
              reserved = plus(reserved, need);
            }
            return;
          }
          if (signed.kind === 'failed') {
            const from = w.status as WithdrawalStatus;
            if (await repos.withdrawals.hold(w.id, from, `signing failed: ${errorSummary(signed.error)}`))
              counts.held++;
            return;
          }
          counts.signed++;
          options.crashPoints?.afterSigned?.(signed.row);
          await send(signed.row);
        });
      }
    }

    // Recorded but maybe never sent (a crash between the two, or a passing failure): the same bytes go out.
    for (const w of await repos.withdrawals.withStatus(['signed'])) await isolated(w, () => send(w));

    // Sent ones, and held ones that were signed (their bytes may still be mined, or their nonce taken).
    const open = (await repos.withdrawals.withStatus(['sent', 'held'])).filter((w) => w.signedTx !== null);
    if (open.length > 0) {
      const head = await chain.head();
      // The hot wallet's nonce count as of the block that is `confirmations` deep: asked once a tick, and only
      // when a payout lacks its receipt.
      const confirmedBlock = head - BigInt(options.confirmations) + 1n;
      let confirmedNonce: Promise<bigint | null> | undefined;
      const nonceAtDepth = () => {
        confirmedNonce ??= confirmedBlock < 0n ? Promise.resolve(null) : chain.nonceAt(confirmedBlock);
        return confirmedNonce;
      };
      let gasPriceNow: Promise<bigint> | undefined;
      for (const w of open) {
        await isolated(w, async () => {
          const mined = await minedVariant(w);
          if (!mined) {
            if (await nonceTakenByAnother(w, nonceAtDepth, confirmedBlock)) {
              const ended = await settleWithdrawal(repos, w, {
                failure: `nonce ${w.nonce} was used by another transaction of the hot wallet`,
                blockNumber: null,
              });
              if (ended === 'settled') counts.settled++;
            } else if (w.status === 'sent') {
              gasPriceNow ??= chain.gasPrice();
              await waitOrBump(w, head, () => gasPriceNow as Promise<bigint>, send, counts, problems);
            }
            return;
          }
          if (head - mined.receipt.blockNumber + 1n < BigInt(options.confirmations)) return;
          // Mined either way: its gas was burnt, and is booked with the payout's end.
          const gas = { txHash: mined.hash, fee: mined.receipt.fee };
          const ended = await settleWithdrawal(
            repos,
            w,
            mined.receipt.success
              ? { confirmedIn: mined.receipt.blockNumber, minedHash: mined.hash, gas }
              : { failure: 'the token transfer reverted on chain', blockNumber: mined.receipt.blockNumber, gas },
          );
          if (ended === 'settled') counts.settled++;
        });
      }
    }
    return { outcome: 'worked' as const, ...counts, problems };
  }

  /**
   * A sent payout not mined yet: after `bumpAfterBlocks` it is signed again with its nonce at a higher price
   * (the replacement recorded before it is sent; the older variants stay known for the receipt check); until
   * then, or when the cap allows no higher price, the current bytes go out again now and then.
   */
  async function waitOrBump(
    w: WithdrawalRow,
    head: bigint,
    gasPriceNow: () => Promise<bigint>,
    send: (w: WithdrawalRow) => Promise<void>,
    counts: { bumped: number },
    problems: string[],
  ) {
    if (w.pricedAtBlock === null) {
      await repos.withdrawals.setPricedAt(w.id, head);
      return;
    }
    if (head - w.pricedAtBlock >= BigInt(options.bumpAfterBlocks)) {
      const old = chain.gasPriceOf(w.signedTx as Hex);
      const price = bumpedGasPrice(old, await gasPriceNow(), options.maxGasPrice);
      if (price === null) {
        problems.push(
          `withdrawal ${w.id}: not mined at ${old} wei and PAYOUT_MAX_GAS_PRICE_GWEI allows no higher price`,
        );
      } else {
        const next = await chain.resign(w.signedTx as Hex, price);
        const replaced = await repos.transaction(async (tx) => {
          await tx.withdrawals.addVariant(w.id, { txHash: next.hash, signedTx: next.raw });
          return tx.withdrawals.replaceSigned(w.id, w.txHash as string, {
            signedTx: next.raw,
            txHash: next.hash,
            pricedAtBlock: head,
          });
        });
        if (!replaced) return;
        counts.bumped++;
        const bumped = { ...w, signedTx: next.raw, txHash: next.hash, pricedAtBlock: head };
        options.crashPoints?.afterReplacementSigned?.(bumped);
        await send(bumped);
        return;
      }
    }
    // A replacement recorded but not sent yet (a crash between the two) has no sentAt: it goes out now.
    if (!w.sentAt || Date.now() - w.sentAt.getTime() > rebroadcastAfterMs) await send(w);
  }

  return { tick, release: () => repos.chain.releaseLease(PAYOUT_WORKER, owner) };
}

/** Whether `taker` (the transaction that used a payout's nonce) is known and none of the payout's `variants`. */
export function isAnother(taker: string | null, variants: readonly string[]): boolean {
  return taker !== null && !variants.some((hash) => hash.toLowerCase() === taker.toLowerCase());
}

/** Why a settlement did not happen: it was ended before, or it moved from the state its caller saw. */
export type SettleResult = 'settled' | 'already-settled' | 'moved';

/** Rolls the settling transaction back when the payout is no longer in the state its caller checked. */
class PayoutMoved extends Error {}

/**
 * Ends a payout in one transaction with its ledger movement: confirmed (the in-flight amount goes to the
 * chain's side and the fee to the platform) or refunded in full to the user. Only from the state `w` shows
 * (its status and its current bytes): the status change is a compare-and-set in the transaction that posts
 * the movement, so a payout that a retry, the worker or another refund moved meanwhile is left alone
 * ('moved'), and the money moves once (the movement's idempotency key: 'already-settled'). A mined payout's
 * gas (`outcome.gas`, confirmed or reverted) is booked in that same transaction as a chain-fee movement.
 */
export async function settleWithdrawal(
  repos: Repositories,
  w: WithdrawalRow,
  outcome: ({ confirmedIn: bigint; minedHash: string } | { failure: string; blockNumber: bigint | null }) & {
    /** The mined transaction's hash and the BNB (wei) it burnt: booked as a chain-fee with the settlement. */
    gas?: { txHash: string; fee: bigint };
  },
  /** Runs in the settling transaction once the movement is posted (an operator's refund records itself). */
  alsoRecord?: (tx: Repositories, movementId: bigint) => Promise<void>,
): Promise<SettleResult> {
  const confirmed = 'confirmedIn' in outcome;
  const amount = new Money(w.amount);
  const fee = new Money(w.fee);
  const inFlight = platformAccount(PLATFORM.withdrawalsInFlight, w.currency);
  const lines = confirmed
    ? [
        { account: inFlight, amount: amount.neg() },
        { account: platformAccount(PLATFORM.chain('bsc'), w.currency), amount: amount.minus(fee) },
        ...(fee.isZero() ? [] : [{ account: platformAccount(PLATFORM.fees, w.currency), amount: fee }]),
      ]
    : [
        { account: inFlight, amount: amount.neg() },
        { account: userAccount(w.userId, w.currency), amount, type: 'chain-withdraw-refund' as const },
      ];
  const movement = await prepareMovement(repos, {
    type: confirmed ? 'chain-withdraw' : 'chain-withdraw-refund',
    idemKey: `withdraw-settle:${w.id}`,
    ref: confirmed ? outcome.minedHash : w.txHash,
    lines,
  });
  const gasMovement = outcome.gas ? await prepareChainFee(repos, { chain: 'bsc', ...outcome.gas }) : null;
  try {
    return await repos.transaction(async (tx) => {
      const posted = await postPrepared(tx, movement);
      // Settled already (by a racing worker or approval): nothing moved, and alsoRecord must not claim it.
      if (posted.replayed) return 'already-settled' as const;
      // The gas, once per transaction hash (its own idempotency key), in the transaction that ends the payout.
      if (gasMovement) await postPrepared(tx, gasMovement);
      const ended = await tx.withdrawals.finish(
        w.id,
        { status: w.status as WithdrawalStatus, txHash: w.txHash },
        {
          status: confirmed ? 'confirmed' : 'refunded',
          blockNumber: confirmed ? outcome.confirmedIn : outcome.blockNumber,
          failure: confirmed ? null : outcome.failure,
          settleMovementId: posted.movementId,
          minedHash: confirmed ? outcome.minedHash : null,
        },
      );
      // Moved since the caller's checks: the movement above rolls back with this transaction.
      if (!ended) throw new PayoutMoved();
      await alsoRecord?.(tx, posted.movementId);
      return 'settled' as const;
    });
  } catch (error) {
    if (error instanceof PayoutMoved) return 'moved';
    throw error;
  }
}
