import { buildSignContent, CHAINS, type TChainName } from '@aidf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../components/toast.tsx';
import { BOUND_ADDRESSES_KEY } from '../../lib/account-queries.ts';
import { useApi } from '../../lib/use-api.ts';
import { walletFailureMessage } from '../../lib/wallet-message.ts';
import { connectorFor } from '../../wallet/index.ts';

/**
 * How a bind is confirmed (issue 9 point 1): the wallet already bound (on the other chain) signs the same
 * text, or, on an account with no wallet, a code mailed to the account's e-mail.
 */
export type BindConfirmation =
  | { by: 'wallet'; chain: TChainName }
  | { by: 'email'; verifyCodeId: string; verifyCode: string };

async function confirmationFields(confirmation: BindConfirmation | undefined, signContent: string) {
  if (!confirmation) return {};
  if (confirmation.by === 'email') {
    return { verifyCodeId: confirmation.verifyCodeId, verifyCode: confirmation.verifyCode };
  }
  const connector = await connectorFor(confirmation.chain);
  const address = await connector.connect();
  return { authSign: await connector.signMessage(address, signContent), authSignContent: signContent };
}

/** Bind or unbind the address of a chain with a fresh 'bindAddress-' / 'unbindAddress-' signature. */
export function useAddressChange() {
  const { t, i18n } = useTranslation();
  const call = useApi();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  async function change(kind: 'bind' | 'unbind', chain: TChainName, confirmation?: BindConfirmation) {
    setPending(true);
    // A failure of the confirming wallet names that wallet's chain.
    let failingChain = chain;
    try {
      const connector = await connectorFor(chain);
      const address = await connector.connect();
      const timestamp = Date.now();
      const signContent = buildSignContent(kind === 'bind' ? 'bindAddress' : 'unbindAddress', timestamp);
      const sign = await connector.signMessage(address, signContent);
      failingChain = confirmation?.by === 'wallet' ? confirmation.chain : chain;
      const confirm = kind === 'bind' ? await confirmationFields(confirmation, signContent) : {};
      failingChain = chain;
      const currency = chain === CHAINS.bsc.name ? CHAINS.bsc.currency : CHAINS.solana.currency;
      const body = { currency, sign, signContent, timestamp, walletAddress: address, ...confirm };
      await call(kind === 'bind' ? 'bindAddress' : 'unBindAddress', { body });
      showToast(t(kind === 'bind' ? 'messages.ms14' : 'messages.ms15'), 'success');
      // The change starts a hold on transfers and withdrawals, which the user info answer carries.
      await queryClient.invalidateQueries({ queryKey: BOUND_ADDRESSES_KEY });
      await queryClient.invalidateQueries({ queryKey: ['session-user'] });
      return true;
    } catch (error) {
      showToast(
        walletFailureMessage(error, t, (k) => i18n.exists(k), failingChain),
        'error',
      );
      return false;
    } finally {
      setPending(false);
    }
  }
  return { change, pending };
}
