import { VERIFY_CODE_COUNTDOWN_S } from '@aidf/contract';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../components/CodeField.tsx';
import { showToast } from '../../components/toast.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { useApi } from '../../lib/use-api.ts';
import { useCountdown } from '../../lib/use-countdown.ts';

export interface EmailCode {
  verifyCodeId: string | null;
  verifyCode: string;
}

/**
 * The e-mail code that confirms a bind on an account with no wallet yet: the server mails a
 * 'bind-address' code to the signed-in account's own e-mail only.
 */
export function BindCodeField({
  email,
  value,
  onChange,
}: {
  email: string;
  value: EmailCode;
  onChange: (next: EmailCode) => void;
}) {
  const { t, i18n } = useTranslation();
  const call = useApi();
  const countdown = useCountdown();

  async function sendCode() {
    if (countdown.left > 0) return;
    countdown.start(VERIFY_CODE_COUNTDOWN_S);
    try {
      const verifyCodeId = await call('sendVerifyCode', { params: { receiver: email, bizType: 'bind-address' } });
      onChange({ ...value, verifyCodeId });
      showToast(t('auth.codeSent'), 'success');
    } catch (error) {
      countdown.start(0);
      showToast(
        errorMessage(error, t, (k) => i18n.exists(k)),
        'error',
      );
    }
  }

  return (
    <CodeField
      code={value.verifyCode}
      onCode={(verifyCode) => onChange({ ...value, verifyCode })}
      onSend={sendCode}
      secondsLeft={countdown.left}
      name="bind-code"
      testId="bind-code"
    />
  );
}
