import { CHAINS, type TChainName } from '@aidf/contract';
import type { WalletConnector } from './types.ts';

export { type WalletConnector, WalletError, type WalletErrorKind } from './types.ts';

/** The connector of a chain; wallet code is fetched only when a wallet is used. */
export async function connectorFor(chain: TChainName): Promise<WalletConnector> {
  if (chain === CHAINS.bsc.name) return (await import('./evm.ts')).evmConnector();
  return (await import('./solana.ts')).solanaConnector();
}
