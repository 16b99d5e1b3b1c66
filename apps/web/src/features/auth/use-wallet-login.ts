import { buildSignContent, CHAINS, type TChainName } from '@aidf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ApiError } from '../../lib/api-client.ts';
import { refuseInvite } from '../../lib/invite.ts';
import { useApiWithToken } from '../../lib/use-api.ts';
import { useWalletAction } from '../../lib/use-wallet-action.ts';
import { WalletError } from '../../wallet/types.ts';
import { rememberWallet } from '../../wallet/where.ts';
import { completeLogin } from './complete-login.ts';
import { useInviteCode } from './use-invite-code.ts';

/**
 * Wallet sign-in: connect, sign 'Login-{ms}', POST addressLogin, keep the session. `walletId` is the wallet the
 * user picked (ChainPickerDialog); it becomes the chain's wallet for every later action.
 */
export function useWalletLogin() {
  const { t } = useTranslation();
  const call = useApiWithToken();
  const queryClient = useQueryClient();
  const inviteCode = useInviteCode();
  const [pending, setPending] = useState<TChainName | null>(null);
  const wallet = useWalletAction();

  async function login(chain: TChainName, walletId?: string) {
    if (walletId) rememberWallet(chain, walletId);
    setPending(chain);
    await wallet.run(
      async (steps) => {
        const { address } = await steps.connect();
        const timestamp = Date.now();
        const signContent = buildSignContent('login', timestamp);
        const sign = await steps.sign(signContent);
        const currency = chain === CHAINS.bsc.name ? CHAINS.bsc.currency : CHAINS.solana.currency;
        const result = await call('addressLogin', {
          body: { currency, walletAddress: address, sign, signContent, timestamp, inviteCode },
        });
        completeLogin(result, { address, chain }, { t, queryClient });
      },
      {
        chain,
        // completeLogin says it with its own toast.
        success: () => null,
        failure: (error, message) => {
          // An invite code whose referrer does not exist would refuse every later sign-in: drop it for good.
          if (error instanceof ApiError && error.code === 81001 && inviteCode) refuseInvite(inviteCode);
          if (error instanceof WalletError && error.kind === 'notFound' && chain === CHAINS.solana.name) {
            void import('../../wallet/solana.ts').then(({ SOLANA_WALLET_DOWNLOAD_URL }) =>
              window.open(SOLANA_WALLET_DOWNLOAD_URL, '_blank', 'noopener'),
            );
            return t('messages.toWallet');
          }
          return message;
        },
      },
    );
    setPending(null);
  }
  return { login, pending };
}
