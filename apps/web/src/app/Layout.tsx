import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useMatches } from 'react-router';
import { showToast, Toaster } from '../components/toast.tsx';
import { WalletWatcher } from '../features/auth/WalletWatcher.tsx';
import { useInviteSearch } from '../lib/invite.ts';
import { openLoginDialog, useLoginDialog } from '../lib/login-dialog.ts';
import { useSession } from '../lib/session.ts';
import { Header } from './Header.tsx';
import type { RouteHandle } from './route-handle.ts';
import { TabBar } from './TabBar.tsx';
import { useSessionCheck } from './useSessionCheck.ts';

// Sign-in dialogs are fetched the first time one opens.
const AuthDialogs = lazy(async () => ({ default: (await import('../features/auth/AuthDialogs.tsx')).AuthDialogs }));

function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  return [...matches].reverse().find((m) => m.handle)?.handle as RouteHandle | undefined;
}

/** A visitor on a protected screen goes to the home screen, told to sign in (SPEC.md point 2). */
function SendVisitorHome() {
  const { t } = useTranslation();
  const search = useInviteSearch();
  useEffect(() => {
    showToast(t('errors.401'));
    openLoginDialog('chain');
  }, [t]);
  return <Navigate to={{ pathname: '/', search }} replace />;
}

export function Layout() {
  const handle = useRouteHandle();
  const session = useSession();
  useSessionCheck();
  const loginDialog = useLoginDialog();
  const blocked = handle?.requiresLogin && !session.isLogin;
  return (
    <div className={`app-column${handle?.tab ? ' has-tabbar' : ''}`}>
      <Header handle={handle} />
      <main className="app-main">
        {blocked ? session.signedOut ? <Navigate to="/" replace /> : <SendVisitorHome /> : <Outlet />}
      </main>
      {handle?.tab !== undefined && <TabBar active={handle.tab} />}
      {loginDialog && (
        <Suspense fallback={null}>
          <AuthDialogs />
        </Suspense>
      )}
      <WalletWatcher />
      <Toaster />
    </div>
  );
}
