import { base58 } from '@scure/base';
import { findStandardSolanaWallet, standardSolanaConnector } from './solana-standard.ts';
import { solanaTransfers } from './solana-transfers.ts';
import { type WalletConnector, WalletError } from './types.ts';

interface PhantomLikeProvider {
  publicKey?: { toString(): string } | null;
  connect(options?: { onlyIfTrusted?: boolean }): Promise<{ publicKey: { toString(): string } }>;
  signMessage(message: Uint8Array, encoding?: string): Promise<{ signature: Uint8Array }>;
  /** Phantom's API takes and answers a transaction object; only its serialize() is used (web3.js's shape). */
  signTransaction?(transaction: SerializableTransaction): Promise<SerializableTransaction>;
  on?(event: string, listener: (publicKey: { toString(): string } | null) => void): void;
  removeListener?(event: string, listener: (publicKey: { toString(): string } | null) => void): void;
}

interface SerializableTransaction {
  serialize(): Uint8Array;
}

declare global {
  interface Window {
    phantom?: { solana?: PhantomLikeProvider };
    solana?: PhantomLikeProvider;
  }
}

/** Where a visitor without a Solana wallet is sent (SPEC.md point 8). */
export const SOLANA_WALLET_DOWNLOAD_URL = 'https://phantom.com/download';

const errorCode = (error: unknown) => (error as { code?: number } | null)?.code;

/**
 * A wallet-standard Solana wallet when one has registered, else a Phantom-style provider
 * (`window.phantom.solana`, then `window.solana`).
 */
export async function solanaConnector(): Promise<WalletConnector> {
  const standard = findStandardSolanaWallet();
  if (standard) return standardSolanaConnector(standard);
  const provider = window.phantom?.solana ?? window.solana;
  if (!provider) throw new WalletError('notFound');
  return {
    ...solanaTransfers(async (_address, wire) => {
      if (!provider.signTransaction) throw new WalletError('transferFailed');
      try {
        const signed = await provider.signTransaction({ serialize: () => wire });
        return signed.serialize();
      } catch (error) {
        throw new WalletError(errorCode(error) === 4001 ? 'rejected' : 'transferFailed');
      }
    }),
    chain: 'Solana',
    async connect() {
      try {
        const { publicKey } = await provider.connect();
        return publicKey.toString();
      } catch (error) {
        throw new WalletError(errorCode(error) === 4001 ? 'rejected' : 'connectFailed');
      }
    },
    async currentAccount() {
      return provider.publicKey?.toString() ?? null;
    },
    async signMessage(_address, message) {
      try {
        const { signature } = await provider.signMessage(new TextEncoder().encode(message), 'utf8');
        return base58.encode(signature);
      } catch (error) {
        throw new WalletError(errorCode(error) === 4001 ? 'rejected' : 'signFailed');
      }
    },
    onAccountChange(listener) {
      const handler = (publicKey: { toString(): string } | null) => listener(publicKey ? publicKey.toString() : null);
      provider.on?.('accountChanged', handler);
      return () => provider.removeListener?.('accountChanged', handler);
    },
  };
}
