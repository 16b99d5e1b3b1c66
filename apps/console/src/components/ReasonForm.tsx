import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * An operator's action on one item that needs a reason (retry, refund, skip…): the reason is required and goes into
 * the audit trail with the action. The screens say what the item and the action are; this holds the form.
 */
export function ReasonForm({
  id,
  title,
  summary,
  help,
  reasonLabel,
  confirmLabel,
  danger,
  pending,
  onSubmit,
  onCancel,
  testId,
}: {
  /** The heading's id, which names the form. */
  id: string;
  title: string;
  summary: ReactNode;
  help: string;
  reasonLabel: string;
  confirmLabel: string;
  /** An action that cannot be undone (a refund, a skip): its button says so. */
  danger: boolean;
  pending: boolean;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
  /** Shown as a dialog, found by this test id. */
  testId?: string;
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
      aria-labelledby={id}
      {...(testId ? { role: 'dialog', 'data-testid': testId } : {})}
    >
      <h2 id={id}>{title}</h2>
      <p>{summary}</p>
      <p className="muted">{help}</p>
      <label>
        {reasonLabel}
        <textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} required />
      </label>
      <div className="row form-actions">
        <button type="submit" className={danger ? 'danger' : undefined} disabled={pending || !reason.trim()}>
          {confirmLabel}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
