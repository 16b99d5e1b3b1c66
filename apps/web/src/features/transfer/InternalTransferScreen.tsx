import {
  buildTransferSignText,
  CHAINS,
  compareAmounts,
  formatAmount,
  isPositiveAmountText,
  type TCurrency,
} from '@aidf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputField } from '../../components/Dialog.tsx';
import { showToast } from '../../components/toast.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { useApi } from '../../lib/use-api.ts';
import { ASSETS_KEY, balanceIn, useAssets } from '../../lib/use-assets.ts';
import { connectorFor } from '../../wallet/index.ts';
import { walletFailureMessage } from '../auth/wallet-message.ts';
import { SecurityHoldNotice } from '../me/SecurityHoldNotice.tsx';
import { useSecurityHold } from '../me/use-security-hold.ts';
import { CurrencyChips } from '../statements/CurrencyChips.tsx';

export default function InternalTransferScreen() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const call = useApi();
  const queryClient = useQueryClient();
  const assets = useAssets();
  const holdUntil = useSecurityHold();
  const [username, setUsername] = useState('');
  const [currency, setCurrency] = useState<TCurrency>('usdt');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ username?: string; amount?: string }>({});
  const [busy, setBusy] = useState(false);
  const available = balanceIn(assets.data, currency);

  function validate() {
    const next: typeof errors = {};
    const to = username.trim().toLowerCase();
    if (!to) next.username = t('transfer.needTo');
    else if (to === session.userInfo?.username) next.username = t('transfer.notSelf');
    if (!amount) next.amount = t('transfer.needAmount');
    else if (!isPositiveAmountText(amount)) next.amount = t('transfer.badAmount');
    else if (compareAmounts(amount, available) > 0) next.amount = t('messages.ms23');
    setErrors(next);
    return !next.username && !next.amount;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!validate()) return;
    setBusy(true);
    try {
      const connector = await connectorFor(session.chain ?? CHAINS.bsc.name);
      const address = await connector.connect();
      const timestamp = Date.now();
      const to = username.trim().toLowerCase();
      // The wallet shows what is authorised; the server rebuilds this text from the request (issue 9 point 6).
      const signContent = buildTransferSignText({
        host: window.location.host,
        amount,
        currency,
        username: to,
        timestampMs: timestamp,
      });
      const sign = await connector.signMessage(address, signContent);
      await call('transfer', { body: { amount, currency, username: to, sign, signContent, timestamp } });
      showToast(t('transfer.done', { amount, currency: currency.toUpperCase(), username: to }), 'success');
      setAmount('');
      await queryClient.invalidateQueries({ queryKey: ASSETS_KEY });
      await queryClient.invalidateQueries({ queryKey: ['statement'] });
    } catch (error) {
      const detail =
        error instanceof ApiError && error.code === 1230
          ? t('messages.ms23')
          : walletFailureMessage(error, t, (k) => i18n.exists(k), session.chain ?? CHAINS.bsc.name);
      showToast(`${t('messages.coin_W')}: ${detail}`, 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="stack-sm card form-card" onSubmit={submit} noValidate data-testid="transfer-form">
      <InputField
        label={t('transfer.to')}
        error={errors.username}
        placeholder={t('transfer.toPlaceholder')}
        autoComplete="off"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        name="username"
      />
      <CurrencyChips value={currency} onChange={setCurrency} label={t('transfer.currency')} />
      <InputField
        label={t('transfer.amount')}
        error={errors.amount}
        inputMode="decimal"
        placeholder="0.00"
        value={amount}
        onChange={(e) => setAmount(e.target.value.trim())}
        name="amount"
      />
      <div className="row-between small">
        <span className="muted" data-testid="transfer-available">
          {t('transfer.available', { amount: formatAmount(available, 6), currency: currency.toUpperCase() })}
        </span>
        <button type="button" className="link-button" onClick={() => setAmount(available)}>
          {t('transfer.max')}
        </button>
      </div>
      <p className="muted small">{t('transfer.signHint')}</p>
      {holdUntil !== null && <SecurityHoldNotice until={holdUntil} />}
      <button type="submit" className="button" disabled={busy || holdUntil !== null}>
        {busy ? t('auth.waitingForWallet') : t('transfer.submit')}
      </button>
    </form>
  );
}
