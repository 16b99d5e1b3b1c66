import { CURRENCIES, type TCurrency } from '@aidf/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorLine } from '../../components/ErrorLine.tsx';
import { currencyLabel } from '../../lib/format.ts';
import { useCredit } from './api.ts';

/**
 * Credit a user's balance. Below the approval threshold it applies at once; above it, it becomes a proposal
 * a second operator approves. One request id per filled form: a double click or a retry credits once.
 */
export function CreditForm() {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [currency, setCurrency] = useState<TCurrency>('usdt');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const credit = useCredit();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    credit.mutate(
      { username: username.trim(), currency, amount: amount.trim(), reason: reason.trim(), requestId },
      {
        onSuccess: () => {
          setRequestId(crypto.randomUUID());
          setAmount('');
          setReason('');
        },
      },
    );
  };
  const answer = credit.data;
  return (
    <form className="card" onSubmit={submit} aria-labelledby="credit-title">
      <h2 id="credit-title">{t('credits.formTitle')}</h2>
      <div className="form-grid">
        <label>
          {t('credits.username')}
          <input value={username} onChange={(e) => setUsername(e.target.value)} required />
        </label>
        <label>
          {t('credits.currency')}
          <select value={currency} onChange={(e) => setCurrency(e.target.value as TCurrency)}>
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {currencyLabel(c)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('credits.amount')}
          <input
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            inputMode="decimal"
            pattern="[0-9]+(\.[0-9]+)?"
            required
          />
        </label>
        <label>
          {t('credits.reason')}
          <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} required />
        </label>
      </div>
      <div className="row form-actions">
        <button type="submit" disabled={credit.isPending}>
          {t('credits.submit')}
        </button>
        {answer ? (
          <p className="notice" role="status" data-testid="credit-result">
            {answer.status === 'credited'
              ? t('credits.applied', { username: answer.username })
              : t('credits.proposed', { username: answer.username, id: answer.proposalId })}
          </p>
        ) : null}
      </div>
      <ErrorLine error={credit.error} />
    </form>
  );
}
