import type { TDashboard } from '@aidf/contract';
import { useTranslation } from 'react-i18next';
import {
  amountIsolated,
  chainName,
  currencyLabel,
  exactTitle,
  formatTime,
  isolated,
  listIsolated,
} from '../../lib/format.ts';

/**
 * The latest reserves report at a glance. A shortfall (the chains hold less than the users are owed) or a chain
 * whose holdings differ from its clearing account is the red line; addresses left unread make it a warning, since
 * the report then says nothing about them (docs/operator-guide.md "Alerts").
 */
type Publication = NonNullable<TDashboard['reserves']>['publication'];

/** Where the root users check their proof against stands on BNB Smart Chain (docs/operator-guide.md). */
function publicationLine(t: (key: string, options?: Record<string, unknown>) => string, p: Publication) {
  if (p.status === 'published') return t('dashboard.reservesPublished', { block: p.blockNumber });
  if (p.status === 'no-chain') return t('dashboard.reservesNeverPublished');
  if (p.status === 'failed') return t('dashboard.reservesPublicationFailed');
  return t('dashboard.reservesPublishing', { status: p.status });
}

const publicationClass = (status: string) =>
  status === 'published' ? 'muted' : status === 'failed' || status === 'no-chain' ? 'warn' : 'muted';

type T = (key: string, options?: Record<string, unknown>) => string;
type Reserves = NonNullable<TDashboard['reserves']>;

/**
 * Each alert as a line with its amounts rounded as the console shows amounts, and, where one is rounded, the line
 * with the exact amounts as its tooltip. Names and amounts are isolates: in Arabic a Latin chain or currency code
 * and a number keep their own direction inside the right-to-left sentence.
 */
function alarmLines(t: T, reserves: Reserves): { text: string; exact: string | undefined }[] {
  const line = (key: string, names: Record<string, string>, amounts: Record<string, string>) => {
    const named = Object.fromEntries(Object.entries(names).map(([k, v]) => [k, isolated(v)]));
    const shown = Object.fromEntries(Object.entries(amounts).map(([k, v]) => [k, amountIsolated(v)]));
    const rounded = Object.values(amounts).some((v) => exactTitle(v) !== undefined);
    const exact = Object.fromEntries(Object.entries(amounts).map(([k, v]) => [k, `\u2066${v}\u2069`]));
    return {
      text: t(key, { ...named, ...shown }),
      exact: rounded ? t(key, { ...named, ...exact }) : undefined,
    };
  };
  return [
    ...reserves.shortfall.map((s) =>
      line(
        'dashboard.reservesShortfall',
        { currency: currencyLabel(s.currency) },
        { holdings: s.holdings, liabilities: s.liabilities },
      ),
    ),
    ...reserves.clearingMismatch.map((m) =>
      line(
        'dashboard.reservesMismatch',
        { chain: chainName(m.chain), currency: currencyLabel(m.currency) },
        { difference: m.difference },
      ),
    ),
  ];
}

export function ReservesCard({ reserves }: { reserves: TDashboard['reserves'] }) {
  const { t } = useTranslation();
  const alarms = reserves ? alarmLines(t, reserves) : [];
  const unread = reserves ? reserves.unread > 0 || reserves.unreadChains.length > 0 : false;
  // A report made without reading the chains (status liabilities-only) says nothing of what they hold.
  const chainsRead = reserves !== null && reserves.status !== 'liabilities-only';
  const state = !chainsRead ? 'muted' : alarms.length > 0 ? 'bad' : unread ? 'warn' : 'good';
  function headline() {
    if (!reserves) return t('dashboard.reservesNone');
    if (!chainsRead) return t('dashboard.reservesNotRead');
    if (alarms.length > 0) return t('dashboard.reservesAlarms', { count: alarms.length });
    if (reserves.unreadChains.length > 0)
      return t('dashboard.reservesChainsUnread', { chains: listIsolated(reserves.unreadChains.map(chainName)) });
    if (unread) return t('dashboard.reservesUnread', { count: reserves.unread });
    return t('dashboard.reservesOk');
  }

  return (
    <section className="card" aria-labelledby="reserves-title">
      <h2 id="reserves-title">{t('dashboard.reserves')}</h2>
      <p className={`stat ${state}`} data-testid="reserves-state">
        {headline()}
      </p>
      {alarms.length > 0 && (
        <ul className="bad" data-testid="reserves-alarms">
          {alarms.map((line) => (
            <li key={line.text} title={line.exact}>
              {line.text}
            </li>
          ))}
        </ul>
      )}
      {reserves && (
        <p className="muted">
          {t('dashboard.reservesReport', { id: reserves.reportId, time: formatTime(reserves.createdAt) })}
        </p>
      )}
      {reserves && (
        <p className={publicationClass(reserves.publication.status)} data-testid="reserves-publication">
          {publicationLine(t, reserves.publication)}
        </p>
      )}
    </section>
  );
}
