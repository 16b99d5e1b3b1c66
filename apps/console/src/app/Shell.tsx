import { useTranslation } from 'react-i18next';
import { Link, Route, Switch, useLocation } from 'wouter';
import { useMe } from '../api/auth.ts';
import { setSessionToken } from '../api/session.ts';
import { ErrorLine } from '../components/ErrorLine.tsx';
import { allowedSections } from './nav.ts';
import { screenRoutes } from './routes.tsx';
import { TopBar } from './TopBar.tsx';

/** Left navigation, top bar, and the screen of the address; sections the role may not use are not shown. */
export function Shell() {
  const { t } = useTranslation();
  const me = useMe();
  const [location] = useLocation();
  if (me.isPending) return <p className="loading">{t('common.loading')}</p>;
  if (me.isError || !me.data) {
    // Without the operator's account there is no shell: say why, and offer the way back to the sign-in page.
    return (
      <div className="loading">
        <ErrorLine error={me.error} />
        <button type="button" className="secondary" onClick={() => setSessionToken(null)}>
          {t('shell.signOut')}
        </button>
      </div>
    );
  }
  const sections = allowedSections(me.data.permissions);
  return (
    <div className="shell">
      <nav className="sidebar" aria-label={t('shell.navigation')}>
        <div className="brand">{t('shell.brand')}</div>
        <ul>
          {sections.map((s) => {
            const active = s.path === '/' ? location === '/' : location.startsWith(s.path);
            return (
              <li key={s.key}>
                <Link href={s.path} className={active ? 'active' : ''} aria-current={active ? 'page' : undefined}>
                  {t(`shell.nav.${s.key}`)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="main">
        <TopBar me={me.data} />
        <main className="content">
          <Switch>
            {screenRoutes(sections)}
            <Route>
              <p>{t('shell.notFound')}</p>
            </Route>
          </Switch>
        </main>
      </div>
    </div>
  );
}
