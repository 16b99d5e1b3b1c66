import { CHAINS, type TChainName } from '@aidf/contract';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import { BscMark, SolanaMark } from '../../components/icons.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { openLoginDialog } from '../../lib/login-dialog.ts';
import type { WalletChoice } from '../../wallet/discovery.ts';
import { inAppWalletChain } from '../../wallet/where.ts';
import { useWalletLogin } from './use-wallet-login.ts';

// The picker and the "no wallet" links load only when a chain has several wallets or none.
const WalletPicker = lazy(() => import('./WalletPicker.tsx').then((m) => ({ default: m.WalletPicker })));
const NoWallet = lazy(() => import('./NoWallet.tsx').then((m) => ({ default: m.NoWallet })));

type View =
  | { kind: 'chains' }
  | { kind: 'pick'; chain: TChainName; wallets: WalletChoice[] }
  | { kind: 'none'; chain: TChainName };

export function ChainPickerDialog() {
  const { t } = useTranslation();
  const { login, pending } = useWalletLogin();
  const [view, setView] = useState<View>({ kind: 'chains' });
  const [finding, setFinding] = useState<TChainName | null>(null);
  const chains = [
    { name: CHAINS.bsc.name, hint: t('auth.bscHint'), Mark: BscMark, testId: 'pick-bsc' },
    { name: CHAINS.solana.name, hint: t('auth.solanaHint'), Mark: SolanaMark, testId: 'pick-solana' },
  ] as const;

  /** The chain's wallets: none → the links to get one; one (or inside a wallet's browser) → at once; more → pick. */
  async function start(chain: TChainName, inApp = false) {
    setFinding(chain);
    try {
      const { discoverWallets } = await import('../../wallet/discovery.ts');
      const wallets = await discoverWallets(chain);
      if (wallets.length === 0) setView({ kind: 'none', chain });
      else if (wallets.length > 1 && !inApp) setView({ kind: 'pick', chain, wallets });
      else await login(chain, wallets[0]?.id);
    } finally {
      setFinding(null);
    }
  }

  // Inside a wallet's own browser, "Connect wallet" is that wallet: sign in with it at once, on its chain (once,
  // when the dialog opens).
  const autoStarted = useRef(false);
  useEffect(() => {
    if (autoStarted.current) return;
    autoStarted.current = true;
    const chain = inAppWalletChain();
    if (chain) void start(chain, true);
  }, []);

  const busy = pending ?? finding;
  const close = () => openLoginDialog(null);
  const back = () => setView({ kind: 'chains' });

  if (view.kind === 'pick') {
    return (
      <Dialog title={t('walletPicker.chooseWallet')} onClose={close} testId="wallet-picker">
        <Suspense fallback={<p className="muted small">{t('common.loading')}</p>}>
          <WalletPicker
            wallets={view.wallets}
            pending={pending !== null}
            onPick={(wallet) => login(view.chain, wallet.id)}
            onBack={back}
          />
        </Suspense>
      </Dialog>
    );
  }
  if (view.kind === 'none') {
    return (
      <Dialog title={t('walletPicker.noWallet', { chain: view.chain })} onClose={close} testId="no-wallet">
        <Suspense fallback={<p className="muted small">{t('common.loading')}</p>}>
          <NoWallet chain={view.chain} onBack={back} />
        </Suspense>
      </Dialog>
    );
  }
  return (
    <Dialog title={t('auth.chooseChain')} onClose={close} testId="chain-picker">
      <div className="stack-sm">
        {chains.map(({ name, hint, Mark, testId }) => (
          <button
            key={name}
            type="button"
            className="choice"
            disabled={busy !== null}
            onClick={() => start(name)}
            data-testid={testId}
          >
            <Mark width={32} height={32} />
            <span className="choice-text">
              <strong>{name}</strong>
              <span className="muted small">{busy === name ? t('auth.waitingForWallet') : hint}</span>
            </span>
          </button>
        ))}
        <p className="divider-text muted small">{t('auth.orWith')}</p>
        <div className="button-row">
          <button type="button" className="button button-quiet" onClick={() => openLoginDialog('email')}>
            {t('auth.emailLogin')}
          </button>
          <button type="button" className="button button-quiet" onClick={() => openLoginDialog('password')}>
            {t('auth.passwordLogin')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
