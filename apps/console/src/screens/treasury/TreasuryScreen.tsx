import {
  formatAmount,
  SWEEP_STATUSES,
  type TAwaitingWithdrawal,
  type TSweepRow,
  type TTreasuryStatus,
} from '@aidf/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useMe } from '../../api/auth.ts';
import { Amount } from '../../components/Amount.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { ErrorLine } from '../../components/ErrorLine.tsx';
import { chainName, currencyLabel, formatTime } from '../../lib/format.ts';
import {
  SWEEPS_PAGE_SIZE,
  type SweepAction,
  type SweepFilter,
  useAwaitingWithdrawals,
  useSweepAction,
  useSweepNow,
  useSweeps,
  useTreasuryStatus,
} from './api.ts';
import { SweepActionForm } from './SweepActionForm.tsx';
import { TreasurySettings } from './TreasurySettings.tsx';
import './treasury.css';

type Holding = TTreasuryStatus['holdings'][number];
type Coverage = TTreasuryStatus['coverage'][number];
const holding = createColumnHelper<Holding>();
const coverage = createColumnHelper<Coverage>();
const sweep = createColumnHelper<TSweepRow>();
const awaiting = createColumnHelper<TAwaitingWithdrawal>();

/** A network fee is a few millionths of a coin: more places than a balance, so it never reads "0". */
const FEE_DECIMALS = 8;
/** Only these states wait for an operator's retry or skip (the server refuses the others). */
const ACTIONABLE = ['held', 'failed'];
const amountColumn = (value: string | null) =>
  value === null ? <span className="muted">—</span> : <Amount value={value} />;

/**
 * The treasury (docs/operator-guide.md "Treasury"): what each chain holds against what its clearing account says
 * and what users are owed, the sweeps with a retry or skip for those waiting for an operator, withdrawals awaiting
 * funds, and the treasury's settings. Reading is finance's; acting the admin's (`treasury` permission).
 */
