import { base58 } from '@scure/base';
import { solanaTransfers } from './solana-transfers.ts';
import { type WalletConnector, WalletError } from './types.ts';

interface PublicKeyLike {
  toString(): string;
}

/**
 * The legacy injected Solana API: Phantom's `window.phantom.solana`, and Solflare's and Backpack's globals, which
 * follow it with small differences: connect() may answer nothing (the key is then on `publicKey`), and
 * signMessage() may answer the signature itself instead of `{ signature }`.
 */
export interface PhantomLikeProvider {
  isPhantom?: boolean;
  publicKey?: PublicKeyLike | null;
  connect(options?: { onlyIfTrusted?: boolean }): Promise<{ publicKey?: PublicKeyLike } | boolean | undefined>;
  signMessage(message: Uint8Array, encoding?: string): Promise<{ signature: Uint8Array } | Uint8Array>;
  /** Phantom's API takes and answers a transaction object; only its serialize() is used (web3.js's shape). */
  signTransaction?(transaction: SerializableTransaction): Promise<SerializableTransaction>;
  on?(event: string, listener: (publicKey: PublicKeyLike | null) => void): void;
  removeListener?(event: string, listener: (publicKey: PublicKeyLike | null) => void): void;
  off?(event: string, listener: (publicKey: PublicKeyLike | null) => void): void;
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

/** Solana through a legacy injected provider (the wallet the user picked, see discovery.ts). */
export function legacySolanaConnector(provider: PhantomLikeProvider): WalletConnector {
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
      let answer: Awaited<ReturnType<PhantomLikeProvider['connect']>>;
      try {
        answer = await provider.connect();
      } catch (error) {
        throw new WalletError(errorCode(error) === 4001 ? 'rejected' : 'connectFailed');
      }
      const publicKey = (typeof answer === 'object' && answer?.publicKey) || provider.publicKey;
      if (!publicKey) throw new WalletError('noAccount');
      return publicKey.toString();
    },
    async currentAccount() {
      return provider.publicKey?.toString() ?? null;
    },
    async signMessage(_address, message) {
      try {
        const answer = await provider.signMessage(new TextEncoder().encode(message), 'utf8');
        return base58.encode(answer instanceof Uint8Array ? answer : answer.signature);
      } catch (error) {
        throw new WalletError(errorCode(error) === 4001 ? 'rejected' : 'signFailed');
      }
    },
    onAccountChange(listener) {
      const handler = (publicKey: PublicKeyLike | null) => listener(publicKey ? publicKey.toString() : null);
      provider.on?.('accountChanged', handler);
      return () => (provider.removeListener ?? provider.off)?.call(provider, 'accountChanged', handler);
    },
  };
}
