import { CHAINS, fromBaseUnits, toBaseUnits } from '@aidf/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { SolanaSweepChain, SweepAsset } from '../../chain/solana/solana-sweep-chain.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import type { SweepRow, SweepStatus, TreasuryTxRow, TreasuryTxStatus } from '../../db/repositories/sweeps.ts';
import { errorSummary } from '../chain/error-summary.ts';
import { bookChainFee } from '../ledger/chain-fees.ts';
import { TREASURY_CURRENCIES, TREASURY_SETTINGS } from './treasury-settings.ts';

/** The sweeper's lease (one instance works) and the work request an operator's sweep-now writes. */
export const SOLANA_SWEEPER = 'sweeper:solana';
export const SWEEP_SOLANA_REQUEST = 'sweep:solana';
/** A sweep that failed this many times is held for an operator (alert `sweep-held`). */
export const SOLANA_SWEEP_MAX_ATTEMPTS = 5;

/** A test seam's simulated crash stops the whole tick, as a killed process would; nothing else does. */
export class SweepCrash extends Error {}

export interface SolanaSweeperOptions {
  repos: Repositories;
  chain: SolanaSweepChain;
  owner: string;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  leaseMs?: number;
  maxAttempts?: number;
  /** Test seams where a real crash could happen: a hook that throws stops the tick there. */
  crashPoints?: { afterSigned?: (sweep: SweepRow) => void; afterSent?: (sweep: SweepRow) => void };
}

type Counts = Record<'planned' | 'skipped' | 'signed' | 'sent' | 'swept' | 'failed' | 'held' | 'expired', number>;

/**
 * Collects what users deposited on Solana into the hot wallet, and the hot wallet's excess above its hotMax into
 * the cold address (docs/architecture.md "Treasury"). One instance works (lease `sweeper:solana`).
 *
 * A deposit address's due amount is what was credited there less what its sweeps took, capped by what it holds
 * at 'finalized'; below `treasury.minSweep.<currency>` it is skipped (written once per amount). A sweep is one
 * transaction with the hot wallet as fee payer, signed by the deposit key and the hot wallet — so the deposit
 * address needs no SOL top-up and the state goes planned → sweeping → swept. Its bytes and blockhash are
 * recorded ('signed') and the sweep moved to 'sweeping' in one database transaction BEFORE they are sent: after
 * a crash the same bytes go again while the blockhash is valid; once it expired (judged at 'finalized') without
 * the signature landing, the transaction is 'expired' and the sweep counts a failed attempt and is signed anew
 * on a later tick (held after repeated failures). A landed transaction is confirmed at 'finalized', and what it
 * cost the hot wallet (the fee, plus the rent of a token account it created) booked as a chain-fee, in the same
 * database transaction as the confirmation.
 *
 * SOL: an address is swept empty (a system account with 0 lamports is simply gone; a later deposit recreates
 * it). Only when uncredited lamports would stay behind below the rent-exempt minimum — which the runtime
 * refuses — the sweep leaves that minimum instead, and the rest waits for a later sweep. A deposit address's
 * token account stays open (closing it would hand its rent to the deposit address, money nobody booked).
 */
