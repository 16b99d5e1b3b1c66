import { languageInfo, maskAddress } from '@aidf/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ChevronIcon } from '../../components/icons.tsx';
import { useSession } from '../../lib/session.ts';

const LINKS = [
  ['/personalAssets', 'titles.personalAssets'],
  ['/recharge', 'titles.recharge'],
  ['/withdraw', 'titles.withdraw'],
  ['/internalTransfer', 'titles.internalTransfer'],
  ['/bill', 'titles.bill'],
  ['/incomeDetail', 'titles.incomeDetail'],
  ['/currencyStatement', 'titles.currencyStatement'],
  ['/invitefriends', 'titles.invitefriends'],
  ['/problemfeedback', 'titles.problemfeedback'],
] as const;

export default function MeScreen() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  return (
    <div className="stack">
      <section className="card profile-card" data-testid="profile">
        <div className="avatar" aria-hidden>
          {(session.userInfo?.username ?? '?').slice(0, 1).toUpperCase()}
        </div>
        <div>
          <h2 className="profile-name">{session.userInfo?.username}</h2>
          {session.walletAddress && (
            <bdi dir="ltr" className="muted small">
              {maskAddress(session.walletAddress)}
            </bdi>
          )}
        </div>
      </section>
      <EmptyState title={t('empty.meTitle')} text={t('empty.meText')} />
      <nav className="card option-list" aria-label={t('titles.me')}>
        {LINKS.map(([to, key]) => (
          <Link key={to} to={to} className="option">
            <span>{t(key)}</span>
            <ChevronIcon className="muted" />
          </Link>
        ))}
        <Link to="/language" className="option">
          <span>{t('common.language')}</span>
          <span className="muted small">{languageInfo(i18n.language).name}</span>
        </Link>
      </nav>
    </div>
  );
}
