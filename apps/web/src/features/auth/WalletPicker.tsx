import { useTranslation } from '../../i18n/use-translation.ts';
import { isImageDataUri, type WalletChoice } from '../../wallet/discovery.ts';
import { lastWallet } from '../../wallet/where.ts';

/** The wallets of one chain in this page, each with its own name and icon; the one used last comes first. */
export function WalletPicker({
  wallets,
  pending,
  onPick,
  onBack,
}: {
  wallets: WalletChoice[];
  pending: boolean;
  onPick: (wallet: WalletChoice) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const last = wallets[0] ? lastWallet(wallets[0].chain) : null;
  return (
    <div className="stack-sm">
      <ul className="stack-sm wallet-list" aria-label={t('walletPicker.chooseWallet')}>
        {wallets.map((wallet) => {
          const name = wallet.name ?? t('walletPicker.browserWallet');
          return (
            <li key={wallet.id}>
              <button
                type="button"
                className="choice"
                disabled={pending}
                onClick={() => onPick(wallet)}
                data-testid="wallet-choice"
                data-wallet-id={wallet.id}
              >
                {isImageDataUri(wallet.icon) ? (
                  <img className="wallet-icon" src={wallet.icon} alt="" width={32} height={32} />
                ) : (
                  <span className="wallet-icon wallet-initial" aria-hidden="true">
                    {name.slice(0, 1).toUpperCase()}
                  </span>
                )}
                <span className="choice-text">
                  <strong>{name}</strong>
                  {wallet.id === last && <span className="muted small">{t('walletPicker.lastUsed')}</span>}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {pending && <p className="muted small">{t('auth.waitingForWallet')}</p>}
      <button type="button" className="button button-quiet" onClick={onBack}>
        {t('common.back')}
      </button>
    </div>
  );
}
