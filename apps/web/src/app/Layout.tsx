import { Activity, Suspense, useEffect } from 'react';
import { Redirect } from 'wouter';
import { ReconnectingBanner } from '../components/ReconnectingBanner.tsx';
import { Skeleton } from '../components/Skeleton.tsx';
import { showToast, Toaster } from '../components/toast.tsx';
import { WalletWatcher } from '../features/auth/WalletWatcher.tsx';
import { withAllMessages } from '../i18n/index.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { useOffline, whenApiAnswers } from '../lib/connection.ts';
import { useInviteSearch } from '../lib/invite.ts';
import { openLoginDialog, useLoginDialog } from '../lib/login-dialog.ts';
import { preloadable } from '../lib/preloadable.tsx';
import { useSession } from '../lib/session.ts';
import { Header } from './Header.tsx';
import { OfflineScreen } from './OfflineScreen.tsx';
import { type AppRoute, NotFound, useCurrentRoute } from './routes.tsx';
import { TabBar } from './TabBar.tsx';
import { useSessionCheck } from './useSessionCheck.ts';

/** The sign-in dialogs, their own chunk: fetched once the first screen has settled (main.tsx) or when one opens. */
export const signInDialogs = preloadable(
  withAllMessages(async () => ({ default: (await import('../features/auth/AuthDialogs.tsx')).AuthDialogs })),
);
const AuthDialogs = signInDialogs.Component;

/** A visitor on a protected screen goes to the home screen, told to sign in (SPEC.md point 2). */
function SendVisitorHome() {
  const { t } = useTranslation();
  const search = useInviteSearch();
  useEffect(() => {
    // The sheet waits, hidden, while offline (below); the toast until the API answers, never over the offline screen.
    openLoginDialog('chain');
    whenApiAnswers(() => showToast(t('errors.401')));
  }, [t]);
  return <Redirect to={`/${search}`} replace />;
}

function Screen({ route }: { route: AppRoute | undefined }) {
  const Content = route?.Screen ?? NotFound;
  return (
    <Suspense fallback={<Skeleton hero />}>
      <Content />
    </Suspense>
  );
}

export function Layout() {
  const route = useCurrentRoute();
  const handle = route?.handle;
  const session = useSession();
  useSessionCheck();
  const loginDialog = useLoginDialog();
  const blocked = handle?.requiresLogin && !session.isLogin;
  const offline = useOffline();
  return (
    <div className={`app-column${handle?.tab ? ' has-tabbar' : ''}`}>
      <Header handle={handle} />
      {!offline && <ReconnectingBanner />}
      <main className="app-main">
        {offline && <OfflineScreen />}
        {/* Hidden, not gone, while offline: what was typed in the screen is still there when the API is back. */}
        <Activity mode={offline ? 'hidden' : 'visible'}>
          {blocked ? session.signedOut ? <Redirect to="/" replace /> : <SendVisitorHome /> : <Screen route={route} />}
        </Activity>
      </main>
      {handle?.tab !== undefined && <TabBar active={handle.tab} />}
      {/* Offline, the offline screen alone: a sign-in sheet (a deep link's "please sign in") waits for the API. */}
      {loginDialog && !offline && (
        <Suspense fallback={null}>
          <AuthDialogs />
        </Suspense>
      )}
      <WalletWatcher />
      <Toaster />
    </div>
  );
}
