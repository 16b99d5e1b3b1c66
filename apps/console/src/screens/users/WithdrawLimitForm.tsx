import { type TWithdrawCurrency, WITHDRAW_CURRENCIES } from '@aidf/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ApiError } from '../../api/client.ts';
import { CurrencyField, ProposalForm, ReasonField } from '../../components/ProposalForm.tsx';

/** The user's own limit to propose: a day's and/or a 30 days' amount (empty: that period is not proposed). */
export interface LimitTerms {
  currency: TWithdrawCurrency;
  day: string;
  days30: string;
  reason: string;
}

/** An amount of 0 or more, as the server takes it; anything else (a value below zero included) is refused. */
const AMOUNT = /^\d+(\.\d+)?$/;

/** The refusal the server itself answers (1225), shown before anything is sent. */
const notAnAmount = (value: string) => new ApiError(1225, `not an amount of 0 or more: '${value}'`, 400);

/**
 * Proposes one user's own withdrawal limit; each period given becomes a proposal a second finance operator or admin
 * approves on the Credits and approvals page.
 */
export function WithdrawLimitForm({
  onPropose,
  pending,
  error,
  proposalIds,
}: {
  onPropose: (terms: LimitTerms) => void;
  pending: boolean;
  error: unknown;
  proposalIds: string[] | null;
}) {
  const { t } = useTranslation();
  const [currency, setCurrency] = useState<TWithdrawCurrency>(WITHDRAW_CURRENCIES[0]);
  const [day, setDay] = useState('');
  const [days30, setDays30] = useState('');
  const [reason, setReason] = useState('');
  const [refused, setRefused] = useState<ApiError | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const given = [day.trim(), days30.trim()].filter((v) => v !== '');
    const bad = given.length === 0 ? '' : given.find((v) => !AMOUNT.test(v));
    if (bad !== undefined) {
      setRefused(notAnAmount(bad));
      return;
    }
    setRefused(null);
    onPropose({ currency, day: day.trim(), days30: days30.trim(), reason: reason.trim() });
  };
  return (
    <ProposalForm
      titleId="limit-form-title"
      title={t('users.limits.formTitle')}
      level={3}
      onSubmit={submit}
      submitLabel={t('users.limits.propose')}
      pending={pending}
      answer={
        proposalIds ? (
          <p className="notice" role="status" data-testid="limit-proposed">
            {t('users.limits.proposed', { ids: proposalIds.join(', ') })}{' '}
            <Link href="/credits">{t('credits.title')}</Link>
          </p>
        ) : null
      }
      error={refused ?? error}
    >
      <CurrencyField
        label={t('users.currency')}
        value={currency}
        currencies={WITHDRAW_CURRENCIES}
        onChange={setCurrency}
      />
      <label>
        {t('users.limits.day')}
        <input value={day} onChange={(e) => setDay(e.target.value)} inputMode="decimal" />
      </label>
      <label>
        {t('users.limits.days30')}
        <input value={days30} onChange={(e) => setDays30(e.target.value)} inputMode="decimal" />
      </label>
      <ReasonField label={t('users.limits.reason')} value={reason} onChange={setReason} />
    </ProposalForm>
  );
}
