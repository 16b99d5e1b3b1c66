import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { DataTable } from '../../components/DataTable.tsx';
import { ErrorLine } from '../../components/ErrorLine.tsx';
import { formatTime } from '../../lib/format.ts';
import { AddressList } from './AddressList.tsx';
import { useUserDetail } from './api.ts';
import { useUserColumns } from './user-columns.tsx';
import { WithdrawLimits } from './WithdrawLimits.tsx';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="detail-section">
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** One user as support and finance see them: read-only, the newest of each list. */
export function UserDetailScreen() {
  const { t } = useTranslation();
  const { mid = '' } = useParams<{ mid: string }>();
  const detail = useUserDetail(mid);
  const columns = useUserColumns(detail.data?.worthCurrency ?? '');
  if (detail.isPending) return <p className="loading">{t('common.loading')}</p>;
  if (detail.isError) return <ErrorLine error={detail.error} />;
  const d = detail.data;
  return (
    <>
      <p>
        <Link href="/users">{t('users.back')}</Link>
      </p>
      <h1>{t('users.detailTitle', { username: d.user.username })}</h1>
      <div className="cards">
        <section className="card" aria-labelledby="card-profile">
          <h2 id="card-profile">{t('users.profile')}</h2>
          <dl className="facts">
            <dt>{t('users.mid')}</dt>
            <dd>{d.user.mid}</dd>
            <dt>{t('users.email')}</dt>
            <dd>{d.user.email ?? '—'}</dd>
            <dt>{t('users.createdAt')}</dt>
            <dd>{formatTime(d.user.createdAt)}</dd>
            <dt>{t('users.inviter')}</dt>
            <dd>{d.user.inviter ?? '—'}</dd>
          </dl>
        </section>
        <section className="card" aria-labelledby="card-team">
          <h2 id="card-team">{t('users.team')}</h2>
          <dl className="facts">
            <dt>{t('users.level')}</dt>
            <dd>{d.team.level}</dd>
            <dt>{t('users.directCount')}</dt>
            <dd>{d.team.directCount}</dd>
            <dt>{t('users.teamSize')}</dt>
            <dd>{d.team.teamSize}</dd>
          </dl>
        </section>
        <section className="card" aria-labelledby="card-addresses">
          <h2 id="card-addresses">{t('users.addresses')}</h2>
          <AddressList addresses={d.user.addresses ?? []} />
          {(d.user.addresses ?? []).length === 0 ? <p className="muted">{t('users.noAddress')}</p> : null}
        </section>
      </div>
      <Section id="balances" title={t('users.balances')}>
        <DataTable label={t('users.balances')} data={d.balances} columns={columns.balances} />
      </Section>
      <Section id="withdraw-limits" title={t('users.limits.title')}>
        <WithdrawLimits mid={d.user.mid} />
      </Section>
      <Section id="movements" title={t('users.movements')}>
        <DataTable label={t('users.movements')} data={d.movements} columns={columns.movements} />
      </Section>
      <div className="two-columns">
        <Section id="orders" title={t('users.orders')}>
          <DataTable label={t('users.orders')} data={d.orders} columns={columns.orders} />
        </Section>
        <Section id="machines" title={t('users.machines')}>
          <DataTable label={t('users.machines')} data={d.machines} columns={columns.machines} />
        </Section>
      </div>
      <Section id="pledges" title={t('users.pledges')}>
        <DataTable label={t('users.pledges')} data={d.pledges} columns={columns.pledges} />
      </Section>
      <div className="two-columns">
        <Section id="tickets" title={t('users.tickets')}>
          <DataTable label={t('users.tickets')} data={d.tickets} columns={columns.tickets} />
        </Section>
        <Section id="security" title={t('users.securityChanges')}>
          <DataTable label={t('users.securityChanges')} data={d.securityChanges} columns={columns.security} />
        </Section>
      </div>
    </>
  );
}
