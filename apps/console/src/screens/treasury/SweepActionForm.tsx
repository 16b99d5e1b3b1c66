import type { TSweepRow } from '@aidf/contract';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../components/Amount.tsx';
import { ReasonForm } from '../../components/ReasonForm.tsx';
import { chainName } from '../../lib/format.ts';
import type { SweepAction } from './api.ts';

/** Retry or skip one sweep: the reason is required, it goes into the audit trail with the action. */
export function SweepActionForm({
  sweep,
  action,
  pending,
  onSubmit,
  onCancel,
}: {
  sweep: TSweepRow;
  action: SweepAction;
  pending: boolean;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const retry = action === 'retry';
  return (
    <ReasonForm
      id="sweep-action-title"
      testId="sweep-action"
      title={t(retry ? 'treasury.retryTitle' : 'treasury.skipTitle', { id: sweep.id })}
      summary={
        <>
          <Amount value={sweep.amount} currency={sweep.currency} /> · {chainName(sweep.chain)}
        </>
      }
      help={t(retry ? 'treasury.retryHelp' : 'treasury.skipHelp')}
      reasonLabel={t('treasury.reason')}
      confirmLabel={t(retry ? 'treasury.confirmRetry' : 'treasury.confirmSkip')}
      danger={!retry}
      pending={pending}
      onSubmit={onSubmit}
      onCancel={onCancel}
    />
  );
}
