import {
  buildTransferSignText,
  canonicalUsername,
  compareAmounts,
  isPositiveAmountText,
  type TCurrency,
} from '@aidf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { CurrencyChips } from '../../components/CurrencyChips.tsx';
import { InputField } from '../../components/Dialog.tsx';
import { SecurityHoldNotice } from '../../components/SecurityHoldNotice.tsx';
import { showToast } from '../../components/toast.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useFormChecks } from '../../lib/form-checks.ts';
import { amountText } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useApi } from '../../lib/use-api.ts';
import { ASSETS_KEY, balanceIn, useAssets } from '../../lib/use-assets.ts';
import { useSecurityHold } from '../../lib/use-security-hold.ts';
import { useWalletAction } from '../../lib/use-wallet-action.ts';
import { walletFailureMessage } from '../../lib/wallet-message.ts';
import { recentRecipients, rememberRecipient } from './recent-recipients.ts';
import { type TransferDone, TransferReceipt } from './TransferReceipt.tsx';
import { type TransferDraft, TransferReview } from './TransferReview.tsx';

/**
 * /internalTransfer: the form, then the recipient looked up before anything is signed (unknown
 * names refused at once), a review sheet, the wallet's signature, and a receipt with the movement id.
 */
export default function InternalTransferScreen() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const call = useApi();
  const queryClient = useQueryClient();
  const assets = useAssets();
  const holdUntil = useSecurityHold();
  const mid = session.userInfo?.mid ?? '';
  const [username, setUsername] = useState('');
  const [currency, setCurrency] = useState<TCurrency>('usdt');
  const [amount, setAmount] = useState('');
  const [lookingUp, setLookingUp] = useState(false);
  const [draft, setDraft] = useState<TransferDraft | null>(null);
  const wallet = useWalletAction();
  const [done, setDone] = useState<TransferDone | null>(null);
  // Unknown until the assets have loaded: not a balance of 0, which would refuse every amount and show "0 available".
  const available = assets.data ? balanceIn(assets.data, currency) : null;
  const recent = mid ? recentRecipients(mid) : [];

  const checks = useFormChecks({ username, amount }, (v) => {
    const next: { username?: string; amount?: string } = {};
    const to = canonicalUsername(v.username.trim());
    if (!to) next.username = t('transfer.needTo');
    else if (to === session.userInfo?.username) next.username = t('transfer.notSelf');
    if (!v.amount) next.amount = t('transfer.needAmount');
    else if (!isPositiveAmountText(v.amount)) next.amount = t('transfer.badAmount');
    else if (available !== null && compareAmounts(v.amount, available) > 0) next.amount = t('messages.ms23');
    return next;
  });
  const { errors } = checks;

  async function review(event: FormEvent) {
    event.preventDefault();
    if (!checks.validate()) return;
    setLookingUp(true);
    try {
      const recipient = await call('transferRecipient', { params: { username: canonicalUsername(username.trim()) } });
      // The review shows the balance after the transfer: read it now if the screen had not loaded it yet.
      const balance = available ?? balanceIn((await assets.refetch()).data, currency);
      if (compareAmounts(amount, balance) > 0) {
        checks.reject('amount', t('messages.ms23'));
        return;
      }
      setDraft({ recipient, currency, amount, available: balance });
    } catch (error) {
      if (error instanceof ApiError && (error.code === 1226 || error.code === 1225)) {
        checks.reject('username', t(error.code === 1226 ? 'errors.1226' : 'transfer.notSelf'));
      } else {
        showToast(
          walletFailureMessage(error, t, (k) => i18n.exists(k)),
          'error',
        );
      }
    } finally {
      setLookingUp(false);
    }
  }

  async function confirm() {
    if (!draft) return;
    const to = draft.recipient.username;
    const movementId = await wallet.run(
      async (steps) => {
        const timestamp = Date.now();
        // The wallet shows what is authorised; the server rebuilds this text from the request.
        const signContent = buildTransferSignText({
          host: window.location.host,
          amount: draft.amount,
          currency: draft.currency,
          username: to,
          timestampMs: timestamp,
        });
        const sign = await steps.sign(signContent);
        const body = { amount: draft.amount, currency: draft.currency, username: to, sign, signContent, timestamp };
        return (await call('transfer', { body })).movementId;
      },
      {
        success: () => t('transfer.done', { amount: amountText(draft.amount, draft.currency, 18), username: to }),
        failure: (error, message) =>
          `${t('messages.coin_W')}: ${error instanceof ApiError && error.code === 1230 ? t('messages.ms23') : message}`,
      },
    );
    if (movementId === undefined) return;
    if (mid) rememberRecipient(mid, to);
    setDone({ ...draft, movementId, at: Date.now() });
    setDraft(null);
    setAmount('');
    checks.reset();
    await queryClient.invalidateQueries({ queryKey: ASSETS_KEY });
    await queryClient.invalidateQueries({ queryKey: ['statement'] });
  }

  if (done) return <TransferReceipt done={done} onAgain={() => setDone(null)} />;

  return (
    <>
      <form className="stack-sm card form-card" onSubmit={review} noValidate data-testid="transfer-form">
        <InputField
          label={t('transfer.to')}
          error={errors.username}
          placeholder={t('transfer.toPlaceholder')}
          autoComplete="off"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          name="username"
        />
        {recent.length > 0 && (
          <fieldset className="chips chips-inline">
            <legend className="muted small">{t('transfer.recent')}</legend>
            {recent.map((name) => (
              <button
                key={name}
                type="button"
                className="chip"
                onClick={() => setUsername(name)}
                data-testid="recent-recipient"
              >
                {name}
              </button>
            ))}
          </fieldset>
        )}
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
        {available !== null && (
          <div className="row-between small">
            <span className="muted" data-testid="transfer-available">
              {t('transfer.available', { amount: amountText(available, currency, 6) })}
            </span>
            <button type="button" className="link-button" onClick={() => setAmount(available)}>
              {t('transfer.max')}
            </button>
          </div>
        )}
        {holdUntil !== null && <SecurityHoldNotice until={holdUntil} />}
        <button type="submit" className="button" disabled={lookingUp || holdUntil !== null} data-testid="transfer-next">
          {lookingUp ? t('transfer.lookingUp') : t('transfer.next')}
        </button>
      </form>
      {draft && (
        <TransferReview
          draft={draft}
          busy={wallet.busy}
          onConfirm={() => void confirm()}
          onClose={() => setDraft(null)}
        />
      )}
    </>
  );
}
