import { formatAmount } from '@aidf/contract';
import { useTranslation } from '../../i18n/use-translation.ts';
import { formatDateTime } from '../../lib/format.ts';
import type { TransferDraft } from './TransferReview.tsx';

export interface TransferDone extends TransferDraft {
  movementId: string;
  at: number;
}

/** What was sent, to whom, when, and the movement id the statements and support know it by. */
export function TransferReceipt({ done, onAgain }: { done: TransferDone; onAgain: () => void }) {
  const { t, i18n } = useTranslation();
  const unit = done.currency.toUpperCase();
  return (
    <section className="card form-card stack-sm receipt" data-testid="transfer-receipt" aria-live="polite">
      <p className="receipt-check" aria-hidden="true">
        ✓
      </p>
      <h2 className="section-title receipt-title">{t('transfer.receiptTitle')}</h2>
      <p className="review-amount">
        <bdi dir="ltr">
          -{formatAmount(done.amount, 18)} {unit}
        </bdi>
      </p>
      <dl className="facts">
        <div>
          <dt>{t('transfer.reviewTo')}</dt>
          <dd>{done.recipient.username}</dd>
        </div>
        <div>
          <dt>{t('transfer.receiptTime')}</dt>
          <dd>{formatDateTime(done.at, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('transfer.receiptId')}</dt>
          <dd>
            <bdi dir="ltr" className="mono" data-testid="receipt-id">
              {done.movementId}
            </bdi>
          </dd>
        </div>
      </dl>
      <button type="button" className="button" onClick={onAgain} data-testid="transfer-again">
        {t('transfer.again')}
      </button>
    </section>
  );
}
