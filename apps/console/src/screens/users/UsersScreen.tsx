import type { TUserRow } from '@aidf/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { DataTable } from '../../components/DataTable.tsx';
import { ErrorLine } from '../../components/ErrorLine.tsx';
import { formatTime } from '../../lib/format.ts';
import { AddressList } from './AddressList.tsx';
import { USERS_PAGE_SIZE, useUserSearch } from './api.ts';

const column = createColumnHelper<TUserRow>();

/** Find a user by username (its start), e-mail or address; the search and page live in the address bar. */
export function UsersScreen() {
  const { t } = useTranslation();
  const params = new URLSearchParams(useSearch());
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [, navigate] = useLocation();
  const [text, setText] = useState(q);
  // Back and forward change the search in the address bar: the box follows.
  useEffect(() => setText(q), [q]);
  const users = useUserSearch(q, page);
  const go = (nextQ: string, nextPage: number) =>
    navigate(`/users?${new URLSearchParams({ q: nextQ, page: String(nextPage) })}`);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go(text.trim(), 1);
  };

  const columns = [
    column.accessor('username', {
      header: t('users.username'),
      cell: (c) => <Link href={`/users/${c.row.original.mid}`}>{c.getValue()}</Link>,
    }),
    column.accessor('mid', { header: t('users.mid'), meta: { num: true } }),
    column.accessor('email', { header: t('users.email'), cell: (c) => c.getValue() ?? '' }),
    column.accessor('addresses', {
      header: t('users.addresses'),
      cell: (c) => <AddressList addresses={c.getValue()} />,
    }),
    column.accessor('createdAt', { header: t('users.createdAt'), cell: (c) => formatTime(c.getValue()) }),
  ];
  return (
    <>
      <h1>{t('users.title')}</h1>
      <form className="row card" onSubmit={submit}>
        <label className="grow">
          {t('users.searchLabel')}
          <input
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('users.searchPlaceholder')}
          />
        </label>
        <button type="submit">{t('common.search')}</button>
      </form>
      <ErrorLine error={users.error} />
      {users.data ? (
        <DataTable
          label={t('users.results')}
          testId="users-table"
          data={users.data.list}
          columns={columns}
          paging={{ page, size: USERS_PAGE_SIZE, total: users.data.total, onPage: (p) => go(q, p) }}
        />
      ) : users.isPending ? (
        <p className="loading">{t('common.loading')}</p>
      ) : null}
    </>
  );
}
