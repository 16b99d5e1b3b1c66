import { useTranslation } from '../i18n/use-translation.ts';
import { CodeField } from './CodeField.tsx';
import { InputField } from './Dialog.tsx';

/**
 * An e-mail address (checked when it loses focus) and the 6-digit code mailed to it, with its "send code" button:
 * the e-mail sign-in and the e-mail change both ask for them.
 */
export function EmailCodeFields({
  label,
  email,
  onEmail,
  onEmailBlur,
  emailError,
  code,
  onCode,
  onSend,
  secondsLeft,
  codeError,
  name,
  codeTestId,
}: {
  label: string;
  email: string;
  onEmail: (email: string) => void;
  onEmailBlur: () => void;
  emailError: string | null | undefined;
  code: string;
  onCode: (code: string) => void;
  onSend: () => void;
  secondsLeft: number;
  codeError?: string | null | undefined;
  /** The inputs' names (the browser's autofill and the tests find them by these). */
  name: { email: string; code: string };
  codeTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <InputField
        label={label}
        error={emailError}
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder={t('auth.emailPlaceholder')}
        value={email}
        onChange={(e) => onEmail(e.target.value)}
        onBlur={onEmailBlur}
        name={name.email}
      />
      <CodeField
        code={code}
        onCode={onCode}
        onSend={onSend}
        secondsLeft={secondsLeft}
        error={codeError}
        name={name.code}
        testId={codeTestId}
      />
    </>
  );
}
