import { CHAINS, maskAddress, type TChainCurrency, type TCurrency } from '@aidf/contract';
import { useState } from 'react';
import { QrCode } from '../../components/QrCode.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { copyText } from '../../lib/copy-text.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useDepositAddress, useTokenConfig } from '../../lib/use-chain-data.ts';
import { useFollowRecharges } from './use-recharges.ts';

/**
 * Where to send a token from any wallet: the network and the token contract named in full (copyable, to check
 * against the wallet's), the deposit address masked until asked for in full with its QR code, a copy button, and
 * what makes a transfer count: only this token on this network, any amount (the deposit watcher credits every
 * confirmed transfer), the watcher's confirmations, and for BNB itself that it is sent straight from a wallet (BNB
 * a contract sends on is not seen: docs/user-guide.md). While it shows, the recharge list is followed.
 */
export function DepositAddressCard({ currency, chain }: { currency: TCurrency; chain: TChainCurrency }) {
  const { t } = useTranslation();
  useFollowRecharges();
  const address = useDepositAddress(currency, chain);
  const tokens = useTokenConfig();
  const [full, setFull] = useState(false);
  // The text above promises an address "below": while it loads its place is held, and a failure says so.
  if (address.isError) return <DepositAddressError error={address.error} onRetry={() => void address.refetch()} />;
  if (!address.data) return <Skeleton rows={2} />;
  const unit = currency.toUpperCase();
  const contract = tokens.data?.find((c) => c.chainCurrency === chain && c.currency === currency)?.contractAddress;
  const network = t(chain === 'bnb' ? 'recharge.networkBsc' : 'recharge.networkSolana');
  const { address: to, confirmations } = address.data;
  return (
    <div className="stack-sm deposit-card" data-testid="deposit-card">
      <dl className="facts">
        <div>
          <dt>{t('recharge.network')}</dt>
          <dd data-testid="deposit-network">{network}</dd>
        </div>
        <div>
          <dt>{t('recharge.token')}</dt>
          <dd>
            {unit} {!contract && <span className="muted">{t('recharge.nativeCoin')}</span>}
          </dd>
        </div>
        {contract && (
          <div>
            <dt>{t('recharge.contract')}</dt>
            <dd>
              <bdi dir="ltr" className="mono address-full" title={contract} data-testid="deposit-contract">
                {contract}
              </bdi>
              <button
                type="button"
                className="button button-quiet button-small"
                onClick={() => void copyText(contract, t('recharge.contractCopied'))}
                data-testid="deposit-contract-copy"
              >
                {t('recharge.copyContract')}
              </button>
            </dd>
          </div>
        )}
        <div>
          <dt>{t('recharge.address')}</dt>
          <dd>
            <bdi dir="ltr" className={`mono${full ? ' address-full' : ''}`} data-testid="deposit-address" title={to}>
              {full ? to : maskAddress(to)}
            </bdi>
          </dd>
        </div>
      </dl>
      {full && <QrCode text={to} label={t('recharge.qrLabel', { currency: unit })} testId="deposit-qr" />}
      <div className="button-row">
        <button
          type="button"
          className="button button-quiet"
          onClick={() => setFull(!full)}
          aria-expanded={full}
          data-testid="deposit-show"
        >
          {t(full ? 'recharge.hideAddress' : 'recharge.showAddress')}
        </button>
        <button
          type="button"
          className="button button-quiet"
          onClick={() => void copyText(to, t('recharge.copied'))}
          data-testid="deposit-copy"
        >
          {t('recharge.copy')}
        </button>
      </div>
      <ul className="notice warning-list" role="note" data-testid="deposit-warning">
        {/* The network's Latin name kept whole inside right-to-left text (first-strong isolate). */}
        <li>{t('recharge.warnOnly', { currency: unit, network: `\u2068${network}\u2069` })}</li>
        <li>{t('recharge.warnNoMinimum')}</li>
        {chain === 'bnb' && currency === CHAINS.bsc.currency && (
          <li data-testid="deposit-native-note">{t('recharge.warnNativeDirect')}</li>
        )}
        <li>
          {confirmations === null
            ? t('recharge.warnFinalized')
            : t('recharge.warnConfirmations', { blocks: confirmations })}
        </li>
      </ul>
    </div>
  );
}

/** The deposit address could not be had: why, in the user's language, and a way to ask again. */
function DepositAddressError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="notice stack-sm" role="alert" data-testid="deposit-error">
      <p>{t('recharge.addressFailed')}</p>
      <p className="small">{errorMessage(error, t, (k) => i18n.exists(k))}</p>
      <button type="button" className="button" onClick={onRetry} data-testid="deposit-retry">
        {t('common.retry')}
      </button>
    </div>
  );
}
