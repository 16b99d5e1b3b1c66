import { createColumnHelper } from '@tanstack/react-table';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable.tsx';
import { ErrorLine } from '../../components/ErrorLine.tsx';
import { ServerRefusal } from '../../components/ServerRefusal.tsx';
import { formatTime } from '../../lib/format.ts';
import { type OperatorRole, type OperatorRow, ROLES, useAddOperator, useOperators } from './api.ts';
import { NewOperatorCard } from './NewOperatorCard.tsx';
import './operators.css';

const column = createColumnHelper<OperatorRow>();

/** The people who run the platform (admin only): who they are, their role, whether they are locked out. */
export function OperatorsScreen() {
  const { t } = useTranslation();
  const operators = useOperators();
  const add = useAddOperator();
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<OperatorRole>('support');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ username: username.trim(), role }, { onSuccess: () => setUsername('') });
  };
  const columns = [
    column.accessor('username', { header: t('operators.username') }),
    column.accessor('role', { header: t('operators.role'), cell: (c) => t(`common.roles.${c.getValue()}`) }),
    column.accessor('lockedUntil', {
      header: t('operators.lockedUntil'),
      cell: (c) => {
        const until = c.getValue();
        return until && until > Date.now() ? <span className="bad">{formatTime(until)}</span> : '—';
      },
    }),
    column.accessor('createdBy', { header: t('operators.createdBy'), cell: (c) => c.getValue() ?? '—' }),
    column.accessor('createdAt', { header: t('operators.createdAt'), cell: (c) => formatTime(c.getValue()) }),
    column.accessor('firstLoginAt', {
      header: t('operators.firstLogin'),
      cell: (c) => formatTime(c.getValue()) || <span className="muted">{t('operators.never')}</span>,
    }),
  ];
  return (
    <>
      <h1>{t('operators.title')}</h1>
      {add.data ? <NewOperatorCard operator={add.data} onDone={() => add.reset()} /> : null}
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
            <select value={role} onChange={(e) => setRole(e.target.value as OperatorRole)}>
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
        <ServerRefusal error={add.error} />
      </form>
      <ErrorLine error={operators.error} />
      {operators.data ? (
        <DataTable label={t('operators.title')} testId="operators-table" data={operators.data} columns={columns} />
      ) : null}
    </>
  );
}
