import type { TPayoutRow } from '@aidf/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Amount } from '../../components/Amount.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { ErrorLine } from '../../components/ErrorLine.tsx';
import { chainName, formatTime } from '../../lib/format.ts';
import { ActionForm } from './ActionForm.tsx';
import { PAYOUTS_PAGE_SIZE, type PayoutAction, useHeldPayouts, usePayoutAction } from './api.ts';

const column = createColumnHelper<TPayoutRow>();

/** Held payouts (docs/operator-guide.md "Held payouts"): send back to the worker, or refund, with a reason. */
export function PayoutsScreen() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const payouts = useHeldPayouts(page);
  const action = usePayoutAction();
  const [chosen, setChosen] = useState<{ payout: TPayoutRow; action: PayoutAction } | null>(null);

  const pick = (payout: TPayoutRow, kind: PayoutAction) => {
    action.reset();
    setChosen({ payout, action: kind });
  };
  const columns = [
    column.accessor('id', { header: t('payouts.id'), meta: { num: true } }),
    column.accessor('username', {
      header: t('payouts.user'),
      cell: (c) => <Link href={`/users/${c.row.original.mid}`}>{c.getValue()}</Link>,
    }),
    column.accessor('amount', {
      header: t('payouts.amount'),
      cell: (c) => <Amount value={c.getValue()} currency={c.row.original.currency} />,
      meta: { num: true },
    }),
    column.accessor('toAddress', {
      header: t('payouts.to'),
      cell: (c) => (
        <span className="mono">
          {chainName(c.row.original.chain)}: {c.getValue()}
        </span>
      ),
    }),
    column.accessor('reason', { header: t('payouts.heldReason'), cell: (c) => <bdi>{c.getValue() ?? ''}</bdi> }),
    column.accessor('createdAt', { header: t('payouts.createdAt'), cell: (c) => formatTime(c.getValue()) }),
    column.display({
      id: 'actions',
      header: t('payouts.actions'),
      cell: ({ row: { original: p } }) => (
        <div className="row nowrap">
          <button
            type="button"
            className="secondary"
            onClick={() => pick(p, 'retry')}
            aria-label={t('payouts.retryOne', { id: p.id })}
          >
            {t('payouts.retry')}
          </button>
          <button
            type="button"
            className="secondary"
            onClick={() => pick(p, 'refund')}
            aria-label={t('payouts.refundOne', { id: p.id })}
          >
            {t('payouts.refund')}
          </button>
        </div>
      ),
    }),
  ];
  return (
    <>
      <h1>{t('payouts.title')}</h1>
      <p className="muted">{t('payouts.help')}</p>
      {chosen ? (
        <ActionForm
          payout={chosen.payout}
          action={chosen.action}
          pending={action.isPending}
          onCancel={() => setChosen(null)}
          onSubmit={(reason) =>
            action.mutate({ id: chosen.payout.id, action: chosen.action, reason }, { onSuccess: () => setChosen(null) })
          }
        />
      ) : null}
      {action.data ? (
        <p className="notice" role="status" data-testid="payout-result">
          {action.data.status === 'proposed'
            ? t('payouts.proposed', { id: action.data.proposalId })
            : action.data.status === 'refunded'
              ? t('payouts.refunded')
              : t('payouts.released', { status: action.data.status })}
        </p>
      ) : null}
      <ErrorLine error={action.error ?? payouts.error} />
      {payouts.data ? (
        <DataTable
          label={t('payouts.title')}
          testId="payouts-table"
          data={payouts.data.list}
          columns={columns}
          paging={{ page, size: PAYOUTS_PAGE_SIZE, total: payouts.data.total, onPage: setPage }}
        />
      ) : null}
    </>
  );
}
