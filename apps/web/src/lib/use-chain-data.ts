import { CHAINS, type TChainCurrency, type TCurrency } from '@aidf/contract';
import { useQuery } from '@tanstack/react-query';
import { useSession } from './session.ts';
import { useApi } from './use-api.ts';

/** The signed-in session's chain as its currency code ('bnb' or 'sol'); BNB Smart Chain when none is set. */
export function useChainCurrency(): TChainCurrency {
  const session = useSession();
  return session.chain === CHAINS.solana.name ? 'sol' : 'bnb';
}

/** Token contracts and decimals per chain (GET /v1/ins/coin/config), cached for the session. */
export function useTokenConfig() {
  const call = useApi();
  return useQuery({ queryKey: ['coin-config'], queryFn: () => call('coinConfig', {}), staleTime: 5 * 60_000 });
}

/** The user's own deposit address for a currency on a chain. */
export function useDepositAddress(currency: TCurrency, chainCurrency: TChainCurrency) {
  const call = useApi();
  const mid = useSession().userInfo?.mid;
  return useQuery({
    queryKey: ['deposit-address', currency, chainCurrency, mid],
    queryFn: () => call('depositAddress', { params: { currency, chainCurrency, mid: mid ?? '', businessMode: 'A' } }),
    enabled: mid !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
