import { buildSignContent, CHAINS, type TChainName } from '@aidf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../components/toast.tsx';
import { useApi } from '../../lib/use-api.ts';
import { connectorFor } from '../../wallet/index.ts';
import { walletFailureMessage } from '../auth/wallet-message.ts';
import { BOUND_ADDRESSES_KEY } from './api/account-queries.ts';

/** Bind or unbind the address of a chain with a fresh 'bindAddress-' / 'unbindAddress-' signature. */
export function useAddressChange() {
  const { t, i18n } = useTranslation();
  const call = useApi();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  async function change(kind: 'bind' | 'unbind', chain: TChainName): Promise<boolean> {
    setPending(true);
    try {
      const connector = await connectorFor(chain);
      const address = await connector.connect();
      const timestamp = Date.now();
      const signContent = buildSignContent(kind === 'bind' ? 'bindAddress' : 'unbindAddress', timestamp);
      const sign = await connector.signMessage(address, signContent);
      const currency = chain === CHAINS.bsc.name ? CHAINS.bsc.currency : CHAINS.solana.currency;
      const body = { currency, sign, signContent, timestamp, walletAddress: address };
      await call(kind === 'bind' ? 'bindAddress' : 'unBindAddress', { body });
      showToast(t(kind === 'bind' ? 'messages.ms14' : 'messages.ms15'), 'success');
      await queryClient.invalidateQueries({ queryKey: BOUND_ADDRESSES_KEY });
      return true;
    } catch (error) {
      showToast(
        walletFailureMessage(error, t, (k) => i18n.exists(k), chain),
        'error',
      );
      return false;
    } finally {
      setPending(false);
    }
  }
  return { change, pending };
}
