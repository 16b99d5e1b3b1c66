import type { TChainName } from '@aidf/contract';
import { QrCode } from '../../components/QrCode.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { openLoginDialog } from '../../lib/login-dialog.ts';
import { appStoreLinks, extensionLinks, openInWalletLinks, pageToOpen } from '../../wallet/wallet-links.ts';
import { isPhone } from '../../wallet/where.ts';
import { useInviteCode } from './use-invite-code.ts';

/**
 * No wallet of the chain in this page. On a phone: links that open this very page (its invite code carried) in a
 * wallet app's own browser. On a desktop: a QR code of the page to open it on the phone, and the extensions.
 * Both: e-mail sign-in, and one line on what a wallet is with the stores' links.
 */
export function NoWallet({ chain, onBack }: { chain: TChainName; onBack: () => void }) {
  const { t } = useTranslation();
  const page = pageToOpen(window.location.href, useInviteCode());
  const phone = isPhone();
  const stores = appStoreLinks(chain);
  return (
    <div className="stack-sm">
      {phone ? (
        <>
          <h3 className="section-title">{t('walletPicker.openInApp')}</h3>
          <p className="muted small">{t('walletPicker.openInAppText')}</p>
          <ul className="stack-sm wallet-list">
            {openInWalletLinks(page, chain).map((link) => (
              <li key={link.id}>
                <a className="choice" href={link.href} rel="noopener" data-testid={`open-in-${link.id}`}>
                  <span className="wallet-icon wallet-initial" aria-hidden="true">
                    {link.name.slice(0, 1)}
                  </span>
                  <strong>{link.name}</strong>
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <h3 className="section-title">{t('walletPicker.openOnPhone')}</h3>
          <p className="muted small">{t('walletPicker.openOnPhoneText')}</p>
          <QrCode text={page} label={t('walletPicker.qrLabel')} testId="page-qr" />
          <p className="muted small">{t('walletPicker.addExtension')}</p>
          <ul className="wallet-links">
            {extensionLinks(chain).map((link) => (
              <li key={link.id}>
                <a href={link.href} target="_blank" rel="noopener noreferrer" data-testid={`extension-${link.id}`}>
                  {link.name}
                  <span className="visually-hidden"> ({t('common.opensInNewTab')})</span>
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="muted small wallet-store-links" data-testid="what-is-wallet">
        {t('walletPicker.whatIsWallet')}{' '}
        <a href={stores.appStore} target="_blank" rel="noopener noreferrer" data-testid="store-apple">
          {t('walletPicker.appStore')}
        </a>
        {' · '}
        <a href={stores.googlePlay} target="_blank" rel="noopener noreferrer" data-testid="store-google">
          {t('walletPicker.googlePlay')}
        </a>
      </p>
      <button type="button" className="button" onClick={() => openLoginDialog('email')} data-testid="no-wallet-email">
        {t('auth.emailLogin')}
      </button>
      <button type="button" className="button button-quiet" onClick={onBack}>
        {t('common.back')}
      </button>
    </div>
  );
}
