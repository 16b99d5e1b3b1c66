import { buildResetPasswordSignText, CHAINS, type TChainName } from '@aidf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Dialog, InputField } from '../../components/Dialog.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { passwordMeetsPolicy } from '../../lib/email-rules.ts';
import { useFormChecks } from '../../lib/form-checks.ts';
import { openLoginDialog } from '../../lib/login-dialog.ts';
import { useSession } from '../../lib/session.ts';
import { useApiWithToken } from '../../lib/use-api.ts';
import { useWalletAction } from '../../lib/use-wallet-action.ts';
import { completeLogin } from './complete-login.ts';

/** Thrown when the wallet answers with another account than the session's. */
const WALLET_MISMATCH = new Error("wallet account is not the session's");

/** Set or reset the password: the wallet bound to the account signs its readable text (SPEC.md point 5). */
export function ResetPasswordDialog() {
  const { t } = useTranslation();
  const call = useApiWithToken();
  const queryClient = useQueryClient();
  const session = useSession();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [pending, setPending] = useState<TChainName | null>(null);
  const wallet = useWalletAction();
  const { errors, validate } = useFormChecks({ password, confirm }, (v) => {
    if (v.password === '') return { password: t('messages.ms28') };
    if (!passwordMeetsPolicy(v.password)) return { password: t('errors.1221') };
    return v.confirm === v.password ? {} : { confirm: t('messages.ms44') };
  });

  async function signAndSubmit(chain: TChainName, event?: FormEvent) {
    event?.preventDefault();
    if (!validate()) return;
    setPending(chain);
    await wallet.run(
      async (steps) => {
        const { address } = await steps.connect();
        // A signed-in user must sign with the wallet of this session, not another account of the wallet.
        if (session.walletAddress && session.walletAddress.toLowerCase() !== address.toLowerCase()) {
          throw WALLET_MISMATCH;
        }
        const timestamp = Date.now();
        const signContent = buildResetPasswordSignText({ host: window.location.host, timestampMs: timestamp });
        const sign = await steps.sign(signContent);
        const result = await call('forgetPassword', {
          body: { newPassword: password, sign, signContent, timestamp, walletAddress: address },
        });
        completeLogin(result, { address, chain }, { t, queryClient, toastKey: 'messages.coin_L' });
      },
      // completeLogin says it with its own toast.
      {
        chain,
        success: () => null,
        failure: (error, message) => (error === WALLET_MISMATCH ? t('messages.walletMismatch') : message),
      },
    );
    setPending(null);
  }

  const chains = session.chain ? [session.chain] : [CHAINS.bsc.name, CHAINS.solana.name];
  return (
    <Dialog title={t('auth.resetTitle')} onClose={() => openLoginDialog(null)} testId="reset-password">
      <form className="stack-sm" onSubmit={(e) => signAndSubmit(chains[0] ?? CHAINS.bsc.name, e)} noValidate>
        <p className="muted small">{t('auth.resetText')}</p>
        <InputField
          label={t('auth.newPassword')}
          error={errors.password}
          type="password"
          autoComplete="new-password"
          placeholder={t('auth.passwordHint')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          name="newPassword"
        />
        <InputField
          label={t('auth.confirmPassword')}
          error={errors.confirm}
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          name="confirmPassword"
        />
        {chains.map((chain, i) => (
          <button
            key={chain}
            type={i === 0 ? 'submit' : 'button'}
            className={i === 0 ? 'button' : 'button button-quiet'}
            disabled={pending !== null}
            onClick={i === 0 ? undefined : () => signAndSubmit(chain)}
          >
            {pending === chain ? t('auth.waitingForWallet') : t('auth.signWithWallet', { chain })}
          </button>
        ))}
      </form>
    </Dialog>
  );
}
