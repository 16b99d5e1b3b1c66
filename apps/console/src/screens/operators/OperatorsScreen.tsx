import type { TOperatorRole, TOperatorRow } from '@aidf/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable.tsx';
import { ErrorLine } from '../../components/ErrorLine.tsx';
import { ServerRefusal } from '../../components/ServerRefusal.tsx';
import { formatTime } from '../../lib/format.ts';
import { ROLES, useAddOperator, useDisableOperator, useOperators } from './api.ts';
import { NewOperatorCard } from './NewOperatorCard.tsx';
import './operators.css';

const column = createColumnHelper<TOperatorRow>();

/** The people who run the platform (admin only): who they are, their role, who made them, disabling one. */
export function OperatorsScreen() {
  const { t } = useTranslation();
  const operators = useOperators();
  const add = useAddOperator();
  const disable = useDisableOperator();
  const disableOne = (name: string) => {
    const reason = window.prompt(t('operators.disableReason', { name }))?.trim();
    if (reason) disable.mutate({ username: name, reason });
  };
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<TOperatorRole>('support');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ username: username.trim(), role }, { onSuccess: () => setUsername('') });
  };
  const columns = [
    column.accessor('username', { header: t('operators.username') }),
    column.accessor('role', { header: t('operators.role'), cell: (c) => t(`common.roles.${c.getValue()}`) }),
    column.accessor('createdBy', { header: t('operators.createdBy'), cell: (c) => c.getValue() ?? '—' }),
    column.accessor('approvedBy', { header: t('operators.approvedBy'), cell: (c) => c.getValue() ?? '—' }),
    column.accessor('createdAt', { header: t('operators.createdAt'), cell: (c) => formatTime(c.getValue()) }),
    column.accessor('firstLoginAt', {
      header: t('operators.firstLogin'),
      cell: (c) => formatTime(c.getValue()) || <span className="muted">{t('operators.never')}</span>,
    }),
    column.display({
      id: 'status',
      header: t('operators.status'),
      cell: ({ row: { original: o } }) =>
        o.disabledAt ? (
          <span className="bad">
            {t('operators.disabledOn', { when: formatTime(o.disabledAt), name: o.disabledBy ?? '' })}
          </span>
        ) : (
          <span className="row">
            {t('operators.enabled')}
            <button
              type="button"
              className="secondary"
              disabled={disable.isPending}
              onClick={() => disableOne(o.username)}
              aria-label={t('operators.disableOne', { name: o.username })}
            >
              {t('operators.disable')}
            </button>
          </span>
        ),
    }),
  ];
  return (
    <>
      <h1>{t('operators.title')}</h1>
      {add.data?.status === 'created' ? <NewOperatorCard operator={add.data} onDone={() => add.reset()} /> : null}
      {add.data?.status === 'proposed' ? (
        <p className="notice" role="status" data-testid="operator-proposed">
          {t('operators.proposed', { id: add.data.proposalId })}
        </p>
      ) : null}
      <form className="card" onSubmit={submit} aria-labelledby="add-operator-title">
        <h2 id="add-operator-title">{t('operators.addTitle')}</h2>
        <div className="row">
          <label>
            {t('operators.username')}
            <input
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              pattern="[a-zA-Z0-9._\-]{2,32}"
              title={t('operators.usernameRule')}
              required
            />
          </label>
          <label>
            {t('operators.role')}
            <select value={role} onChange={(e) => setRole(e.target.value as TOperatorRole)}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`common.roles.${r}`)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" disabled={add.isPending}>
            {t('operators.add')}
          </button>
        </div>
        <p className="muted">{t('operators.usernameRule')}</p>
        <p className="muted">{t('operators.fourEyes')}</p>
        <ServerRefusal error={add.error} />
      </form>
      {disable.data?.status === 'proposed' ? (
        <p className="notice" role="status" data-testid="disable-proposed">
          {t('operators.disableProposed', { id: disable.data.proposalId, name: disable.data.username })}
        </p>
      ) : null}
      <ErrorLine error={disable.error ?? operators.error} />
      {operators.data ? (
        <DataTable label={t('operators.title')} testId="operators-table" data={operators.data} columns={columns} />
      ) : null}
    </>
  );
}
