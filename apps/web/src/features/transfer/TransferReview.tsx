import { formatAmount, Money, type TCurrency, type TTransferRecipient } from '@aidf/contract';
import { Dialog } from '../../components/Dialog.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';

export interface TransferDraft {
  recipient: TTransferRecipient;
  currency: TCurrency;
  amount: string;
  available: string;
}

/** The sheet between the form and the wallet: who receives what, and what stays; confirming asks the wallet. */
export function TransferReview({
  draft,
  busy,
  onConfirm,
  onClose,
}: {
  draft: TransferDraft;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const unit = draft.currency.toUpperCase();
  const after = new Money(draft.available).minus(draft.amount).toFixed();
  const { recipient } = draft;
  return (
    <Dialog title={t('transfer.reviewTitle')} onClose={busy ? () => {} : onClose} testId="transfer-review">
      <div className="stack-sm">
        <p className="review-amount">
          <bdi dir="ltr">
            {formatAmount(draft.amount, 18)} {unit}
          </bdi>
        </p>
        <dl className="facts">
          <div>
            <dt>{t('transfer.reviewTo')}</dt>
            <dd data-testid="review-recipient">{recipient.username}</dd>
          </div>
          <div>
            <dt>{t('transfer.reviewWallet')}</dt>
            <dd>
              {recipient.maskedAddress ? (
                <bdi dir="ltr" className="mono" data-testid="review-address">
                  {recipient.maskedAddress}
                </bdi>
              ) : (
                <span className="muted">{t('transfer.noWallet')}</span>
              )}
            </dd>
          </div>
          <div>
            <dt>{t('transfer.reviewFee')}</dt>
            <dd>{t('transfer.noFee')}</dd>
          </div>
          <div>
            <dt>{t('transfer.reviewAfter')}</dt>
            <dd>
              <bdi dir="ltr">
                {formatAmount(after, 6)} {unit}
              </bdi>
            </dd>
          </div>
        </dl>
        <p className="muted small">{t('transfer.signHint')}</p>
        <button type="button" className="button" onClick={onConfirm} disabled={busy} data-testid="transfer-confirm">
          {busy ? t('auth.waitingForWallet') : t('transfer.confirm')}
        </button>
      </div>
    </Dialog>
  );
}
