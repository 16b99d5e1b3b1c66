import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../components/Amount.tsx';
import { currencyLabel } from '../../lib/format.ts';
import type { Payout, PayoutAction } from './api.ts';

/** The reason is required: it goes into the audit trail with the action. */
export function ActionForm({
  payout,
  action,
  pending,
  onSubmit,
  onCancel,
}: {
  payout: Payout;
  action: PayoutAction;
  pending: boolean;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(reason.trim());
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="payout-action-title">
      <h2 id="payout-action-title">
        {t(action === 'retry' ? 'payouts.retryTitle' : 'payouts.refundTitle', { id: payout.id })}
      </h2>
      <p>
        {payout.username}: <Amount value={payout.amount} /> {currencyLabel(payout.currency)}
      </p>
      <p className="muted">{t(action === 'retry' ? 'payouts.retryHelp' : 'payouts.refundHelp')}</p>
      <label>
        {t('payouts.reason')}
        <textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} required />
      </label>
      <div className="row form-actions">
        <button
          type="submit"
          className={action === 'refund' ? 'danger' : undefined}
          disabled={pending || !reason.trim()}
        >
          {t(action === 'retry' ? 'payouts.confirmRetry' : 'payouts.confirmRefund')}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
