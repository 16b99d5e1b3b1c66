import { useTranslation } from 'react-i18next';
import { AnnouncementList } from '../features/announcements/AnnouncementList.tsx';
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
      </section>
      <section aria-labelledby="announcements-heading" className="stack-sm">
        <h2 id="announcements-heading" className="section-title">
          {t('home.announcements')}
        </h2>
        <AnnouncementList />
      </section>
    </div>
  );
}
