import type { TPayoutRow } from '@aidf/contract';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../components/Amount.tsx';
import { ReasonForm } from '../../components/ReasonForm.tsx';
import type { PayoutAction } from './api.ts';

/** Retry or refund one held payout: the reason is required, it goes into the audit trail with the action. */
export function ActionForm({
  payout,
  action,
  pending,
  onSubmit,
  onCancel,
}: {
  payout: TPayoutRow;
  action: PayoutAction;
  pending: boolean;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const retry = action === 'retry';
  return (
    <ReasonForm
      id="payout-action-title"
      title={t(retry ? 'payouts.retryTitle' : 'payouts.refundTitle', { id: payout.id })}
      summary={
        <>
          {payout.username}: <Amount value={payout.amount} currency={payout.currency} />
        </>
      }
      help={t(retry ? 'payouts.retryHelp' : 'payouts.refundHelp')}
      reasonLabel={t('payouts.reason')}
      confirmLabel={t(retry ? 'payouts.confirmRetry' : 'payouts.confirmRefund')}
      danger={!retry}
      pending={pending}
      onSubmit={onSubmit}
      onCancel={onCancel}
    />
  );
}
