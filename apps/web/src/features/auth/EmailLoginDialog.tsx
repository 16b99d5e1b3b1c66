import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Dialog, Field } from '../../components/Dialog.tsx';
import { EmailCodeFields } from '../../components/EmailCodeFields.tsx';
import { showToast } from '../../components/toast.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { emailProblem } from '../../lib/email-rules.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useFormChecks } from '../../lib/form-checks.ts';
import { openLoginDialog } from '../../lib/login-dialog.ts';
import { useApi, useApiWithToken } from '../../lib/use-api.ts';
import { useCodeSender } from '../../lib/use-code-sender.ts';
import { completeLogin } from './complete-login.ts';
import { useEffectiveInviteCode } from './use-followed-invite.ts';

export function EmailLoginDialog() {
  const { t, i18n } = useTranslation();
  const call = useApi();
  const callWithToken = useApiWithToken();
  const queryClient = useQueryClient();
  const sender = useCodeSender();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [codeId, setCodeId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [checkedEmail, setCheckedEmail] = useState<string | null>(null);
  const { inviteCode, locked } = useEffectiveInviteCode(checkedEmail);
  const fail = (error: unknown) =>
    showToast(
      errorMessage(error, t, (k) => i18n.exists(k)),
      'error',
    );

  const checks = useFormChecks({ email, code }, (v) => {
    const problem = emailProblem(v.email.trim());
    return {
      ...(problem ? { email: t(problem) } : {}),
      ...(v.code.trim() === '' ? { code: t('messages.ecology_A2') } : {}),
    };
  });

  // The e-mail is checked on blur (SPEC.md point 5), the code only at the submit.
  const checkEmail = () => {
    const ok = checks.touch('email');
    if (ok) setCheckedEmail(email.trim().toLowerCase());
    return ok;
  };

  async function sendCode() {
    if (!checkEmail()) return;
    const id = await sender.send(() =>
      call('sendVerifyCode', { params: { receiver: email.trim(), bizType: 'message-login' } }),
    );
    if (id) setCodeId(id);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    checkEmail();
    if (!checks.validate()) return;
    if (!codeId) return checks.reject('code', t('errors.1227'));
    setBusy(true);
    try {
      const result = await callWithToken('loginByMessage', {
        params: { loginName: email.trim() },
        body: { verifyCodeId: codeId, verifyCode: code.trim(), inviteCode },
      });
      completeLogin(result, null, { t, queryClient });
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={t('auth.emailLogin')} onClose={() => openLoginDialog(null)} testId="email-login">
      <form className="stack-sm" onSubmit={submit} noValidate>
        <EmailCodeFields
          label={t('auth.email')}
          email={email}
          onEmail={setEmail}
          onEmailBlur={checkEmail}
          emailError={checks.errors.email}
          code={code}
          onCode={setCode}
          onSend={sendCode}
          secondsLeft={sender.secondsLeft}
          codeError={checks.errors.code}
          name={{ email: 'email', code: 'code' }}
        />
        {inviteCode && (
          <Field label={t('auth.inviteCode')}>
            <input className="input" dir="ltr" value={inviteCode} readOnly data-testid="login-invite-code" />
            {locked && <span className="muted small">{t('inviter.boundAlready')}</span>}
          </Field>
        )}
        <button type="submit" className="button" disabled={busy}>
          {t('auth.signIn')}
        </button>
      </form>
    </Dialog>
  );
}
