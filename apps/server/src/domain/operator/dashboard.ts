import { CURRENCIES, Money, moneyString } from '@aidf/contract';
import type { ChainServices } from '../../chain/chain-services.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import { QUEUED_PAYOUT_STATES } from '../../db/repositories/operator-dashboard.ts';
import { checkLedger } from '../ledger/check.ts';
import { chainHeads } from '../ops/chain-heads.ts';
import { LEDGER_CHECK_EVERY_MS } from '../ops/metrics.ts';
import type { ReserveAlerts } from '../treasury/chain-holdings.ts';

const plain = (decimal: string) => moneyString(new Money(decimal));

export interface DashboardSources {
  repos: Repositories;
  chains: ChainServices;
  jobNames: () => string[];
  now?: () => Date;
}

/**
 * GET /ops/v1/dashboard: users' balances per currency, the ledger check, each chain's watcher lag, the payout
 * queue, pending orders, each job's last day and the latest reserves report's alerts. The ledger check reads every entry, so it runs
 * at most every LEDGER_CHECK_EVERY_MS per instance and the dashboard shows when it ran.
 */
export function operatorDashboard(sources: DashboardSources) {
  const { repos } = sources;
  const now = sources.now ?? (() => new Date());
  let ledger: { ok: boolean; checkedAt: number; problems: number } | null = null;

  async function ledgerSummary() {
    if (ledger && now().getTime() - ledger.checkedAt < LEDGER_CHECK_EVERY_MS) return ledger;
    const { ok, ...violations } = await checkLedger(repos);
    const problems = Object.values(violations).reduce((n, rows) => n + rows.length, 0);
    ledger = { ok, checkedAt: now().getTime(), problems };
    return ledger;
  }

  /** Blocks between each chain's head and the furthest-behind of its watchers; null when unknown. */
  async function watchers() {
    return Promise.all(
      (await chainHeads(sources.chains)).map(async (head) => {
        if (!('head' in head)) return { chain: head.chain, lagBlocks: null };
        const cursors = [
          await repos.scanCursors.deposit.cursor(head.chain),
          await repos.scanCursors.collection.cursor(head.chain),
        ];
        const lags = cursors.flatMap((c) => (c ? [Number(head.head - (c.nextBlock - 1n))] : []));
        return { chain: head.chain, lagBlocks: lags.length ? Math.max(...lags) : null };
      }),
    );
  }

  async function balances() {
    const rows = new Map((await repos.operatorDashboard.userBalances()).map((r) => [r.currency, r]));
    return CURRENCIES.map((currency) => {
      const row = rows.get(currency);
      return {
        currency,
        available: plain(row?.available ?? '0'),
        frozen: plain(row?.frozen ?? '0'),
        holders: row?.holders ?? 0,
      };
    });
  }

  /** The latest reserves report's alerts (domain/treasury/chain-holdings.ts): the dashboard's red line. */
  async function reserves() {
    const row = await repos.operatorDashboard.latestReserves();
    if (!row) return null;
    const alerts = (row.alerts ?? null) as Partial<ReserveAlerts> | null;
    return {
      reportId: row.id,
      createdAt: row.created_at,
      status: row.status,
      shortfall: alerts?.shortfall ?? [],
      clearingMismatch: alerts?.clearingMismatch ?? [],
      unread: alerts?.unread ?? 0,
      unreadChains: alerts?.unreadChains ?? [],
      publication: { status: row.publication_status, blockNumber: row.publication_block },
    };
  }

  async function jobs() {
    const done = new Map((await repos.operatorDashboard.jobsLastDone()).map((r) => [r.job, r]));
    return sources.jobNames().map((job) => ({
      job,
      lastDay: done.get(job)?.day ?? null,
      ranAt: done.get(job)?.ran_at ?? null,
    }));
  }

  return {
    async read() {
      const [ledgerNow, watcherLags, money, byStatus, pendingOrders, jobList, reservesNow] = await Promise.all([
        ledgerSummary(),
        watchers(),
        balances(),
        repos.withdrawals.countByStatus(),
        repos.opsGauges.pendingOrders(),
        jobs(),
        reserves(),
      ]);
      const count = (statuses: readonly string[]) =>
        byStatus.filter((r) => statuses.includes(r.status)).reduce((n, r) => n + Number(r.n), 0);
      return {
        balances: money,
        ledger: ledgerNow,
        watchers: watcherLags,
        payouts: { queued: count(QUEUED_PAYOUT_STATES), held: count(['held']) },
        pendingOrders,
        jobs: jobList,
        reserves: reservesNow,
      };
    },
  };
}
