import type { ReactNode } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';

/** The tips/confirm dialog before a bind or unbind (SPEC.md point 2). */
export function TipsDialog({
  title,
  text,
  busy,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  text: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** What else the change needs, such as the e-mail code that confirms a bind. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog title={title} onClose={onClose} testId="tips-dialog">
      <p className="muted">{text}</p>
      {children}
      <div className="button-row">
        <button type="button" className="button button-quiet" onClick={onClose}>
          {t('tips.cancel')}
        </button>
        <button type="button" className="button" onClick={onConfirm} disabled={busy}>
          {busy ? t('auth.waitingForWallet') : t('tips.confirm')}
        </button>
      </div>
    </Dialog>
  );
}
