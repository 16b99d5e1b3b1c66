import { Gauge, Histogram, Registry } from 'prom-client';
import type { ChainServices } from '../../chain/chain-services.ts';
import type { AppDb } from '../../db/client.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import { opsGaugesRepository } from '../../db/repositories/ops-gauges.ts';
import { reservesRepository } from '../../db/repositories/reserves.ts';
import { utcDayOf } from '../../utc-day.ts';
import { checkLedger } from '../ledger/check.ts';
import { LOGIN_ALERT } from '../operator/accounts.ts';
import { reserveGauges } from '../treasury/reserve-gauges.ts';
import { chainHeads, scannedBlockChanged } from './chain-heads.ts';
import { payoutsGoneFromChain } from './reorged-payouts.ts';

/** The ledger check reads every entry: run at most this often, however often Prometheus scrapes. */
export const LEDGER_CHECK_EVERY_MS = 5 * 60_000;
/** Withdrawal states that are still to be paid out (the queue of the payout worker, and what waits for a person). */
const QUEUED = ['requested', 'awaiting-funds', 'signed', 'sent', 'held'] as const;

export interface MetricsSources {
  repos: Repositories;
  db: AppDb;
  chains: ChainServices;
  /** The daily jobs whose lag is shown (jobs/registry.ts lists them; the domain does not look up into jobs/). */
  dailyJobNames: readonly string[];
  now?: () => Date;
  /** Users an empty Solana deposit address pool turned away since this process started. */
  solanaPoolTurnedAway?: () => number;
}

type GaugeMaker = (name: string, help: string, labelNames?: string[]) => Gauge;
type Gauges = ReturnType<typeof jobAndChainGauges> &
  ReturnType<typeof queueAndLedgerGauges> &
  ReturnType<typeof operatorAndTreasuryGauges>;

/**
 * The platform's Prometheus metrics, one registry per app so each test server has its own.
 * Request latency is observed as requests finish; the rest is read from the database and the chains at scrape.
 */
