import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The foot of a config editor: "Review" (enabled once the change and its reason are there) and Cancel, or, once
 * reviewing, the change in words with "Confirm and save" and Back. Nothing is saved before the confirmation.
 */
export function ConfirmChange(props: {
  confirming: boolean;
  /** The change in words, shown while confirming. */
  text: string;
  canReview: boolean;
  /** The confirm button's words when they are not "Confirm and save" (a proposal). */
  confirmLabel?: string | undefined;
  pending: boolean;
  onConfirm: () => void;
  onBack: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const textId = useId();
  if (!props.confirming) {
    return (
      <div className="row form-actions">
        <button type="submit" disabled={!props.canReview}>
          {t('config.review')}
        </button>
        <button type="button" className="secondary" onClick={props.onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    );
  }
  return (
    <div className="config-confirm" role="alertdialog" aria-labelledby={textId}>
      <p id={textId}>{props.text}</p>
      <div className="row">
        <button type="button" onClick={props.onConfirm} disabled={props.pending}>
          {props.confirmLabel ?? t('config.confirm')}
        </button>
        <button type="button" className="secondary" onClick={props.onBack}>
          {t('config.back')}
        </button>
      </div>
    </div>
  );
}
