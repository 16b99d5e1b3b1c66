import { buildAddressBookSignText } from '@aidf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CodeField } from '../../components/CodeField.tsx';
import { AUTHENTICATOR_KEY, TotpField } from '../../components/TotpField.tsx';
import { showToast } from '../../components/toast.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useUserInfo } from '../../lib/account-queries.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useApi } from '../../lib/use-api.ts';
import { useCodeSender } from '../../lib/use-code-sender.ts';
import { useWalletAction } from '../../lib/use-wallet-action.ts';

type Change = { change: 'add'; address: string } | { change: 'only-off' };
type Confirmation = (
  | { verifyCodeId: string; verifyCode: string }
  | { sign: string; signContent: string; timestamp: number }
) & {
  totpCode?: string;
};

/**
 * Confirms a change of the address book the way the account confirms (the server says which): a code mailed to its
 * own e-mail, or the bound wallet's signature of the change's readable text. `submit` sends it.
 */
export function BookConfirmation({
  confirmWith,
  change,
  submit,
  testId,
  label,
}: {
  confirmWith: 'email' | 'wallet';
  change: Change;
  submit: (confirmation: Confirmation) => Promise<unknown>;
  testId: string;
  /** What the button does: confirm an address, turn 'address book only' off. */
  label: string;
}) {
  const { t, i18n } = useTranslation();
  const email = useUserInfo().data?.email ?? null;
  const call = useApi();
  const sender = useCodeSender();
  const wallet = useWalletAction();
  const [code, setCode] = useState({ verifyCodeId: '', verifyCode: '' });
  const [busy, setBusy] = useState(false);
  const [totpCode, setTotpCode] = useState('');
  const queryClient = useQueryClient();
  // A recovery code spent here leaves one fewer: the authenticator card counts them.
  const send = async (confirmation: Confirmation) => {
    await submit({ ...confirmation, ...(totpCode ? { totpCode } : {}) });
    setTotpCode('');
    await queryClient.invalidateQueries({ queryKey: AUTHENTICATOR_KEY });
  };
  const totpField = <TotpField value={totpCode} onChange={setTotpCode} />;
  const fail = (error: unknown) =>
    showToast(
      errorMessage(error, t, (k) => i18n.exists(k)),
      'error',
    );

  if (confirmWith === 'wallet') {
    const confirmByWallet = () =>
      wallet.run(async (steps) => {
        const timestamp = Date.now();
        const signContent = buildAddressBookSignText({ host: window.location.host, timestampMs: timestamp, ...change });
        return send({ sign: await steps.sign(signContent), signContent, timestamp });
      });
    return (
      <div className="stack-sm">
        {totpField}
        <button type="button" className="button" onClick={confirmByWallet} disabled={wallet.busy} data-testid={testId}>
          {wallet.busy ? t('auth.waitingForWallet') : label}
        </button>
      </div>
    );
  }

  async function sendCode() {
    if (!email) return;
    const verifyCodeId = await sender.send(() =>
      call('sendVerifyCode', { params: { receiver: email, bizType: 'address-book' } }),
    );
    if (verifyCodeId) setCode((c) => ({ ...c, verifyCodeId }));
  }

  async function confirmByCode() {
    setBusy(true);
    try {
      await send(code);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="stack-sm">
      <CodeField
        code={code.verifyCode}
        onCode={(verifyCode) => setCode((c) => ({ ...c, verifyCode }))}
        onSend={sendCode}
        secondsLeft={sender.secondsLeft}
        name={`${testId}-code`}
        testId={`${testId}-code`}
      />
      {totpField}
      <button
        type="button"
        className="button"
        onClick={confirmByCode}
        disabled={busy || !code.verifyCodeId || code.verifyCode.length !== 6}
        data-testid={testId}
      >
        {label}
      </button>
    </div>
  );
}
