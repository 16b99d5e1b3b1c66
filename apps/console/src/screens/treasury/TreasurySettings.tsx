import type { TTreasuryStatus } from '@aidf/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Amount } from '../../components/Amount.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { chainName, currencyLabel, formatTime } from '../../lib/format.ts';

type Settings = TTreasuryStatus['settings'];
const limit = createColumnHelper<Settings['limits'][number]>();
const proposal = createColumnHelper<Settings['proposals'][number]>();

const unset = (value: string | null, t: (key: string) => string) =>
  value === null ? <span className="muted">{t('treasury.notSet')}</span> : <Amount value={value} />;

/**
 * The treasury's settings in force (hot wallet limits, smallest sweeps, cold addresses) and the changes of them
 * waiting for a second admin (all are money settings); they are proposed on the configuration screen, audited.
 */
export function TreasurySettings({ settings, canChange }: { settings: Settings; canChange: boolean }) {
  const { t } = useTranslation();
  const minSweep = new Map(settings.minSweep.map((m) => [m.currency, m.value]));
  return (
    <section aria-labelledby="treasury-settings-title">
      <h2 id="treasury-settings-title">{t('treasury.settings')}</h2>
      <p className="muted">
        {canChange ? <Link href="/config">{t('treasury.changeSettings')}</Link> : t('treasury.settingsAdminOnly')}
      </p>
      <DataTable
        label={t('treasury.settings')}
        testId="treasury-settings"
        data={settings.limits}
        columns={[
          limit.accessor('chain', { header: t('treasury.chain'), cell: (c) => chainName(c.getValue()) }),
          limit.accessor('currency', { header: t('treasury.currency'), cell: (c) => currencyLabel(c.getValue()) }),
          limit.accessor('hotMax', {
            header: t('treasury.hotMax'),
            cell: (c) => unset(c.getValue(), t),
            meta: { num: true },
          }),
          limit.accessor('hotMin', {
            header: t('treasury.hotMin'),
            cell: (c) => unset(c.getValue(), t),
            meta: { num: true },
          }),
          limit.accessor((r) => minSweep.get(r.currency) ?? null, {
            id: 'minSweep',
            header: t('treasury.minSweep'),
            cell: (c) => unset(c.getValue(), t),
            meta: { num: true },
          }),
        ]}
      />
      <ul className="plain">
        {settings.coldAddresses.map((c) => (
          <li key={c.chain} className="address">
            {t('treasury.coldOf', { chain: chainName(c.chain) })}:{' '}
            {c.value ? <span className="mono">{c.value}</span> : t('treasury.noCold')}
          </li>
        ))}
      </ul>
      {settings.proposals.length ? (
        <>
          <h3>{t('treasury.pending')}</h3>
          <DataTable
            label={t('treasury.pending')}
            data={settings.proposals}
            columns={[
              proposal.accessor('key', {
                header: t('treasury.key'),
                cell: (c) => <span className="mono">{c.getValue()}</span>,
              }),
              proposal.accessor('value', {
                header: t('treasury.value'),
                cell: (c) => <span className="mono address">{c.getValue()}</span>,
              }),
              proposal.accessor('proposedBy', { header: t('treasury.proposedBy') }),
              proposal.accessor('expiresAt', { header: t('treasury.expires'), cell: (c) => formatTime(c.getValue()) }),
            ]}
          />
        </>
      ) : null}
    </section>
  );
}
