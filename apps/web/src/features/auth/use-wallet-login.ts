import { buildSignContent, CHAINS, type TChainName } from '@aidf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../components/toast.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { refuseInvite } from '../../lib/invite.ts';
import { useApiWithToken } from '../../lib/use-api.ts';
import { walletFailureMessage } from '../../lib/wallet-message.ts';
import { connectorFor } from '../../wallet/index.ts';
import { WalletError } from '../../wallet/types.ts';
import { completeLogin } from './complete-login.ts';
import { useInviteCode } from './use-invite-code.ts';

/** Wallet sign-in: connect, sign 'Login-{ms}', POST addressLogin, keep the session. */
export function useWalletLogin() {
  const { t, i18n } = useTranslation();
  const call = useApiWithToken();
  const queryClient = useQueryClient();
  const inviteCode = useInviteCode();
  const [pending, setPending] = useState<TChainName | null>(null);

  async function login(chain: TChainName) {
    setPending(chain);
    try {
      const connector = await connectorFor(chain);
      const address = await connector.connect();
      const timestamp = Date.now();
      const signContent = buildSignContent('login', timestamp);
      const sign = await connector.signMessage(address, signContent);
      const currency = chain === CHAINS.bsc.name ? CHAINS.bsc.currency : CHAINS.solana.currency;
      const result = await call('addressLogin', {
        body: { currency, walletAddress: address, sign, signContent, timestamp, inviteCode },
      });
      completeLogin(result, { address, chain }, { t, queryClient });
    } catch (error) {
      // An invite code whose referrer does not exist would refuse every later sign-in: drop it for good.
      if (error instanceof ApiError && error.code === 81001 && inviteCode) refuseInvite(inviteCode);
      if (error instanceof WalletError && error.kind === 'notFound' && chain === CHAINS.solana.name) {
        showToast(t('messages.toWallet'), 'error');
        const { SOLANA_WALLET_DOWNLOAD_URL } = await import('../../wallet/solana.ts');
        window.open(SOLANA_WALLET_DOWNLOAD_URL, '_blank', 'noopener');
      } else {
        showToast(
          walletFailureMessage(error, t, (k) => i18n.exists(k), chain),
          'error',
        );
      }
    } finally {
      setPending(null);
    }
  }
  return { login, pending };
}
