import type { TChainName } from '@aidf/contract';
import { type WalletConnector, WalletError } from './types.ts';
import { lastWallet } from './where.ts';

// One connector per chain and wallet for the page's life: finding the wallets (EIP-6963 waits 150 ms for
// announcements) is done once, not on every sign-in, signature or transfer. A failure is not kept, so a wallet the
// user installs or unlocks afterwards is found on the next try.
const connectors = new Map<string, Promise<WalletConnector>>();

/**
 * The connector of a chain's wallet: the one the user picked last (wallet/where.ts), else the only or first one
 * in the page. Wallet code is fetched only when a wallet is used.
 */
export function connectorFor(chain: TChainName): Promise<WalletConnector> {
  const key = `${chain}\n${lastWallet(chain) ?? ''}`;
  let connector = connectors.get(key);
  if (!connector) {
    connector = import('./discovery.ts').then(async ({ chosenWallet }) => {
      const wallet = await chosenWallet(chain);
      if (!wallet) throw new WalletError('notFound');
      return wallet.connector();
    });
    connectors.set(key, connector);
    connector.catch(() => connectors.delete(key));
  }
  return connector;
}
