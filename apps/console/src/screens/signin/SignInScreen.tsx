import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { enroll, login } from '../../api/auth.ts';
import { setSessionToken } from '../../api/session.ts';
import { ErrorLine } from '../../components/ErrorLine.tsx';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { EnrollPanel } from './EnrollPanel.tsx';

/**
 * Name, password and the authenticator's code. At the first sign-in the operator has no authenticator yet:
 * "Set up your authenticator" asks the server for the TOTP URI with the name and password typed here.
 */
export function SignInScreen() {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const signIn = useMutation({
    mutationFn: () => login({ username, password, totp }),
    onSuccess: (answer) => setSessionToken(answer.token),
  });
  const setUp = useMutation({ mutationFn: () => enroll({ username, password }) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate();
  };
  return (
    <div className="signin-page">
      <div className="signin-language">
        <LanguageSwitch />
      </div>
      <form className="card signin" onSubmit={submit}>
        <h1>{t('signin.title')}</h1>
        <label>
          {t('signin.username')}
          <input value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="username" required />
        </label>
        <label>
          {t('signin.password')}
          <input
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
            required
          />
        </label>
        {setUp.data ? <EnrollPanel uri={setUp.data.otpauthUri} /> : null}
        <label>
          {t('signin.totp')}
          <input
            value={totp}
            onChange={(e) => setTotp(e.target.value.replace(/\D/g, ''))}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={8}
            required
          />
        </label>
        <ErrorLine error={signIn.error ?? setUp.error} />
        <button type="submit" disabled={signIn.isPending}>
          {t('signin.submit')}
        </button>
        {setUp.data ? null : (
          <button
            type="button"
            className="link"
            disabled={!username || !password || setUp.isPending}
            onClick={() => {
              signIn.reset();
              setUp.mutate();
            }}
          >
            {t('signin.firstTime')}
          </button>
        )}
      </form>
    </div>
  );
}
