import { useTranslation } from 'react-i18next';
import type { Me } from '../api/auth.ts';
import { logout } from '../api/auth.ts';
import { setSessionToken } from '../api/session.ts';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';

/** Who is signed in, in which role; the language; signing out. */
export function TopBar({ me }: { me: Me }) {
  const { t } = useTranslation();
  const signOut = async () => {
    // The session ends on this side whatever the server answers: the token is gone from the tab.
    await logout().catch(() => undefined);
    setSessionToken(null);
  };
  return (
    <header className="topbar">
      <div className="who" data-testid="operator">
        <strong>{me.username}</strong>
        <span className="role">{t(`common.roles.${me.role}`)}</span>
      </div>
      <div className="actions">
        <LanguageSwitch />
        <button type="button" className="secondary" onClick={signOut}>
          {t('shell.signOut')}
        </button>
      </div>
    </header>
  );
}
