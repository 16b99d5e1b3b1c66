import { CHAINS } from '@aidf/contract';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog.tsx';
import { BscMark, SolanaMark } from '../../components/icons.tsx';
import { openLoginDialog } from '../../lib/login-dialog.ts';
import { useWalletLogin } from './use-wallet-login.ts';

export function ChainPickerDialog() {
  const { t } = useTranslation();
  const { login, pending } = useWalletLogin();
  const chains = [
    { name: CHAINS.bsc.name, hint: t('auth.bscHint'), Mark: BscMark, testId: 'pick-bsc' },
    { name: CHAINS.solana.name, hint: t('auth.solanaHint'), Mark: SolanaMark, testId: 'pick-solana' },
  ] as const;
  return (
    <Dialog title={t('auth.chooseChain')} onClose={() => openLoginDialog(null)} testId="chain-picker">
      <div className="stack-sm">
        {chains.map(({ name, hint, Mark, testId }) => (
          <button
            key={name}
            type="button"
            className="choice"
            disabled={pending !== null}
            onClick={() => login(name)}
            data-testid={testId}
          >
            <Mark width={32} height={32} />
            <span className="choice-text">
              <strong>{name}</strong>
              <span className="muted small">{pending === name ? t('auth.waitingForWallet') : hint}</span>
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