export function platformMetrics(sources: MetricsSources) {
  const registry = new Registry();
  const now = sources.now ?? (() => new Date());
  const gauge: GaugeMaker = (name, help, labelNames = []) =>
    new Gauge({ name, help, labelNames, registers: [registry] });

  const requestSeconds = new Histogram({
    name: 'aidf_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by route pattern',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const g: Gauges = {
    ...jobAndChainGauges(gauge),
    ...queueAndLedgerGauges(gauge),
    ...operatorAndTreasuryGauges(gauge),
  };

  let lastLedgerCheck = 0;
  async function refreshLedger() {
    if (lastLedgerCheck !== 0 && now().getTime() - lastLedgerCheck < LEDGER_CHECK_EVERY_MS) return;
    const { ok, ...violations } = await checkLedger(sources.repos);
    lastLedgerCheck = now().getTime();
    g.ledgerOk.set(ok ? 1 : 0);
    g.ledgerViolations.set(Object.values(violations).reduce((n, list) => n + list.length, 0));
    g.ledgerAt.set(Math.floor(lastLedgerCheck / 1000));
  }

  return {
    contentType: registry.contentType,
    observeRequest(labels: { method: string; route: string; status_code: number }, seconds: number) {
      requestSeconds.observe(labels, seconds);
    },
    /** The text Prometheus scrapes, every gauge read afresh (the ledger check at most every 5 minutes). */
    async scrape(): Promise<string> {
      await Promise.all([
        refreshLedger(),
        refreshJobs(sources, g, now()),
        refreshChains(sources, g),
        refreshQueues(sources, g, now()),
        refreshReserves(sources, g),
      ]);
      return registry.metrics();
    },
  };
}

/** How far the daily jobs and the chain watchers are behind. */
function jobAndChainGauges(gauge: GaugeMaker) {
  const jobLag = gauge('aidf_job_lag_days', 'Days up to today (UTC) a daily job has not finished; 0 is up to date', [
    'job',
  ]);
  const chainUp = gauge('aidf_chain_up', "1 when the chain's RPC answered this scrape, else 0", ['chain']);
  const chainHead = gauge('aidf_chain_head_block', "The chain's head block as its RPC answered", ['chain']);
  const watcherLag = gauge(
    'aidf_watcher_lag_blocks',
    "Blocks between the chain's head and a watcher's last scanned block (the confirmation depth included)",
    ['chain', 'watcher'],
  );
  const reorgBeyondDepth = gauge(
    'aidf_watcher_reorg_beyond_depth',
    'Alert above 0: the block a watcher scanned last has another hash on the chain now, a reorganisation deeper than the confirmations; the watcher stopped (log alert chain-watcher-stopped)',
    ['chain', 'watcher'],
  );
  const payoutsGone = gauge(
    'aidf_payouts_reorged_out',
    'Alert above 0: confirmed payouts whose transaction the chain no longer has (a reorganisation deeper than the confirmations removed it); held for an operator, never sent again by the worker',
    ['chain'],
  );
  return { jobLag, chainUp, chainHead, watcherLag, reorgBeyondDepth, payoutsGone };
}

/** What waits to be paid, and what the last ledger check found. */
function queueAndLedgerGauges(gauge: GaugeMaker) {
  const payoutQueue = gauge('aidf_payout_queue_depth', 'Withdrawals not yet paid out, by state', ['status']);
  const awaitingFunds = gauge(
    'aidf_withdrawals_awaiting_funds',
    'Withdrawals waiting for the hot wallet to be refilled (alert above 0: sweep or top up the hot wallet)',
  );
  const pendingOrders = gauge('aidf_pending_orders', 'Machine orders waiting for their payment, wholly or in part');
  const ledgerOk = gauge('aidf_ledger_check_ok', '1 when the last ledger check found every invariant holding');
  const ledgerViolations = gauge('aidf_ledger_check_violations', 'Rows the last ledger check found breaking a rule');
  const ledgerAt = gauge('aidf_ledger_check_timestamp_seconds', 'When the last ledger check ran (Unix seconds)');
  return { payoutQueue, awaitingFunds, pendingOrders, ledgerOk, ledgerViolations, ledgerAt };
}

/** Sign-in alerts, the Solana deposit pool, the sweeps and the latest reserves report. */
function operatorAndTreasuryGauges(gauge: GaugeMaker) {
  const loginAlerts = gauge(
    'aidf_operator_login_alerts',
    'Clients that filled their sign-in budget on an operator name in the last 24 hours (audit action login-alert)',
  );

  const solanaPoolFree = gauge(
    'aidf_solana_deposit_pool_free',
    'Solana deposit addresses the treasury made ahead and not yet handed out (0: new users are turned away)',
  );
  const solanaPoolTurnedAway = gauge(
    'aidf_solana_deposit_pool_turned_away',
    'Users this process answered 81036 (no Solana deposit address ready) since it started: alert above 0',
  );

  const sweeps = gauge(
    'aidf_sweeps',
    "The treasury's sweeps by chain and state (held above 0: the alert sweep-held, an operator retries or skips)",
    ['chain', 'status'],
  );
  const reservesRatio = gauge(
    'aidf_reserves_ratio',
    'Latest reserves report: what a chain holds ÷ what its clearing account says (chain "all": holdings ÷ liabilities); below 1 is a shortfall',
    ['chain', 'currency'],
  );
  const hotWalletBalance = gauge(
    'aidf_hot_wallet_balance',
    "Latest reserves report: the hot wallet's balance in whole units",
    ['chain', 'currency'],
  );
  return { loginAlerts, solanaPoolFree, solanaPoolTurnedAway, sweeps, reservesRatio, hotWalletBalance };
}

async function refreshJobs(sources: MetricsSources, g: Gauges, at: Date) {
  const today = utcDayOf(at);
  g.jobLag.reset();
  for (const job of sources.dailyJobNames) {
    g.jobLag.set({ job }, (await sources.repos.jobRuns.daysToRun(job, today, 400)).length);
  }
}

async function refreshChains(sources: MetricsSources, g: Gauges) {
  const { repos } = sources;
  g.chainUp.reset();
  g.chainHead.reset();
  g.watcherLag.reset();
  g.reorgBeyondDepth.reset();
  g.payoutsGone.reset();
  for (const head of await chainHeads(sources.chains)) {
    g.chainUp.set({ chain: head.chain }, 'head' in head ? 1 : 0);
    if (!('head' in head)) continue;
    g.chainHead.set({ chain: head.chain }, Number(head.head));
    const cursors = {
      deposit: await repos.scanCursors.deposit.cursor(head.chain),
      collection: await repos.scanCursors.collection.cursor(head.chain),
    };
    for (const [watcher, cursor] of Object.entries(cursors)) {
      // A watcher that has not scanned yet has no cursor: nothing to say about its lag.
      if (cursor) g.watcherLag.set({ chain: head.chain, watcher }, Number(head.head - (cursor.nextBlock - 1n)));
    }
    if (head.chain === 'bsc') {
      const gone = await payoutsGoneFromChain(sources.chains, opsGaugesRepository(sources.db), head.head);
      g.payoutsGone.set({ chain: 'bsc' }, gone.length);
    }
    const invest = head.chain === 'bsc' ? await repos.scanCursors.invest.cursor(head.chain) : null;
    for (const [watcher, cursor] of Object.entries({ ...cursors, invest })) {
      const changed = cursor !== null && (await scannedBlockChanged(sources.chains, head.chain, cursor));
      g.reorgBeyondDepth.set({ chain: head.chain, watcher }, changed ? 1 : 0);
    }
  }
}

async function refreshQueues(sources: MetricsSources, g: Gauges, at: Date) {
  const byStatus = new Map((await sources.repos.withdrawals.countByStatus()).map((r) => [r.status, Number(r.n)]));
  for (const status of QUEUED) g.payoutQueue.set({ status }, byStatus.get(status) ?? 0);
  g.awaitingFunds.set(byStatus.get('awaiting-funds') ?? 0);
  g.pendingOrders.set(await opsGaugesRepository(sources.db).pendingOrders());
  const dayAgo = new Date(at.getTime() - 24 * 60 * 60_000);
  g.loginAlerts.set(await sources.repos.operatorActions.alertsSince(LOGIN_ALERT, dayAgo));
  g.solanaPoolFree.set(await sources.repos.solanaDepositPool.freeCount());
  g.solanaPoolTurnedAway.set(sources.solanaPoolTurnedAway?.() ?? 0);
  g.sweeps.reset();
  for (const row of await sources.repos.sweepPlanning.countByStatus()) {
    g.sweeps.set({ chain: row.chain, status: row.status }, row.n);
  }
}

async function refreshReserves(sources: MetricsSources, g: Gauges) {
  const report = await reservesRepository(sources.db).latest();
  g.reservesRatio.reset();
  g.hotWalletBalance.reset();
  if (!report) return;
  const { ratios, hot } = reserveGauges(report);
  for (const r of ratios) g.reservesRatio.set({ chain: r.chain, currency: r.currency }, r.value);
  for (const h of hot) g.hotWalletBalance.set({ chain: h.chain, currency: h.currency }, h.value);
}
