import { Money } from '@aidf/contract';
import type { Hex } from 'viem';
import type { PayoutChain } from '../../chain/evm/evm-payout-chain.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import type { WithdrawalRow } from '../../db/repositories/withdrawals.ts';
import { errorSummary } from '../chain/error-summary.ts';
import { PLATFORM, platformAccount, userAccount } from '../ledger/platform-accounts.ts';
import { postPrepared, prepareMovement } from '../ledger/post-movement.ts';
import { payoutToken } from './payout-token.ts';

export interface PayoutWorkerOptions {
  repos: Repositories;
  chain: PayoutChain;
  owner: string;
  /** Blocks on top of the payout's block before it counts as confirmed (BSC: 15). */
  confirmations: number;
  /** A sent payout without a receipt after this long goes out again, the same bytes. */
  rebroadcastAfterMs?: number;
  leaseMs?: number;
  /**
   * Test seams where a real crash could happen: a hook that throws stops the tick there, like a killed
   * process, leaving the database as it was at that instant.
   */
  crashPoints?: { afterSigned?: (w: WithdrawalRow) => void; afterBroadcast?: (w: WithdrawalRow) => void };
}

/** The worker's name: its lease, and its health row for chain-status. */
export const PAYOUT_WORKER = 'payout-worker:bsc';

/**
 * Sends withdrawals from the hot wallet (RULES.md "Recharge and withdrawal"). Each payout is first signed with
 * a nonce taken from the database and recorded with its bytes, and only then broadcast; after a crash the
 * same bytes go out again, and a nonce is never used twice, so the chain sees at most one transfer per
 * withdrawal. A mined payout is confirmed after the depth (its fee to the platform); a reverted one, or one
 * whose nonce another transaction of the hot wallet took, is refunded in full; each in one transaction with
 * the withdrawal's final state.
 */
