import { fromBaseUnits } from '@aidf/contract';
import { SWEEP_GAS, type SweepChain } from '../../chain/evm/evm-sweep-chain.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import { isLive, resumeState, type SweepRow, type SweepStatus } from '../../db/repositories/sweeps.ts';
import { errorSummary } from '../chain/error-summary.ts';
import { checkDestination } from '../withdraw/destination.ts';
import { decimalsOf, planDepositSweeps, planToCold } from './bsc-sweeper-plan.ts';
import {
  broadcastTx,
  driveTx,
  SweepCrash,
  type SweepCrashPoint,
  type SweepTxContext,
  signAndRecord,
} from './bsc-sweeper-tx.ts';

/** The sweeper's lease and health row, and its sweep-now request key (treasury design). */
export const BSC_SWEEPER = 'sweeper:bsc';
export const BSC_SWEEP_NOW = 'sweep:bsc';

/** Where alerts go: log lines `{ alert, ... }` (the process's logger). */
export interface AlertLog {
  warn: (fields: Record<string, unknown>, message: string) => void;
  error: (fields: Record<string, unknown>, message: string) => void;
}

export interface BscSweeperOptions {
  repos: Repositories;
  chain: SweepChain;
  owner: string;
  /** Blocks on top of a transaction's block before it counts (BSC_CONFIRMATIONS). */
  confirmations: number;
  bumpAfterBlocks: number;
  maxGasPrice: bigint;
  /** A sweep whose steps failed this many times is held for an operator. */
  maxAttempts?: number;
  /** New deposits are looked for at most this often (a sweep-now request plans at once). */
  planEveryMs?: number;
  planLimit?: number;
  leaseMs?: number;
  rebroadcastAfterMs?: number;
  log?: AlertLog;
  crashPoints?: Partial<Record<SweepCrashPoint, (sweep: SweepRow) => void>>;
}

/**
 * Where a failed or retried sweep resumes, read from its transactions: a live sweep transaction is followed, a live
 * top-up is waited for, and otherwise the sweep starts again from 'planned', which reads the address's BNB and tops
 * up only what is still missing (nothing, when an earlier top-up arrived).
 */
/**
 * The BNB Smart Chain sweeper (docs/architecture.md "Treasury"), one lease across instances. Each tick: failed
 * sweeps resume; every open sweep's live transactions are followed (sent, confirmed with their fee booked, or
 * replaced); each sweep takes its next step: planned → gas-funding (the hot wallet sends the deposit address exactly
 * the gas it lacks) → sweeping (the deposit key signs the transfer to the hot wallet, only after the top-up is
 * confirmed) → swept. New deposits are planned every `planEveryMs` or at once on a sweep-now request; then the hot
 * wallet's excess above hotMax is planned to the cold address, and a hot balance below hotMin raises an alert.
 */
