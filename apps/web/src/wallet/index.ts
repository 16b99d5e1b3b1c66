import { CHAINS, type TChainName } from '@aidf/contract';
import type { WalletConnector } from './types.ts';

// One connector per chain for the page's life: finding the wallet (EIP-6963 waits 150 ms for announcements)
// is done once, not on every sign-in, signature or transfer. A failure is not kept, so a wallet the user
// installs or unlocks afterwards is found on the next try.
const connectors = new Map<TChainName, Promise<WalletConnector>>();

/** The connector of a chain; wallet code is fetched only when a wallet is used. */
export function connectorFor(chain: TChainName): Promise<WalletConnector> {
  let connector = connectors.get(chain);
  if (!connector) {
    connector =
      chain === CHAINS.bsc.name
        ? import('./evm.ts').then((m) => m.evmConnector())
        : import('./solana.ts').then((m) => m.solanaConnector());
    connectors.set(chain, connector);
    connector.catch(() => connectors.delete(chain));
  }
  return connector;
}