export function solanaSweeper(options: SolanaSweeperOptions) {
  const { repos, chain, owner } = options;
  const maxAttempts = options.maxAttempts ?? SOLANA_SWEEP_MAX_ATTEMPTS;

  const nativeDecimals = CHAINS.solana.nativeDecimals;

  /** The assets the sweeper moves: SOL, and USDT once its mint is configured. */
  async function assets(): Promise<Map<string, SweepAsset & { decimals: number }>> {
    const found = new Map<string, SweepAsset & { decimals: number }>([
      ['sol', { kind: 'sol', decimals: nativeDecimals }],
    ]);
    for (const token of await repos.tokenConfigs.all()) {
      if (token.chainCurrency !== 'sol' || !token.contractAddress) continue;
      if (!TREASURY_CURRENCIES.solana.includes(token.currency) || token.currency === 'sol') continue;
      found.set(token.currency, { kind: 'token', mint: token.contractAddress, decimals: token.decimals });
    }
    return found;
  }

  const balanceOf = (owner: string, asset: SweepAsset) =>
    asset.kind === 'sol' ? chain.solBalance(owner) : chain.tokenBalance(owner, asset.mint);

  /** A sweep's failure: counted, held after `maxAttempts` (with the alert). */
  async function failed(sweep: SweepRow, from: SweepStatus, error: string, counts: Counts) {
    const to = await repos.sweeps.fail(sweep.id, from, error, maxAttempts);
    if (to === 'held') {
      counts.held++;
      options.log?.error(
        { alert: 'sweep-held', chain: 'solana', sweepId: sweep.id.toString(), currency: sweep.currency, error },
        'a Solana sweep failed repeatedly and is held for an operator',
      );
    } else if (to === 'failed') counts.failed++;
  }

  /** What the platform lost to a landed transaction: the hot wallet's spending, less the SOL it moved on purpose. */
  function costOf(sweep: SweepRow, spent: bigint, succeeded: boolean): bigint {
    if (!succeeded || sweep.currency !== 'sol') return spent;
    const amount = BigInt(sweep.amount);
    return sweep.kind === 'deposit' ? spent + amount : spent - amount;
  }

  /** Follows one 'sweeping' sweep's transaction: confirmed, failed, expired, or sent again. */
  async function follow(sweep: SweepRow, counts: Counts, problems: string[]) {
    const tx = await repos.sweeps.openTransactionOf(sweep.id);
    if (!tx) {
      await failed(sweep, 'sweeping', 'no transaction in flight', counts);
      return;
    }
    const landed = await chain.landed(tx.txHash);
    if (landed) {
      const succeeded = landed.err === null;
      const cost = costOf(sweep, landed.hotWalletSpent, succeeded);
      const settled = await repos
        .transaction(async (t) => {
          // Prepared inside the transaction too: its accounts are ensured on the same connection.
          const booked = await bookChainFee(t, { chain: 'solana', fee: cost, txHash: tx.txHash });
          const moved = await t.sweeps.moveTransaction(
            tx.id,
            tx.status as TreasuryTxStatus,
            succeeded ? 'confirmed' : 'failed',
            {
              blockNumber: landed.slot,
              feePaid: cost.toString(),
              feeMovementId: booked?.movementId ?? null,
            },
          );
          if (!moved) throw new MovedMeanwhile();
          if (succeeded) await t.sweeps.move(sweep.id, 'sweeping', 'swept', { feePaid: cost.toString() });
          return true;
        })
        .catch((error) => {
          if (error instanceof MovedMeanwhile) return false;
          throw error;
        });
      if (!settled) return;
      if (succeeded) counts.swept++;
      else await failed(sweep, 'sweeping', `the transaction failed on chain: ${JSON.stringify(landed.err)}`, counts);
      return;
    }
    if (tx.recentBlockhash && (await chain.blockhashExpired(tx.recentBlockhash))) {
      // Expired at 'finalized' and in no block: these bytes can never land. Asked after the expiry, so a
      // transaction that landed just before it is seen here.
      if ((await chain.seen(tx.txHash)) !== null) return;
      if (await repos.sweeps.moveTransaction(tx.id, tx.status as TreasuryTxStatus, 'expired')) {
        counts.expired++;
        await failed(sweep, 'sweeping', 'its blockhash expired before the transaction landed', counts);
      }
      return;
    }
    // Still valid: the same bytes again (a crash after signing, or a node that dropped them). Without preflight,
    // as bytes that already landed are then dropped instead of refused.
    try {
      await chain.send(tx.signedTx, false);
      if (tx.status === 'signed' && (await repos.sweeps.moveTransaction(tx.id, 'signed', 'sent'))) counts.sent++;
    } catch (error) {
      problems.push(`sweep ${sweep.id}: ${errorSummary(error)}`);
    }
  }

  /** Plans the deposit sweeps due: one per address and currency with credited, not yet swept funds. */
  async function planDeposits(known: Map<string, SweepAsset & { decimals: number }>, counts: Counts) {
    const rows = await repos.sweeps.solanaDepositBalances();
    if (rows.length === 0) return;
    const minimums = await repos.settings.get([...known.keys()].map(TREASURY_SETTINGS.minSweep));
    for (const row of rows) {
      const asset = known.get(row.currency);
      if (!asset || row.open) continue;
      const due = toBaseUnits(row.credited, asset.decimals) - row.swept;
      if (due <= 0n) continue;
      const held = await balanceOf(row.address, asset);
      // bigint amounts: Math.min takes numbers only.
      let amount = due;
      if (held < amount) amount = held;
      if (asset.kind === 'sol') {
        // The runtime refuses to leave a system account between 0 and its rent-exempt minimum.
        const rent = await chain.rentExemptMinimum();
        const rest = held - amount;
        if (rest > 0n && rest < rent) amount = held - rent;
      }
      if (amount <= 0n) continue;
      const minimum = minimums.get(TREASURY_SETTINGS.minSweep(row.currency));
      const minimumUnits = minimum ? toBaseUnits(minimum, asset.decimals) : 0n;
      const base = {
        chain: 'solana' as const,
        currency: row.currency,
        kind: 'deposit' as const,
        fromAddress: row.address,
        userId: row.userId,
        derivationIndex: row.derivationIndex,
        toAddress: chain.hotWallet,
        amount,
      };
      if (amount < minimumUnits) {
        if (row.lastSkipped === amount) continue; // already written for this amount
        const reason = `below treasury.minSweep.${row.currency} (${fromBaseUnits(amount, asset.decimals)} < ${minimum})`;
        if (await repos.sweeps.plan({ ...base, status: 'skipped', reason })) counts.skipped++;
        continue;
      }
      if (await repos.sweeps.plan(base)) counts.planned++;
    }
  }

  /**
   * Plans a to-cold sweep per currency whose hot balance (finalized) is above its hotMax plus what payouts not yet
   * confirmed owe, when a cold address is set.
   */
  async function planToCold(known: Map<string, SweepAsset & { decimals: number }>, counts: Counts) {
    const keys = [TREASURY_SETTINGS.coldAddress('solana')];
    for (const currency of known.keys()) keys.push(TREASURY_SETTINGS.hotMax('solana', currency));
    const settings = await repos.settings.get(keys);
    const cold = settings.get(TREASURY_SETTINGS.coldAddress('solana'));
    if (!cold) return;
    for (const [currency, asset] of known) {
      const hotMax = settings.get(TREASURY_SETTINGS.hotMax('solana', currency));
      if (hotMax === undefined || hotMax === null) continue;
      // hotMax on top of what payouts not yet confirmed will send from the hot wallet (none on Solana today).
      const owed = toBaseUnits(await repos.withdrawals.owedByHotWallet('solana', currency), asset.decimals);
      const excess = (await balanceOf(chain.hotWallet, asset)) - toBaseUnits(hotMax, asset.decimals) - owed;
      if (excess <= 0n) continue;
      const planned = await repos.sweeps.plan({
        chain: 'solana',
        currency,
        kind: 'to-cold',
        fromAddress: chain.hotWallet,
        userId: null,
        derivationIndex: null,
        toAddress: cold,
        amount: excess,
      });
      if (planned) counts.planned++;
    }
  }

  /** Signs a planned sweep, records it with the move to 'sweeping', then sends it. */
  async function signAndSend(
    sweep: SweepRow,
    known: Map<string, SweepAsset & { decimals: number }>,
    counts: Counts,
    problems: string[],
  ) {
    const asset = known.get(sweep.currency);
    if (!asset) {
      await failed(sweep, 'planned', `no ${sweep.currency} asset configured on Solana`, counts);
      return;
    }
    let signed: Awaited<ReturnType<SolanaSweepChain['signTransfer']>>;
    try {
      signed = await chain.signTransfer({
        from:
          sweep.kind === 'to-cold'
            ? 'hot-wallet'
            : { depositIndex: sweep.derivationIndex as number, address: sweep.fromAddress },
        to: sweep.toAddress,
        asset,
        amount: BigInt(sweep.amount),
      });
    } catch (error) {
      // Nothing was recorded: the sweep stays planned for the next tick (an RPC that failed) unless it keeps failing.
      await failed(sweep, 'planned', `signing failed: ${errorSummary(error)}`, counts);
      return;
    }
    const recorded = await repos.transaction(async (t) => {
      if (!(await t.sweeps.move(sweep.id, 'planned', 'sweeping'))) return null;
      return t.sweeps.insertTransaction({
        chain: 'solana',
        sweepId: sweep.id,
        purpose: 'sweep',
        fromAddress: sweep.fromAddress,
        toAddress: sweep.toAddress,
        amount: sweep.amount,
        recentBlockhash: signed.recentBlockhash,
        signedTx: signed.wire,
        txHash: signed.signature,
        status: 'signed',
      });
    });
    if (!recorded) return; // another instance took it
    counts.signed++;
    options.crashPoints?.afterSigned?.(sweep);
    await sendRecorded(sweep, recorded, counts, problems);
  }

  async function sendRecorded(sweep: SweepRow, tx: TreasuryTxRow, counts: Counts, problems: string[]) {
    try {
      await chain.send(tx.signedTx, true);
    } catch (error) {
      // Left 'signed': the next tick sends the same bytes again, or finds them expired and counts a failure.
      problems.push(`sweep ${sweep.id}: ${errorSummary(error)}`);
      await repos.sweeps.noteError(sweep.id, `sending failed: ${errorSummary(error)}`);
      return;
    }
    options.crashPoints?.afterSent?.(sweep);
    if (await repos.sweeps.moveTransaction(tx.id, 'signed', 'sent')) counts.sent++;
  }

  async function work() {
    const counts: Counts = { planned: 0, skipped: 0, signed: 0, sent: 0, swept: 0, failed: 0, held: 0, expired: 0 };
    const problems: string[] = [];
    const isolated = async (sweep: SweepRow, step: () => Promise<void>) => {
      try {
        await step();
      } catch (error) {
        if (error instanceof SweepCrash) throw error;
        problems.push(`sweep ${sweep.id}: ${errorSummary(error)}`);
      }
    };
    const requested = await repos.sweeps.takeWorkRequest(SWEEP_SOLANA_REQUEST);
    const known = await assets();

    for (const sweep of await repos.sweeps.withStatus('solana', ['sweeping']))
      await isolated(sweep, () => follow(sweep, counts, problems));
    // A failed sweep is tried again (with a fresh transaction) on the tick after the one that failed it.
    for (const sweep of await repos.sweeps.withStatus('solana', ['failed']))
      await repos.sweeps.move(sweep.id, 'failed', 'planned');
    await planDeposits(known, counts);
    await planToCold(known, counts);
    for (const sweep of await repos.sweeps.withStatus('solana', ['planned']))
      await isolated(sweep, () => signAndSend(sweep, known, counts, problems));
    return { outcome: 'worked' as const, requested, ...counts, problems };
  }

  return {
    /** One round of work, only for the lease holder. */
    async tick() {
      if (!(await repos.chain.takeLease(SOLANA_SWEEPER, owner, options.leaseMs ?? 30_000)))
        return { outcome: 'not-lease-holder' as const };
      return work();
    },
    release: () => repos.chain.releaseLease(SOLANA_SWEEPER, owner),
  };
}

class MovedMeanwhile extends Error {}
