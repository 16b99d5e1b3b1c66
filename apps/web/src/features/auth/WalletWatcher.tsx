import { useEffect } from 'react';
import { showToast } from '../../components/toast.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { clearLogin, useSession } from '../../lib/session.ts';
import { connectorFor } from '../../wallet/index.ts';

const SIGNED_OUT_NOTICE = 'signedOutNotice';

const same = (a: string | null, b: string | null) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

/**
 * Keeps a wallet sign-in honest (SPEC.md point 4): when the wallet now shows another account than the signed-in
 * one, the session ends (ms48); a change of account in the wallet reloads the page.
 */
export function WalletWatcher() {
  const { t } = useTranslation();
  const session = useSession();
  const chain = session.isLogin ? session.chain : null;
  const signedIn = session.walletAddress;

  useEffect(() => {
    if (window.sessionStorage.getItem(SIGNED_OUT_NOTICE) === 'ms48') {
      window.sessionStorage.removeItem(SIGNED_OUT_NOTICE);
      showToast(t('messages.ms48'), 'error');
    }
  }, [t]);

  // A wallet session (it has a chain) whose address is gone is no session (SPEC.md point 4).
  useEffect(() => {
    if (chain && !signedIn) clearLogin();
  }, [chain, signedIn]);

  useEffect(() => {
    if (!chain || !signedIn) return;
    let stop = () => {};
    let cancelled = false;
    const signOut = () => {
      clearLogin();
      showToast(t('messages.ms48'), 'error');
      // The reload that follows an account change would hide the toast: say it again after it.
      window.sessionStorage.setItem(SIGNED_OUT_NOTICE, 'ms48');
    };
    connectorFor(chain)
      .then(async (connector) => {
        if (cancelled) return;
        const current = await connector.currentAccount();
        if (current && !same(current, signedIn)) signOut();
        stop = connector.onAccountChange((next) => {
          if (!same(next, signedIn)) {
            signOut();
            window.location.reload();
          }
        });
      })
      // No wallet in this browser: nothing to watch; the sign-in stays until it expires.
      .catch(() => {});
    return () => {
      cancelled = true;
      stop();
    };
  }, [chain, signedIn, t]);
  return null;
}
