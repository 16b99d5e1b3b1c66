import type { TProposal, TProposalFilter } from '@aidf/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/auth.ts';
import { Amount } from '../../components/Amount.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { ErrorLine } from '../../components/ErrorLine.tsx';
import { formatTime } from '../../lib/format.ts';
import { NewOperatorCard } from '../operators/NewOperatorCard.tsx';
import { ApproveAction } from './ApproveAction.tsx';
import { useApprove, useProposals, useWithdraw } from './api.ts';

/** What a proposal changes, in one line: the user and amount of money, the operator, the setting. */
function Subject({ p }: { p: TProposal }) {
  const { t } = useTranslation();
  if (p.kind === 'operator-create' || p.kind === 'operator-role') {
    return <>{t('credits.subject.operator', { name: p.username ?? '', role: t(`common.roles.${p.role ?? ''}`) })}</>;
  }
  if (p.kind === 'operator-disable') {
    return <>{t('credits.subject.disable', { name: p.username ?? '', role: t(`common.roles.${p.role ?? ''}`) })}</>;
  }
  if (p.kind === 'setting') return <span className="mono">{`${p.key} = ${p.value}`}</span>;
  if (p.kind === 'withdraw-limit') {
    return (
      <>
        {t('credits.subject.withdrawLimit', {
          name: p.username ?? p.userId ?? '',
          amount: p.amount ?? '',
          currency: (p.currency ?? '').toUpperCase(),
          period: t(`credits.subject.periods.${p.period === 'days30' ? 'days30' : 'day'}`),
        })}
      </>
    );
  }
  return (
    <>
      {p.username ?? p.userId ?? ''} <Amount value={p.amount ?? ''} currency={p.currency ?? ''} />
    </>
  );
}

const column = createColumnHelper<TProposal>();

/**
 * Proposals waiting for (or given) a second operator's approval, of every kind. Approve is offered only where the
 * server's list says the reader's approval would pass; elsewhere the reason it would be refused. The proposer or an
 * admin may withdraw an open one.
 */
export function ProposalsTable() {
  const { t } = useTranslation();
  const me = useMe();
  const [filter, setFilter] = useState<TProposalFilter>('proposed');
  const proposals = useProposals(filter);
  const approve = useApprove();
  const withdraw = useWithdraw();
  const withdrawOne = (proposalId: string) => {
    const reason = window.prompt(t('credits.withdrawReason', { id: proposalId }))?.trim();
    if (reason) withdraw.mutate({ proposalId, reason });
  };

  const columns = [
    column.accessor('proposalId', { header: t('credits.proposalId'), meta: { num: true } }),
    column.accessor('kind', { header: t('credits.kind'), cell: (c) => t(`credits.kinds.${c.getValue()}`) }),
    column.display({ id: 'subject', header: t('credits.subjectTitle'), cell: (c) => <Subject p={c.row.original} /> }),
    // Typed by an operator in any language: in its own direction.
    column.accessor('reason', { header: t('credits.reason'), cell: (c) => <bdi>{c.getValue()}</bdi> }),
    column.accessor('proposedBy', { header: t('credits.proposedBy') }),
    column.accessor('createdAt', { header: t('credits.createdAt'), cell: (c) => formatTime(c.getValue()) }),
    column.display({
      id: 'action',
      header: t('credits.action'),
      cell: ({ row: { original: p } }) => {
        if (p.status === 'applied') return t('credits.approvedBy', { name: p.approvedBy ?? '' });
        if (p.status === 'withdrawn') return t('credits.withdrawnBy', { name: p.withdrawnBy ?? '' });
        if (p.status === 'expired') return <span className="muted">{t('credits.expired')}</span>;
        const mine = p.proposedBy === me.data?.username;
        return (
          <span className="row">
            <ApproveAction proposal={p} mine={mine} pending={approve.isPending} onApprove={approve.mutate} />
            {mine || me.data?.role === 'admin' ? (
              <button
                type="button"
                className="secondary"
                disabled={withdraw.isPending}
                onClick={() => withdrawOne(p.proposalId)}
                aria-label={t('credits.withdrawOne', { id: p.proposalId })}
              >
                {t('credits.withdraw')}
              </button>
            ) : null}
          </span>
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
          <select value={filter} onChange={(e) => setFilter(e.target.value as TProposalFilter)}>
            <option value="proposed">{t('credits.filter.proposed')}</option>
            <option value="applied">{t('credits.filter.applied')}</option>
            <option value="withdrawn">{t('credits.filter.withdrawn')}</option>
            <option value="expired">{t('credits.filter.expired')}</option>
            <option value="all">{t('credits.filter.all')}</option>
          </select>
        </label>
      </div>
      {approve.data?.password && approve.data.otpauthUri && approve.data.username && approve.data.role ? (
        <NewOperatorCard
          operator={{
            username: approve.data.username,
            role: approve.data.role,
            password: approve.data.password,
            otpauthUri: approve.data.otpauthUri,
          }}
          onDone={() => approve.reset()}
        />
      ) : null}
      {approve.data ? (
        <p className="notice" role="status" data-testid="approve-result">
          {t('credits.approvedDone', { id: approve.data.proposalId })}
        </p>
      ) : null}
      <ErrorLine error={approve.error ?? withdraw.error ?? proposals.error} />
      {proposals.data ? (
        <DataTable label={t('credits.proposals')} testId="proposals-table" data={proposals.data} columns={columns} />
      ) : null}
    </section>
  );
}
