import { type InputHTMLAttributes, type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { CrossIcon } from './icons.tsx';

/** A bottom sheet on phones (a centred card on wide screens) that closes on Escape or the backdrop. */
export function Dialog({
  title,
  onClose,
  children,
  testId,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  // Once on open: focus the first control and close on Escape.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close.current();
    window.addEventListener('keydown', onKey);
    panel.current?.querySelector<HTMLElement>('input, button:not(.dialog-close)')?.focus();
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div className="dialog-backdrop">
      <button type="button" className="dialog-scrim" tabIndex={-1} aria-label={t('common.close')} onClick={onClose} />
      <div
        ref={panel}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
      >
        <div className="dialog-head">
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          <button type="button" className="icon-button dialog-close" onClick={onClose} aria-label={t('common.close')}>
            <CrossIcon />
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}

/** A labelled input with its error line below. */
export function Field({
  label,
  error,
  children,
}: {
  label: string;
  error?: string | null | undefined;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child passed in
    <label className="field">
      <span className="field-label">{label}</span>
      {children}
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </label>
  );
}

/** A labelled text input of a dialog form; left-to-right, as logins, e-mails and codes are. */
export function InputField({
  label,
  error,
  ...input
}: { label: string; error?: string | null | undefined } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field label={label} error={error}>
      <input className="input" dir="ltr" {...input} />
    </Field>
  );
}
