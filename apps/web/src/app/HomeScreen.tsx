import { SUBMODES } from '@aidf/contract';
import { AnnouncementList } from '../features/announcements/AnnouncementList.tsx';
import { AssetsSummary } from '../features/assets/AssetsSummary.tsx';
import { PledgeLauncher } from '../features/pledge/PledgeLauncher.tsx';
import { useTranslation } from '../i18n/use-translation.ts';
import { openLoginDialog } from '../lib/login-dialog.ts';
import { useSession } from '../lib/session.ts';

export default function HomeScreen() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <div className="stack">
      <section className="hero card">
        <h2 className="hero-title">
          {session.isLogin && session.userInfo ? session.userInfo.username : t('home.welcomeTitle')}
        </h2>
        <p className="hero-text">{session.isLogin ? t('app.tagline') : t('home.welcomeText')}</p>
        {!session.isLogin && (
          <button
            type="button"
            className="button hero-button"
            onClick={() => openLoginDialog('chain')}
            data-testid="connect-wallet"
          >
            {t('auth.connectWallet')}
          </button>
        )}
      </section>
      {session.isLogin && <AssetsSummary />}
      {session.isLogin && (
        <section className="card form-card stack-sm" data-testid="pledge-card">
          <h2 className="section-title">{t('home.pledgeCardTitle')}</h2>
          <p className="muted small">{t('home.pledgeCardText')}</p>
          <PledgeLauncher submode={SUBMODES.normal} />
        </section>
      )}
      <section aria-labelledby="announcements-heading" className="stack-sm">
        <h2 id="announcements-heading" className="section-title">
          {t('home.announcements')}
        </h2>
        <AnnouncementList />
      </section>
    </div>
  );
}
