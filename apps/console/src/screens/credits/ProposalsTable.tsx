import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/auth.ts';
import { Amount } from '../../components/Amount.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { ErrorLine } from '../../components/ErrorLine.tsx';
import { currencyLabel, formatTime } from '../../lib/format.ts';
import { type Proposal, type ProposalFilter, useApprove, useProposals } from './api.ts';

const column = createColumnHelper<Proposal>();

/**
 * Proposals waiting for (or given) a second operator's approval. No Approve button on one's own proposals:
 * the server refuses those anyway (403), the button would only invite the mistake.
 */
export function ProposalsTable() {
  const { t } = useTranslation();
  const me = useMe();
  const [filter, setFilter] = useState<ProposalFilter>('proposed');
  const proposals = useProposals(filter);
  const approve = useApprove();

  const columns = [
    column.accessor('proposalId', { header: t('credits.proposalId'), meta: { num: true } }),
    column.accessor('kind', { header: t('credits.kind'), cell: (c) => t(`credits.kinds.${c.getValue()}`) }),
    column.accessor((p) => p.username ?? p.userId ?? '', { id: 'user', header: t('credits.user') }),
    column.accessor((p) => p.amount ?? '', {
      id: 'amount',
      header: t('credits.amount'),
      cell: (c) => (
        <>
          <Amount value={c.getValue()} /> {currencyLabel(c.row.original.currency ?? '')}
        </>
      ),
      meta: { num: true },
    }),
    column.accessor('reason', { header: t('credits.reason') }),
    column.accessor('proposedBy', { header: t('credits.proposedBy') }),
    column.accessor('createdAt', { header: t('credits.createdAt'), cell: (c) => formatTime(c.getValue()) }),
    column.display({
      id: 'action',
      header: t('credits.action'),
      cell: ({ row: { original: p } }) => {
        if (p.status !== 'proposed') return t('credits.approvedBy', { name: p.approvedBy ?? '' });
        if (p.proposedBy === me.data?.username) return <span className="muted">{t('credits.yours')}</span>;
        return (
          <button
            type="button"
            disabled={approve.isPending}
            onClick={() => approve.mutate(p.proposalId)}
            aria-label={t('credits.approveOne', { id: p.proposalId })}
          >
            {t('credits.approve')}
          </button>
        );
      },
    }),
  ];
  return (
    <section aria-labelledby="proposals-title">
      <div className="row section-head">
        <h2 id="proposals-title">{t('credits.proposals')}</h2>
        <label className="inline">
          {t('credits.show')}
          <select value={filter} onChange={(e) => setFilter(e.target.value as ProposalFilter)}>
            <option value="proposed">{t('credits.filter.proposed')}</option>
            <option value="applied">{t('credits.filter.applied')}</option>
            <option value="all">{t('credits.filter.all')}</option>
          </select>
        </label>
      </div>
      {approve.data ? (
        <p className="notice" role="status" data-testid="approve-result">
          {t('credits.approvedDone', { id: approve.data.proposalId })}
        </p>
      ) : null}
      <ErrorLine error={approve.error ?? proposals.error} />
      {proposals.data ? (
        <DataTable label={t('credits.proposals')} testId="proposals-table" data={proposals.data} columns={columns} />
      ) : null}
    </section>
  );
}
