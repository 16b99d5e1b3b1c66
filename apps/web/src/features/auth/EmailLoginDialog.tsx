import { VERIFY_CODE_COUNTDOWN_S } from '@aidf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../components/CodeField.tsx';
import { Dialog, Field, InputField } from '../../components/Dialog.tsx';
import { showToast } from '../../components/toast.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { openLoginDialog } from '../../lib/login-dialog.ts';
import { useApi, useApiWithToken } from '../../lib/use-api.ts';
import { useCountdown } from '../../lib/use-countdown.ts';
import { completeLogin } from './complete-login.ts';
import { emailProblem } from './email-rules.ts';
import { useEffectiveInviteCode } from './use-followed-invite.ts';

export function EmailLoginDialog() {
  const { t, i18n } = useTranslation();
  const call = useApi();
  const callWithToken = useApiWithToken();
  const queryClient = useQueryClient();
  const countdown = useCountdown();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [codeId, setCodeId] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [checkedEmail, setCheckedEmail] = useState<string | null>(null);
  const { inviteCode, locked } = useEffectiveInviteCode(checkedEmail);
  const fail = (error: unknown) =>
    showToast(
      errorMessage(error, t, (k) => i18n.exists(k)),
      'error',
    );

  const checkEmail = () => {
    const problem = emailProblem(email.trim());
    setEmailError(problem ? t(problem) : null);
    if (!problem) setCheckedEmail(email.trim().toLowerCase());
    return problem === null;
  };

  async function sendCode() {
    if (!checkEmail() || countdown.left > 0) return;
    countdown.start(VERIFY_CODE_COUNTDOWN_S);
    try {
      const id = await call('sendVerifyCode', { params: { receiver: email.trim(), bizType: 'message-login' } });
      setCodeId(id);
      showToast(t('auth.codeSent'), 'success');
    } catch (error) {
      countdown.start(0);
      fail(error);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const emailOk = checkEmail();
    const codeOk = code.trim() !== '';
    setCodeError(codeOk ? null : t('messages.ecology_A2'));
    if (!emailOk || !codeOk) return;
    if (!codeId) return setCodeError(t('errors.1227'));
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
        <InputField
          label={t('auth.email')}
          error={emailError}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('auth.emailPlaceholder')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={checkEmail}
          name="email"
        />
        <CodeField
          code={code}
          onCode={setCode}
          onSend={sendCode}
          secondsLeft={countdown.left}
          error={codeError}
          name="code"
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
