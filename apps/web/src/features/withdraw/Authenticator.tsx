import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { InputField } from '../../components/Dialog.tsx';
import { QrCode } from '../../components/QrCode.tsx';
import { AUTHENTICATOR_KEY, useAuthenticator } from '../../components/TotpField.tsx';
import { showToast } from '../../components/toast.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useApi } from '../../lib/use-api.ts';

/**
 * The authenticator card: set-up shows a QR code and the secret as text, one code turns it on, and the ten recovery
 * codes are shown this once; when on, one code (or a recovery code) turns it off.
 */
export function Authenticator() {
  const { t, i18n } = useTranslation();
  const call = useApi();
  const queryClient = useQueryClient();
  const state = useAuthenticator();
  const [setup, setSetup] = useState<{ secret: string; otpauthUri: string } | null>(null);
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const fail = (error: unknown) =>
    showToast(
      errorMessage(error, t, (k) => i18n.exists(k)),
      'error',
    );
  const refresh = () => queryClient.invalidateQueries({ queryKey: AUTHENTICATOR_KEY });
  if (!state.data) return null;

  async function start() {
    try {
      setSetup(await call('authenticatorSetup', {}));
    } catch (error) {
      fail(error);
    }
  }
  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      if (state.data?.enabled) {
        await call('authenticatorDisable', { body: { code } });
        showToast(t('authenticator.turnedOff'), 'success');
      } else {
        setRecovery((await call('authenticatorEnable', { body: { code } })).recoveryCodes);
        setSetup(null);
        showToast(t('authenticator.turnedOn'), 'success');
      }
      setCode('');
      await refresh();
    } catch (error) {
      fail(error);
    }
  }

  const codeForm = (button: string) => (
    <form className="stack-sm" onSubmit={submit} noValidate data-testid="authenticator-form">
      <InputField
        label={t('authenticator.code')}
        placeholder={t('authenticator.codePlaceholder')}
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value.trim())}
        name="authenticator-code"
      />
      <button type="submit" className="button button-quiet" disabled={code.length < 6}>
        {button}
      </button>
    </form>
  );

  return (
    <section className="card form-card stack-sm" data-testid="authenticator" data-enabled={state.data.enabled}>
      <div className="row-between">
        <h2 className="section-title">{t('authenticator.title')}</h2>
        <span className="badge">{state.data.enabled ? t('addressBook.onlyIsOn') : t('addressBook.onlyIsOff')}</span>
      </div>
      <p className="muted small">{t('authenticator.intro')}</p>
      {recovery && (
        <div className="notice stack-sm" data-testid="authenticator-recovery">
          <p>{t('authenticator.recoveryOnce')}</p>
          <ul className="mono small" dir="ltr">
            {recovery.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      )}
      {state.data.enabled && (
        <>
          <p className="muted small">{t('authenticator.recoveryLeft', { count: state.data.recoveryCodesLeft })}</p>
          {codeForm(t('authenticator.turnOff'))}
        </>
      )}
      {!state.data.enabled && !setup && (
        <button type="button" className="button button-quiet" onClick={start} data-testid="authenticator-start">
          {t('authenticator.setUp')}
        </button>
      )}
      {!state.data.enabled && setup && (
        <>
          <p className="small">{t('authenticator.scan')}</p>
          <QrCode text={setup.otpauthUri} label={t('authenticator.qrLabel')} testId="authenticator-qr" />
          <p className="small">
            {t('authenticator.secretText')}{' '}
            <bdi dir="ltr" className="mono" data-testid="authenticator-secret">
              {setup.secret}
            </bdi>
          </p>
          {codeForm(t('authenticator.turnOn'))}
        </>
      )}
    </section>
  );
}
