import { BSC_CHAIN_ID_HEX } from '@aidf/contract';
import { evmContractCalls } from './evm-contracts.ts';
import { evmTransfers } from './evm-transfers.ts';
import { type WalletConnector, WalletError } from './types.ts';

export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
  on?(event: string, listener: (...args: unknown[]) => void): void;
  removeListener?(event: string, listener: (...args: unknown[]) => void): void;
}

declare global {
  interface Window {
    ethereum?: Eip1193Provider;
  }
}

const errorCode = (error: unknown) => (error as { code?: number } | null)?.code;

const BSC_NETWORK = {
  chainId: BSC_CHAIN_ID_HEX,
  chainName: 'BNB Smart Chain',
  nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
  rpcUrls: ['https://bsc-dataseed.bnbchain.org'],
  blockExplorerUrls: ['https://bscscan.com'],
};

/** Puts the wallet on chain 0x38, adding the network when the wallet does not know it (error 4902). */
async function ensureBsc(provider: Eip1193Provider) {
  if ((await provider.request({ method: 'eth_chainId' })) === BSC_CHAIN_ID_HEX) return;
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: BSC_CHAIN_ID_HEX }] });
  } catch (error) {
    if (errorCode(error) === 4001) throw new WalletError('rejected');
    if (errorCode(error) !== 4902) throw new WalletError('networkFail');
    try {
      await provider.request({ method: 'wallet_addEthereumChain', params: [BSC_NETWORK] });
    } catch (addError) {
      throw new WalletError(errorCode(addError) === 4001 ? 'rejected' : 'networkFail');
    }
  }
}

const toHex = (text: string) =>
  `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('')}`;

/** BNB Smart Chain through one EIP-1193 provider (the wallet the user picked, see discovery.ts). */
export function evmConnector(provider: Eip1193Provider): WalletConnector {
  return {
    ...evmTransfers(provider),
    contracts: evmContractCalls(provider),
    chain: 'BNB Smart Chain',
    async connect() {
      let accounts: unknown;
      try {
        accounts = await provider.request({ method: 'eth_requestAccounts' });
      } catch (error) {
        throw new WalletError(errorCode(error) === 4001 ? 'rejected' : 'connectFailed');
      }
      const address = Array.isArray(accounts) ? (accounts[0] as string | undefined) : undefined;
      if (!address) throw new WalletError('noAccount');
      await ensureBsc(provider);
      return address;
    },
    async currentAccount() {
      const accounts = await provider.request({ method: 'eth_accounts' }).catch(() => []);
      return Array.isArray(accounts) ? ((accounts[0] as string | undefined) ?? null) : null;
    },
    async signMessage(address, message) {
      try {
        return (await provider.request({ method: 'personal_sign', params: [toHex(message), address] })) as string;
      } catch (error) {
        throw new WalletError(errorCode(error) === 4001 ? 'rejected' : 'signFailed');
      }
    },
    onAccountChange(listener) {
      const handler = (...args: unknown[]) => {
        const accounts = args[0];
        listener(Array.isArray(accounts) ? ((accounts[0] as string | undefined) ?? null) : null);
      };
      provider.on?.('accountsChanged', handler);
      return () => provider.removeListener?.('accountsChanged', handler);
    },
  };
}
