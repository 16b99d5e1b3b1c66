import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../components/Amount.tsx';
import { currencyLabel } from '../../lib/format.ts';
import type { Sweep, SweepAction } from './api.ts';

/** Retry or skip one sweep: the reason is required, it goes into the audit trail with the action. */
export function SweepActionForm({
  sweep,
  action,
  pending,
  onSubmit,
  onCancel,
}: {
  sweep: Sweep;
  action: SweepAction;
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
    <form
      className="card"
      onSubmit={submit}
      aria-labelledby="sweep-action-title"
      role="dialog"
      data-testid="sweep-action"
    >
      <h2 id="sweep-action-title">
        {t(action === 'retry' ? 'treasury.retryTitle' : 'treasury.skipTitle', { id: sweep.id })}
      </h2>
      <p>
        <Amount value={sweep.amount} /> {currencyLabel(sweep.currency)} · {sweep.chain}
      </p>
      <p className="muted">{t(action === 'retry' ? 'treasury.retryHelp' : 'treasury.skipHelp')}</p>
      <label>
        {t('treasury.reason')}
        <textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} required />
      </label>
      <div className="row form-actions">
        <button type="submit" className={action === 'skip' ? 'danger' : undefined} disabled={pending || !reason.trim()}>
          {t(action === 'retry' ? 'treasury.confirmRetry' : 'treasury.confirmSkip')}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
