import { useTranslation } from '../i18n/use-translation.ts';
import { Field } from './Dialog.tsx';

/**
 * A 6-digit e-mail code with its "send code" button, blocked for the resend countdown (SPEC.md point 4: 60 s):
 * the sign-in dialog and the bind confirmation both use it.
 */
export function CodeField({
  code,
  onCode,
  onSend,
  secondsLeft,
  error,
  name,
  testId,
}: {
  code: string;
  onCode: (code: string) => void;
  onSend: () => void;
  secondsLeft: number;
  error?: string | null | undefined;
  name: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Field label={t('auth.code')} error={error}>
      <div className="input-row">
        <input
          className="input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          dir="ltr"
          placeholder={t('auth.codePlaceholder')}
          value={code}
          onChange={(e) => onCode(e.target.value.replace(/\D/g, ''))}
          name={name}
          data-testid={testId}
        />
        <button type="button" className="button button-quiet" onClick={onSend} disabled={secondsLeft > 0}>
          {secondsLeft > 0 ? t('auth.resendIn', { seconds: secondsLeft }) : t('auth.sendCode')}
        </button>
      </div>
    </Field>
  );
}
