import { CURRENCIES, type TCurrency } from '@aidf/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CurrencyField, ProposalForm, ReasonField } from '../../components/ProposalForm.tsx';
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
    <ProposalForm
      titleId="credit-title"
      title={t('credits.formTitle')}
      onSubmit={submit}
      submitLabel={t('credits.submit')}
      pending={credit.isPending}
      answer={
        answer ? (
          <p className="notice" role="status" data-testid="credit-result">
            {answer.status === 'credited'
              ? t('credits.applied', { username: answer.username })
              : t('credits.proposed', { username: answer.username, id: answer.proposalId })}
          </p>
        ) : null
      }
      error={credit.error}
    >
      <label>
        {t('credits.username')}
        <input value={username} onChange={(e) => setUsername(e.target.value)} required />
      </label>
      <CurrencyField label={t('credits.currency')} value={currency} currencies={CURRENCIES} onChange={setCurrency} />
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
      <ReasonField label={t('credits.reason')} value={reason} onChange={setReason} />
    </ProposalForm>
  );
}