export function payoutWorker(options: PayoutWorkerOptions) {
  const { repos, chain, owner } = options;
  const rebroadcastAfterMs = options.rebroadcastAfterMs ?? 30_000;

  async function signOne(w: WithdrawalRow, token: { contract: `0x${string}`; decimals: number }, gasPrice: bigint) {
    const signed = await repos.transaction(async (tx) => {
      const nonce = await tx.withdrawals.lockNonce('bsc', chain.hotWallet);
      if (nonce === null) throw new Error('hot wallet nonce row missing');
      const payout = await chain.signTokenTransfer({
        token: token.contract,
        to: w.toAddress as `0x${string}`,
        amount: new Money(w.receiveAmount).toFixed(),
        decimals: token.decimals,
        nonce,
        gasPrice,
      });
      if (
        !(await tx.withdrawals.markSigned(w.id, {
          hotWallet: chain.hotWallet,
          nonce,
          signedTx: payout.raw,
          txHash: payout.hash,
        }))
      ) {
        return null; // another worker signed it first; this transaction (and the nonce) rolls back
      }
      await tx.withdrawals.setNonce('bsc', chain.hotWallet, nonce + 1n);
      return payout;
    });
    return signed ? { ...w, status: 'signed', signedTx: signed.raw, txHash: signed.hash } : null;
  }

  async function broadcast(w: WithdrawalRow) {
    if (!w.signedTx) throw new Error(`withdrawal ${w.id} has no signed transaction`);
    await chain.broadcast(w.signedTx as Hex);
    options.crashPoints?.afterBroadcast?.(w);
    if (w.status === 'signed') await repos.withdrawals.markSent(w.id);
    else await repos.withdrawals.touchSent(w.id);
  }

  /**
   * A payout without a receipt whose nonce a confirmed block has already used (the hot wallet's key sent
   * something else first) can never be mined: it is safe to refund. A payout mined meanwhile sits in a block
   * too new to count here; the receipt is asked once more so that a node briefly missing it (a lagging RPC
   * replica) does not make a paid payout look lost.
   */
  async function nonceTakenByAnother(w: WithdrawalRow, confirmedNonce: () => Promise<bigint | null>) {
    if (w.nonce === null) return false;
    const used = await confirmedNonce();
    if (used === null || used <= w.nonce) return false;
    return (await chain.receipt(w.txHash as Hex)) === null;
  }

  /** One round of work; its end, good or bad, is kept for the operator's chain-status. */
  async function tick() {
    if (!(await repos.chain.takeLease(PAYOUT_WORKER, owner, options.leaseMs ?? 30_000)))
      return { outcome: 'not-lease-holder' as const };
    try {
      const done = await work();
      await repos.chain.noteWorkerOk(PAYOUT_WORKER);
      return done;
    } catch (error) {
      // Best effort: the tick's own error matters more than a failure to note it.
      await repos.chain.noteWorkerError(PAYOUT_WORKER, errorSummary(error)).catch(() => {});
      throw error;
    }
  }

  async function work() {
    let signed = 0;
    let sent = 0;
    let settled = 0;

    const requested = await repos.withdrawals.withStatus(['requested']);
    if (requested.length > 0) {
      const token = await payoutToken(repos);
      if (!token) throw new Error('the COW contract on BNB Smart Chain is not configured');
      const gasPrice = await chain.gasPrice();
      // The database hands out nonces; the node's count only raises it (the first payout, or a transaction
      // someone else sent with the hot wallet's key, whose nonce must not be signed again).
      await repos.withdrawals.catchUpNonce('bsc', chain.hotWallet, await chain.pendingNonce());
      for (const w of requested) {
        const ready = await signOne(w, token, gasPrice);
        if (!ready) continue;
        signed++;
        options.crashPoints?.afterSigned?.(ready);
        await broadcast(ready);
        sent++;
      }
    }

    // Recorded but maybe never sent (a crash between the two): the same bytes go out.
    for (const w of await repos.withdrawals.withStatus(['signed'])) {
      await broadcast(w);
      sent++;
    }

    const sentOnes = await repos.withdrawals.withStatus(['sent']);
    if (sentOnes.length > 0) {
      const head = await chain.head();
      // The hot wallet's nonce count as of the block that is `confirmations` deep: asked once a tick, and only
      // when a payout lacks its receipt.
      const confirmedBlock = head - BigInt(options.confirmations) + 1n;
      let confirmedNonce: Promise<bigint | null> | undefined;
      const nonceAtDepth = () => {
        confirmedNonce ??= confirmedBlock < 0n ? Promise.resolve(null) : chain.nonceAt(confirmedBlock);
        return confirmedNonce;
      };
      for (const w of sentOnes) {
        const receipt = await chain.receipt(w.txHash as Hex);
        if (!receipt) {
          if (await nonceTakenByAnother(w, nonceAtDepth)) {
            await settleWithdrawal(repos, w, {
              failure: `nonce ${w.nonce} was used by another transaction of the hot wallet`,
              blockNumber: null,
            });
            settled++;
          } else if (w.sentAt && Date.now() - w.sentAt.getTime() > rebroadcastAfterMs) {
            await broadcast(w);
          }
          continue;
        }
        if (head - receipt.blockNumber + 1n < BigInt(options.confirmations)) continue;
        await settleWithdrawal(
          repos,
          w,
          receipt.success
            ? { confirmedIn: receipt.blockNumber }
            : { failure: 'the token transfer reverted on chain', blockNumber: receipt.blockNumber },
        );
        settled++;
      }
    }
    return { outcome: 'worked' as const, signed, sent, settled };
  }

  return { tick, release: () => repos.chain.releaseLease(PAYOUT_WORKER, owner) };
}

export type PayoutWorker = ReturnType<typeof payoutWorker>;

/**
 * Ends a payout in one transaction with its ledger movement: confirmed (the in-flight amount goes to the
 * chain's side and the fee to the platform) or refunded in full to the user. Once only: the movement's
 * idempotency key and the status guard both refuse a second settlement.
 */
export async function settleWithdrawal(
  repos: Repositories,
  w: WithdrawalRow,
  outcome: { confirmedIn: bigint } | { failure: string; blockNumber: bigint | null },
) {
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
    ref: w.txHash,
    lines,
  });
  await repos.transaction(async (tx) => {
    const posted = await postPrepared(tx, movement);
    if (posted.replayed) return;
    const ended = await tx.withdrawals.finish(w.id, {
      status: confirmed ? 'confirmed' : 'refunded',
      blockNumber: confirmed ? outcome.confirmedIn : outcome.blockNumber,
      failure: confirmed ? null : outcome.failure,
      settleMovementId: posted.movementId,
    });
    if (!ended) throw new Error(`withdrawal ${w.id} was settled by another worker`);
  });
}