export function bscSweeper(options: BscSweeperOptions) {
  const { repos, chain, owner } = options;
  const ctx: SweepTxContext = {
    repos,
    chain,
    confirmations: options.confirmations,
    bumpAfterBlocks: options.bumpAfterBlocks,
    maxGasPrice: options.maxGasPrice,
    maxAttempts: options.maxAttempts ?? 5,
    rebroadcastAfterMs: options.rebroadcastAfterMs ?? 30_000,
    crashPoints: options.crashPoints,
  };
  const planEveryMs = options.planEveryMs ?? 60_000;
  let lastPlannedAt = 0;

  async function tokens(): Promise<Map<string, `0x${string}`>> {
    const rows = await repos.tokenConfigs.all();
    return new Map(
      rows
        .filter((r) => r.chainCurrency === 'bnb' && r.contractAddress)
        .map((r) => [r.currency, r.contractAddress as `0x${string}`]),
    );
  }

  async function cappedGasPrice() {
    let price = await chain.gasPrice();
    if (price > ctx.maxGasPrice) price = ctx.maxGasPrice; // bigint: Math.min does not take it
    return price;
  }

  /** planned: a token sweep whose address lacks gas gets exactly the shortfall from the hot wallet first. */
  async function stepPlanned(s: SweepRow, token: `0x${string}` | null, head: bigint) {
    if (s.kind === 'to-cold') return signToCold(s, token, head);
    const address = s.fromAddress as `0x${string}`;
    if (token) {
      const gasPrice = await cappedGasPrice();
      const needed = SWEEP_GAS.token * gasPrice;
      const shortfall = needed - (await chain.balanceOf(address, null));
      if (shortfall > 0n) {
        const topup = await signAndRecord(ctx, s, {
          purpose: 'gas-topup',
          fromAddress: chain.hotWallet,
          to: address,
          token: null,
          amount: shortfall,
          gasPrice,
          head,
          move: { from: 'planned', to: 'gas-funding', patch: { gasTopup: shortfall.toString() } },
        });
        if (topup) await broadcastTx(ctx, { ...s, status: 'gas-funding' }, topup, 'afterTopupSent');
        return 'topped-up' as const;
      }
    }
    return signSweep(s, token, head);
  }

  /**
   * Signs the transfer from the deposit address to the hot wallet (after its top-up confirmed, if it needed one). A
   * token pays its gas at the top-up's price (else the current one), at most what the address's BNB affords;
   * BNB sends its balance less the gas, at most what was planned.
   */
  async function signSweep(s: SweepRow, token: `0x${string}` | null, head: bigint, toppedUpAt: bigint | null = null) {
    const address = s.fromAddress as `0x${string}`;
    const native = await chain.balanceOf(address, null);
    // After a top-up the transfer is priced as the top-up's shortfall was, so the address spends what it was given.
    let gasPrice = toppedUpAt ?? (await cappedGasPrice());
    let amount = BigInt(s.amount);
    if (token) {
      const affordable = native / SWEEP_GAS.token;
      if (affordable < gasPrice) gasPrice = affordable;
      if (gasPrice === 0n) throw new Error(`${address} has no BNB for the transfer's gas`);
      const held = await chain.balanceOf(address, token);
      if (held < amount) {
        // Read by operators in the console and the command line: in the currency's units, never base units.
        const decimals = await decimalsOf(repos, s.currency);
        const unit = s.currency.toUpperCase();
        throw new Error(
          `${address} holds ${fromBaseUnits(held, decimals)} ${unit}, less than the ${fromBaseUnits(amount, decimals)} ${unit} planned`,
        );
      }
    } else {
      const left = native - SWEEP_GAS.native * gasPrice;
      if (left < amount) amount = left;
      if (amount <= 0n) {
        await repos.sweeps.move(s.id, s.status as SweepStatus, 'skipped', { reason: 'nothing left after the gas' });
        return 'skipped' as const;
      }
    }
    const row = await signAndRecord(ctx, s, {
      purpose: 'sweep',
      fromAddress: address,
      to: s.toAddress as `0x${string}`,
      token,
      amount,
      gasPrice,
      head,
      move: { from: s.status as SweepStatus, to: 'sweeping', patch: { amount: amount.toString() } },
    });
    if (!row) return 'moved' as const;
    const sweeping = { ...s, status: 'sweeping', amount: amount.toString() };
    ctx.crashPoints?.afterSweepSigned?.(sweeping);
    await broadcastTx(ctx, sweeping, row, 'afterSweepSent');
    return 'signed' as const;
  }

  /** The hot wallet's excess to the cold address, signed with the hot wallet's nonce (shared with payouts). */
  async function signToCold(s: SweepRow, token: `0x${string}` | null, head: bigint) {
    const to = await checkDestination(s.toAddress, {
      hotWallet: chain.hotWallet,
      isDepositAddress: (a) => repos.depositAddresses.isPlatformAddress(a),
    });
    if (!to.ok) {
      await repos.sweeps.move(s.id, 'planned', 'held', { reason: `cold address refused: ${to.reason}` });
      return 'held' as const;
    }
    const row = await signAndRecord(ctx, s, {
      purpose: 'sweep',
      fromAddress: chain.hotWallet,
      to: to.address,
      token,
      amount: BigInt(s.amount),
      gasPrice: await cappedGasPrice(),
      head,
      move: { from: 'planned', to: 'sweeping' },
    });
    if (!row) return 'moved' as const;
    await broadcastTx(ctx, { ...s, status: 'sweeping' }, row);
    return 'signed' as const;
  }

  async function work() {
    const counts = { planned: 0, skipped: 0, toppedUp: 0, signed: 0, swept: 0, failed: 0, held: 0, toCold: 0 };
    const problems: string[] = [];
    const head = await chain.head();
    const tokenMap = await tokens();
    const tokenOf = (currency: string) => (currency === 'bnb' ? null : (tokenMap.get(currency) ?? null));

    // Failed sweeps are retried: each resumes where its transactions say.
    for (const s of await repos.sweeps.withStatus('bsc', ['failed'], 1000)) {
      await repos.sweeps.move(s.id, 'failed', resumeState(await repos.sweeps.transactionsOf(s.id)));
    }

    /** One sweep's step; its failure counts an attempt and the others go on (a simulated crash stops all). */
    const isolated = async (s: SweepRow, step: () => Promise<void>) => {
      try {
        await step();
      } catch (error) {
        if (error instanceof SweepCrash) throw error;
        const message = errorSummary(error);
        problems.push(`sweep ${s.id}: ${message}`);
        const now = await repos.sweeps.byId(s.id);
        if (!now || !['planned', 'gas-funding', 'sweeping'].includes(now.status)) return;
        const ended = await repos.sweeps.fail(s.id, now.status as SweepStatus, message, ctx.maxAttempts);
        if (ended === 'failed') counts.failed++;
        if (ended === 'held') {
          counts.held++;
          options.log?.error(
            { alert: 'sweep-held', chain: 'bsc', sweepId: s.id.toString(), currency: s.currency, error: message },
            'a sweep failed repeatedly and waits for an operator (retry or skip)',
          );
        }
      }
    };

    // Token sweeps first, BNB last; one sweep per deposit address at a time, so a BNB sweep never spends the gas a
    // token sweep of the same address was topped up with.
    const open = (await repos.sweeps.withStatus('bsc', ['planned', 'gas-funding', 'sweeping', 'held'], 1000)).sort(
      (a, b) => Number(a.currency === 'bnb') - Number(b.currency === 'bnb') || Number(a.id - b.id),
    );
    const busy = new Set(
      open.filter((s) => s.status === 'gas-funding' || s.status === 'sweeping').map((s) => s.fromAddress),
    );
    for (const s of open) {
      await isolated(s, async () => {
        const txs = await repos.sweeps.transactionsOf(s.id);
        const live = txs.filter(isLive);
        if (live.length > 0) {
          for (const t of live) {
            const result = await driveTx(ctx, s, t, txs, head, problems);
            if (result === 'confirmed' && t.purpose === 'sweep') counts.swept++;
            if (result === 'reverted') counts.failed++;
          }
          return;
        }
        if (s.status === 'held') return;
        const token = tokenOf(s.currency);
        if (s.currency !== 'bnb' && !token) throw new Error(`no ${s.currency} contract configured`);
        if (s.status === 'sweeping') throw new Error('sweeping without a live transaction');
        if (s.status === 'gas-funding') {
          const topup = txs.findLast((t) => t.purpose === 'gas-topup' && t.status === 'confirmed');
          const price = topup?.gasPrice ? BigInt(topup.gasPrice) : null;
          if ((await signSweep(s, token, head, price)) === 'signed') counts.signed++;
          return;
        }
        if (s.kind === 'deposit' && busy.has(s.fromAddress)) return; // its address's other sweep goes first
        busy.add(s.fromAddress);
        const stepped = await stepPlanned(s, token, head);
        if (stepped === 'topped-up') counts.toppedUp++;
        if (stepped === 'signed') counts.signed++;
      });
    }

    const requested = await repos.sweeps.takeWorkRequest(BSC_SWEEP_NOW);
    if (requested || Date.now() - lastPlannedAt >= planEveryMs) {
      const plan = { repos, chain, confirmations: ctx.confirmations, maxGasPrice: ctx.maxGasPrice, tokens: tokenMap };
      const planned = await planDepositSweeps({ ...plan, planLimit: options.planLimit ?? 5000 }, head);
      counts.planned += planned.planned;
      counts.skipped += planned.skipped;
      lastPlannedAt = Date.now();
      const hot = await planToCold({ ...plan, planLimit: 0 });
      counts.toCold += hot.planned;
      for (const low of hot.belowMin) {
        options.log?.warn(
          {
            alert: 'hot-wallet-below-min',
            chain: 'bsc',
            currency: low.currency,
            balance: low.balance.toString(),
            hotMin: String(low.hotMin),
          },
          'the hot wallet holds less than its minimum: payouts may wait for funds',
        );
      }
      if (hot.coldRefused) problems.push(`cold address refused, nothing sent to cold: ${hot.coldRefused}`);
    }
    return { outcome: 'worked' as const, ...counts, problems };
  }

  async function tick() {
    if (!(await repos.chain.takeLease(BSC_SWEEPER, owner, options.leaseMs ?? 30_000)))
      return { outcome: 'not-lease-holder' as const };
    try {
      const done = await work();
      const [firstProblem] = done.problems;
      if (firstProblem) await repos.chain.noteWorkerError(BSC_SWEEPER, firstProblem);
      else await repos.chain.noteWorkerOk(BSC_SWEEPER);
      return done;
    } catch (error) {
      await repos.chain.noteWorkerError(BSC_SWEEPER, errorSummary(error)).catch(() => {});
      throw error;
    }
  }

  return { tick, release: () => repos.chain.releaseLease(BSC_SWEEPER, owner) };
}