export function TreasuryScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const canAct = me.data?.permissions.includes('treasury') ?? false;
  const status = useTreasuryStatus();
  const [filter, setFilter] = useState<SweepFilter>('held');
  const [page, setPage] = useState(1);
  const sweeps = useSweeps(filter, page);
  const withdrawals = useAwaitingWithdrawals();
  const action = useSweepAction();
  const sweepNow = useSweepNow();
  const [chosen, setChosen] = useState<{ sweep: TSweepRow; action: SweepAction } | null>(null);

  const pick = (s: TSweepRow, kind: SweepAction) => {
    action.reset();
    setChosen({ sweep: s, action: kind });
  };
  const s = status.data;

  const holdingColumns = [
    holding.accessor('chain', { header: t('treasury.chain'), cell: (c) => chainName(c.getValue()) }),
    holding.accessor('currency', { header: t('treasury.currency'), cell: (c) => currencyLabel(c.getValue()) }),
    holding.accessor('hot', {
      header: t('treasury.hot'),
      cell: (c) => amountColumn(c.getValue()),
      meta: { num: true },
    }),
    holding.accessor('cold', {
      header: t('treasury.cold'),
      cell: (c) => amountColumn(c.getValue()),
      meta: { num: true },
    }),
    holding.accessor('unswept', {
      header: t('treasury.unswept'),
      cell: (c) => amountColumn(c.getValue()),
      meta: { num: true },
    }),
    holding.accessor('collection', {
      header: t('treasury.collection'),
      cell: (c) => amountColumn(c.getValue()),
      meta: { num: true },
    }),
    holding.accessor('invest', {
      header: t('treasury.invest'),
      cell: (c) => amountColumn(c.getValue()),
      meta: { num: true },
    }),
    holding.accessor('total', {
      header: t('treasury.total'),
      cell: (c) => amountColumn(c.getValue()),
      meta: { num: true },
    }),
    holding.accessor('shouldHold', {
      header: t('treasury.shouldHold'),
      cell: (c) => amountColumn(c.getValue()),
      meta: { num: true },
    }),
    holding.accessor('difference', {
      header: t('treasury.difference'),
      cell: (c) => amountColumn(c.getValue()),
      meta: { num: true },
    }),
    holding.accessor('ratio', {
      header: t('treasury.ratio'),
      cell: (c) => amountColumn(c.getValue()),
      meta: { num: true },
    }),
  ];
  const coverageColumns = [
    coverage.accessor('currency', { header: t('treasury.currency'), cell: (c) => currencyLabel(c.getValue()) }),
    coverage.accessor('holdings', {
      header: t('treasury.allChains'),
      cell: (c) => amountColumn(c.getValue()),
      meta: { num: true },
    }),
    coverage.accessor('liabilities', {
      header: t('treasury.liabilities'),
      cell: (c) => amountColumn(c.getValue()),
      meta: { num: true },
    }),
    coverage.accessor('ratio', {
      header: t('treasury.ratio'),
      cell: (c) => amountColumn(c.getValue()),
      meta: { num: true },
    }),
  ];
  const sweepColumns = [
    sweep.accessor('id', { header: t('treasury.id'), meta: { num: true } }),
    sweep.accessor('amount', {
      header: t('treasury.amount'),
      cell: (c) => (
        <>
          <Amount value={c.getValue()} currency={c.row.original.currency} />
          <div className="muted">{chainName(c.row.original.chain)}</div>
        </>
      ),
      meta: { num: true },
    }),
    sweep.accessor('status', {
      header: t('treasury.state'),
      cell: (c) => <span data-testid="sweep-state">{t(`treasury.states.${c.getValue()}`)}</span>,
    }),
    sweep.accessor('fromAddress', {
      header: t('treasury.route'),
      cell: (c) => (
        <span className="mono address">
          {c.getValue()} → {c.row.original.toAddress}
          {c.row.original.username ? <span className="muted"> ({c.row.original.username})</span> : null}
        </span>
      ),
    }),
    sweep.accessor('attempts', { header: t('treasury.attempts'), meta: { num: true } }),
    // An error or an operator's reason, in its own direction (English in the Arabic console too).
    sweep.accessor((r) => r.lastError ?? r.reason ?? '', {
      id: 'why',
      header: t('treasury.why'),
      cell: (c) => <bdi>{c.getValue()}</bdi>,
    }),
    sweep.accessor('transactions', {
      header: t('treasury.transactions'),
      cell: (c) =>
        c.getValue().map((tx) => (
          // The words in the page's direction, the hash left to right (in Arabic too).
          <div key={tx.id} className="address">
            {t(`treasury.purposes.${tx.purpose}`, { defaultValue: tx.purpose })} ·{' '}
            {t(`treasury.txStates.${tx.status}`, { defaultValue: tx.status })}
            {tx.fee
              ? ` · ${t('treasury.fee', { fee: formatAmount(tx.fee, FEE_DECIMALS), currency: currencyLabel(tx.feeCurrency) })}`
              : ''}
            <div className="mono">{tx.txHash}</div>
          </div>
        )),
    }),
    ...(canAct
      ? [
          sweep.display({
            id: 'actions',
            header: t('treasury.actions'),
            cell: ({ row: { original: r } }) =>
              ACTIONABLE.includes(r.status) ? (
                <div className="row nowrap">
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => pick(r, 'retry')}
                    aria-label={t('treasury.retryOne', { id: r.id })}
                  >
                    {t('treasury.retry')}
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => pick(r, 'skip')}
                    aria-label={t('treasury.skipOne', { id: r.id })}
                  >
                    {t('treasury.skip')}
                  </button>
                </div>
              ) : null,
          }),
        ]
      : []),
  ];
  const awaitingColumns = [
    awaiting.accessor('id', { header: t('treasury.id'), meta: { num: true } }),
    awaiting.accessor('username', {
      header: t('treasury.user'),
      cell: (c) => <Link href={`/users/${c.row.original.mid}`}>{c.getValue()}</Link>,
    }),
    awaiting.accessor('amount', {
      header: t('treasury.amount'),
      cell: (c) => <Amount value={c.getValue()} currency={c.row.original.currency} />,
      meta: { num: true },
    }),
    awaiting.accessor('reason', { header: t('treasury.why'), cell: (c) => <bdi>{c.getValue() ?? ''}</bdi> }),
    awaiting.accessor((w) => w.awaitingSince ?? w.createdAt, {
      id: 'since',
      header: t('treasury.since'),
      cell: (c) => formatTime(c.getValue()),
    }),
  ];

  return (
    <div className="treasury">
      <h1>{t('treasury.title')}</h1>
      <p className="muted">{t('treasury.help')}</p>
      <ErrorLine error={status.error} />
      {s ? (
        <>
          <p data-testid="treasury-report" className={s.chainsRead ? undefined : 'warn'}>
            {s.report
              ? t('treasury.lastReport', {
                  id: s.report.id,
                  status: t(`treasury.reportStates.${s.report.status}`, { defaultValue: s.report.status }),
                  time: formatTime(s.report.createdAt),
                })
              : t('treasury.noReport')}
            {s.report && !s.chainsRead ? ` ${t('treasury.notRead')}` : ''}
          </p>
          <div className="cards">
            {s.chains.map((c) => (
              <section key={c.chain} className="card" aria-labelledby={`chain-${c.chain}`}>
                <h2 id={`chain-${c.chain}`}>{chainName(c.chain)}</h2>
                <p className="address">
                  {t('treasury.hotWallet')}: {c.hotWallet ? <span className="mono">{c.hotWallet}</span> : '—'}
                </p>
                <p className="address">
                  {t('treasury.coldAddress')}:{' '}
                  {c.coldAddress ? <span className="mono">{c.coldAddress}</span> : t('treasury.noCold')}
                </p>
                <p className={c.error || c.unread.length ? 'bad' : 'muted'}>
                  {c.error
                    ? t('treasury.chainError', { error: c.error })
                    : c.readAt
                      ? t('treasury.readAt', { at: c.readAt })
                      : t('treasury.chainNotRead')}
                  {c.unread.length ? ` ${t('treasury.unread', { count: c.unread.length })}` : ''}
                </p>
              </section>
            ))}
          </div>
          <h2>{t('treasury.holdings')}</h2>
          <DataTable
            label={t('treasury.holdings')}
            testId="treasury-holdings"
            data={s.holdings}
            columns={holdingColumns}
            rowClass={(r) => (r.alert ? 'alert' : undefined)}
          />
          <h2>{t('treasury.coverage')}</h2>
          <DataTable
            label={t('treasury.coverage')}
            testId="treasury-coverage"
            data={s.coverage}
            columns={coverageColumns}
            rowClass={(r) => (r.alert ? 'alert' : undefined)}
          />
          <p className="muted">
            {t('treasury.sweepCounts')}:{' '}
            {s.sweeps.map((x) => `${chainName(x.chain)} ${t(`treasury.states.${x.status}`)} ${x.count}`).join(' · ') ||
              t('common.none')}
          </p>
        </>
      ) : status.isPending ? (
        <p className="loading">{t('common.loading')}</p>
      ) : null}

      <section aria-labelledby="sweeps-title">
        <div className="row section-head">
          <h2 id="sweeps-title">{t('treasury.sweeps')}</h2>
          <label>
            {t('treasury.stateFilter')}
            <select
              value={filter}
              onChange={(e) => {
                setFilter(e.target.value as SweepFilter);
                setPage(1);
              }}
            >
              <option value="all">{t('treasury.states.all')}</option>
              {SWEEP_STATUSES.map((st) => (
                <option key={st} value={st}>
                  {t(`treasury.states.${st}`)}
                </option>
              ))}
            </select>
          </label>
          {canAct ? (
            <button type="button" className="secondary" onClick={() => sweepNow.mutate()} disabled={sweepNow.isPending}>
              {t('treasury.sweepNow')}
            </button>
          ) : null}
        </div>
        {sweepNow.data ? (
          <p className="notice" role="status">
            {t('treasury.sweepNowDone')}
          </p>
        ) : null}
        <ErrorLine error={sweepNow.error} />
        {chosen ? (
          <SweepActionForm
            sweep={chosen.sweep}
            action={chosen.action}
            pending={action.isPending}
            onCancel={() => setChosen(null)}
            onSubmit={(reason) =>
              action.mutate(
                { id: chosen.sweep.id, action: chosen.action, reason },
                { onSuccess: () => setChosen(null) },
              )
            }
          />
        ) : null}
        {action.data ? (
          <p className="notice" role="status" data-testid="sweep-result">
            {t('treasury.done', { id: action.data.id, state: t(`treasury.states.${action.data.status}`) })}
          </p>
        ) : null}
        <ErrorLine error={action.error ?? sweeps.error} />
        {sweeps.data ? (
          <DataTable
            label={t('treasury.sweeps')}
            testId="sweeps-table"
            data={sweeps.data.list}
            columns={sweepColumns}
            paging={{ page, size: SWEEPS_PAGE_SIZE, total: sweeps.data.total, onPage: setPage }}
          />
        ) : null}
      </section>

      <section aria-labelledby="awaiting-title">
        <h2 id="awaiting-title">{t('treasury.awaiting')}</h2>
        <p className="muted">{t('treasury.awaitingHelp')}</p>
        <ErrorLine error={withdrawals.error} />
        {withdrawals.data ? (
          <DataTable
            label={t('treasury.awaiting')}
            testId="awaiting-table"
            data={withdrawals.data}
            columns={awaitingColumns}
          />
        ) : null}
      </section>

      {s ? (
        <TreasurySettings settings={s.settings} canChange={me.data?.permissions.includes('config') ?? false} />
      ) : null}
    </div>
  );
}
