import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Dialog, InputField } from '../../components/Dialog.tsx';
import { showToast } from '../../components/toast.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useFormChecks } from '../../lib/form-checks.ts';
import { openLoginDialog } from '../../lib/login-dialog.ts';
import { useApiWithToken } from '../../lib/use-api.ts';
import { completeLogin } from './complete-login.ts';
import { useInviteCode } from './use-invite-code.ts';

export function PasswordLoginDialog() {
  const { t, i18n } = useTranslation();
  const call = useApiWithToken();
  const queryClient = useQueryClient();
  const inviteCode = useInviteCode();
  const [loginName, setLoginName] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const { errors, validate } = useFormChecks({ loginName, password }, (v) => ({
    ...(v.loginName.trim() === '' ? { loginName: t('messages.ms2') } : {}),
    ...(v.password === '' ? { password: t('messages.ms3') } : {}),
  }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!validate()) return;
    setBusy(true);
    try {
      const name = loginName.trim();
      const result = await call('loginByMessage', {
        params: { loginName: name },
        body: { loginName: name, loginPwd: password, inviteCode },
      });
      completeLogin(result, null, { t, queryClient });
    } catch (error) {
      showToast(
        errorMessage(error, t, (k) => i18n.exists(k)),
        'error',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={t('auth.passwordLogin')} onClose={() => openLoginDialog(null)} testId="password-login">
      <form className="stack-sm" onSubmit={submit} noValidate>
        <InputField
          label={t('auth.loginName')}
          error={errors.loginName}
          autoComplete="username"
          placeholder={t('auth.loginNamePlaceholder')}
          value={loginName}
          onChange={(e) => setLoginName(e.target.value)}
          name="loginName"
        />
        <InputField
          label={t('auth.password')}
          error={errors.password}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          name="password"
        />
        <button type="button" className="link-button small" onClick={() => openLoginDialog('reset')}>
          {t('auth.forgotPassword')}
        </button>
        <button type="submit" className="button" disabled={busy}>
          {t('auth.signIn')}
        </button>
      </form>
    </Dialog>
  );
}
