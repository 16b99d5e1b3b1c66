import { buildSignContent, CHAINS, type TChainName } from '@aidf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../components/toast.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { useApi } from '../../lib/use-api.ts';
import { connectorFor } from '../../wallet/index.ts';
import { WalletError } from '../../wallet/types.ts';
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
      const message =
        error instanceof WalletError
          ? t(error.kind === 'rejected' ? 'messages.ms6' : 'messages.ms7')
          : errorMessage(error, t, (k) => i18n.exists(k));
      showToast(message, 'error');
      return false;
    } finally {
      setPending(false);
    }
  }
  return { change, pending };
}
