import type { TDashboard } from '@aidf/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../components/Amount.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { ErrorLine } from '../../components/ErrorLine.tsx';
import { chainName, currencyLabel, formatTime } from '../../lib/format.ts';
import { useDashboard } from './api.ts';
import { ReservesCard } from './ReservesCard.tsx';

const balance = createColumnHelper<TDashboard['balances'][number]>();
const job = createColumnHelper<TDashboard['jobs'][number]>();
const watcher = createColumnHelper<TDashboard['watchers'][number]>();

/** Money's state at a glance: what users hold, whether the ledger adds up, and what is waiting or behind. */
export function DashboardScreen() {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  if (dashboard.isPending) return <p className="loading">{t('common.loading')}</p>;
  if (dashboard.isError) return <ErrorLine error={dashboard.error} />;
  const d = dashboard.data;
  return (
    <>
      <h1>{t('dashboard.title')}</h1>
      <div className="cards">
        <section className="card" aria-labelledby="ledger-title">
          <h2 id="ledger-title">{t('dashboard.ledger')}</h2>
          <p className={`stat ${d.ledger.ok ? 'good' : 'bad'}`} data-testid="ledger-state">
            {d.ledger.ok ? t('dashboard.ledgerOk') : t('dashboard.ledgerProblems', { count: d.ledger.problems })}
          </p>
          <p className="muted">{t('dashboard.checkedAt', { time: formatTime(d.ledger.checkedAt) || '—' })}</p>
        </section>
        <section className="card" aria-labelledby="payouts-title">
          <h2 id="payouts-title">{t('dashboard.payoutQueue')}</h2>
          <p className="stat" data-testid="payouts-queued">
            {t('dashboard.queued', { count: d.payouts.queued })}
          </p>
          <p className={d.payouts.held > 0 ? 'warn' : 'muted'} data-testid="payouts-held">
            {t('dashboard.held', { count: d.payouts.held })}
          </p>
        </section>
        <section className="card" aria-labelledby="orders-title">
          <h2 id="orders-title">{t('dashboard.pendingOrders')}</h2>
          <p className="stat" data-testid="pending-orders">
            {d.pendingOrders}
          </p>
          <p className="muted">{t('dashboard.pendingOrdersHelp')}</p>
        </section>
        <ReservesCard reserves={d.reserves} />
      </div>
      <h2>{t('dashboard.balances')}</h2>
      <DataTable
        label={t('dashboard.balances')}
        data={d.balances}
        columns={[
          balance.accessor('currency', { header: t('dashboard.currency'), cell: (c) => currencyLabel(c.getValue()) }),
          balance.accessor('available', {
            header: t('dashboard.available'),
            cell: (c) => <Amount value={c.getValue()} />,
            meta: { num: true },
          }),
          balance.accessor('frozen', {
            header: t('dashboard.frozen'),
            cell: (c) => <Amount value={c.getValue()} />,
            meta: { num: true },
          }),
          balance.accessor('holders', { header: t('dashboard.holders'), meta: { num: true } }),
        ]}
      />
      <div className="two-columns">
        <section>
          <h2>{t('dashboard.watchers')}</h2>
          <DataTable
            label={t('dashboard.watchers')}
            data={d.watchers}
            columns={[
              watcher.accessor('chain', { header: t('dashboard.chain'), cell: (c) => chainName(c.getValue()) }),
              watcher.accessor('lagBlocks', {
                header: t('dashboard.lag'),
                cell: (c) => (c.getValue() === null ? t('dashboard.unknown') : c.getValue()),
                meta: { num: true },
              }),
            ]}
          />
        </section>
        <section>
          <h2>{t('dashboard.jobs')}</h2>
          <DataTable
            label={t('dashboard.jobs')}
            data={d.jobs}
            columns={[
              job.accessor('job', {
                header: t('dashboard.job'),
                cell: (c) => t(`dashboard.jobNames.${c.getValue()}`, { defaultValue: c.getValue() }),
              }),
              job.accessor('lastDay', {
                header: t('dashboard.lastDay'),
                cell: (c) => c.getValue() ?? t('dashboard.never'),
              }),
              job.accessor('ranAt', { header: t('dashboard.ranAt'), cell: (c) => formatTime(c.getValue()) }),
            ]}
          />
        </section>
      </div>
    </>
  );
}
