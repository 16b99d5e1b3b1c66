import { buildChangeEmailSignText, type TChainName } from '@aidf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { CodeField } from '../../components/CodeField.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { EmailCodeFields } from '../../components/EmailCodeFields.tsx';
import { AUTHENTICATOR_KEY, TotpField } from '../../components/TotpField.tsx';
import { showToast } from '../../components/toast.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { emailProblem } from '../../lib/email-rules.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useApi } from '../../lib/use-api.ts';
import { useCodeSender } from '../../lib/use-code-sender.ts';
import { useWalletAction } from '../../lib/use-wallet-action.ts';

interface Code {
  id: string | null;
  value: string;
}
const NO_CODE: Code = { id: null, value: '' };

/**
 * Changes the account's e-mail, or adds one: a code mailed to the new address, then the owner's proof as for a bind
 * (the bound wallet's signature, or a code mailed to the current address), and the authenticator's code when it is
 * on. `boundChain` is the chain of a bound wallet, null when the account has none.
 */
export function EmailDialog({
  current,
  boundChain,
  onClose,
}: {
  current: string | null;
  boundChain: TChainName | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const call = useApi();
  const queryClient = useQueryClient();
  const wallet = useWalletAction();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [code, setCode] = useState<Code>(NO_CODE);
  const [ownerCode, setOwnerCode] = useState<Code>(NO_CODE);
  const [totpCode, setTotpCode] = useState('');
  const [busy, setBusy] = useState(false);
  const newSender = useCodeSender();
  const ownerSender = useCodeSender();
  const byOwnerCode = boundChain === null && current !== null;
  const fail = (error: unknown) =>
    showToast(
      errorMessage(error, t, (k) => i18n.exists(k)),
      'error',
    );
  const newEmail = () => email.trim().toLowerCase();
  const checkEmail = () => {
    const problem = emailProblem(newEmail());
    setEmailError(problem ? t(problem) : null);
    return problem === null;
  };

  async function sendCode(to: 'new' | 'current') {
    if (to === 'new' && !checkEmail()) return;
    const id = await (to === 'new' ? newSender : ownerSender).send(() =>
      call('emailChangeCode', { body: { email: to === 'new' ? newEmail() : (current ?? ''), to } }),
    );
    if (id) (to === 'new' ? setCode : setOwnerCode)((c) => ({ ...c, id }));
  }

  const change = async (proof: object) => {
    const body = {
      email: newEmail(),
      verifyCodeId: code.id ?? '',
      verifyCode: code.value,
      ...proof,
      ...(totpCode ? { totpCode } : {}),
    };
    const user = await call('emailChange', { body });
    await queryClient.invalidateQueries({ queryKey: ['session-user'] });
    await queryClient.invalidateQueries({ queryKey: AUTHENTICATOR_KEY });
    onClose();
    return user;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!checkEmail()) return;
    if (!code.id || code.value.length !== 6 || (byOwnerCode && (!ownerCode.id || ownerCode.value.length !== 6))) {
      return showToast(t('messages.ecology_A2'), 'error');
    }
    const done = t(current ? 'email.changed' : 'email.added');
    if (boundChain) {
      await wallet.run(
        async (steps) => {
          const timestamp = Date.now();
          const signContent = buildChangeEmailSignText({
            host: window.location.host,
            timestampMs: timestamp,
            email: newEmail(),
          });
          return change({ sign: await steps.sign(signContent), signContent, timestamp });
        },
        { chain: boundChain, success: () => done },
      );
      return;
    }
    setBusy(true);
    try {
      await change(byOwnerCode ? { ownerCodeId: ownerCode.id, ownerCode: ownerCode.value } : {});
      showToast(done, 'success');
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={t(current ? 'email.changeTitle' : 'email.addTitle')} onClose={onClose} testId="email-dialog">
      <form className="stack-sm" onSubmit={submit} noValidate>
        <p className="muted small">
          {t(boundChain || !current ? 'email.textWallet' : 'email.textCode')} {t('email.holdNote')}
        </p>
        <EmailCodeFields
          label={t('email.newAddress')}
          email={email}
          onEmail={setEmail}
          onEmailBlur={checkEmail}
          emailError={emailError}
          code={code.value}
          onCode={(value) => setCode((c) => ({ ...c, value }))}
          onSend={() => sendCode('new')}
          secondsLeft={newSender.secondsLeft}
          name={{ email: 'new-email', code: 'new-email-code' }}
          codeTestId="new-email-code"
        />
        {byOwnerCode && (
          <>
            <p className="muted small">
              {t('email.ownerCode')} <bdi dir="ltr">{current}</bdi>
            </p>
            <CodeField
              code={ownerCode.value}
              onCode={(value) => setOwnerCode((c) => ({ ...c, value }))}
              onSend={() => sendCode('current')}
              secondsLeft={ownerSender.secondsLeft}
              name="owner-email-code"
              testId="owner-email-code"
            />
          </>
        )}
        <TotpField value={totpCode} onChange={setTotpCode} />
        <button type="submit" className="button" disabled={busy || wallet.busy} data-testid="email-submit">
          {wallet.busy ? t('auth.waitingForWallet') : t(boundChain ? 'email.signAndSave' : 'email.save')}
        </button>
      </form>
    </Dialog>
  );
}
