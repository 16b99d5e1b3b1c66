import { CodeField } from '../../components/CodeField.tsx';
import { useApi } from '../../lib/use-api.ts';
import { useCodeSender } from '../../lib/use-code-sender.ts';

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
  const call = useApi();
  const sender = useCodeSender();

  async function sendCode() {
    const verifyCodeId = await sender.send(() =>
      call('sendVerifyCode', { params: { receiver: email, bizType: 'bind-address' } }),
    );
    if (verifyCodeId) onChange({ ...value, verifyCodeId });
  }

  return (
    <CodeField
      code={value.verifyCode}
      onCode={(verifyCode) => onChange({ ...value, verifyCode })}
      onSend={sendCode}
      secondsLeft={sender.secondsLeft}
      name="bind-code"
      testId="bind-code"
    />
  );
}
