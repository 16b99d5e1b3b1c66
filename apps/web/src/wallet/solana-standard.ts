import { base58 } from '@scure/base';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { solanaTransfers } from './solana-transfers.ts';
import { type WalletConnector, WalletError } from './types.ts';

type Feature<T> = T | undefined;
interface ConnectFeature {
  connect(input?: { silent?: boolean }): Promise<{ accounts: readonly WalletAccount[] }>;
}
interface SignMessageFeature {
  signMessage(...inputs: { account: WalletAccount; message: Uint8Array }[]): Promise<{ signature: Uint8Array }[]>;
}
interface SignTransactionFeature {
  signTransaction(
    ...inputs: { account: WalletAccount; transaction: Uint8Array }[]
  ): Promise<{ signedTransaction: Uint8Array }[]>;
}
interface EventsFeature {
  on(event: 'change', listener: (change: { accounts?: readonly WalletAccount[] }) => void): () => void;
}

const feature = <T>(wallet: Wallet, name: `${string}:${string}`) => wallet.features[name] as Feature<T>;

/** A registered wallet-standard wallet that speaks Solana and can sign messages. */
export const isStandardSolanaWallet = (w: Wallet) =>
  w.chains.some((c) => c.startsWith('solana:')) &&
  !!feature<ConnectFeature>(w, 'standard:connect') &&
  !!feature<SignMessageFeature>(w, 'solana:signMessage');

const errorCode = (error: unknown) => (error as { code?: number } | null)?.code;

/** Solana through the wallet-standard protocol (Phantom, Solflare, Backpack… register themselves). */
export function standardSolanaConnector(wallet: Wallet): WalletConnector {
  const connect = feature<ConnectFeature>(wallet, 'standard:connect');
  const sign = feature<SignMessageFeature>(wallet, 'solana:signMessage');
  if (!connect || !sign) throw new WalletError('notFound');
  const signTransaction = () => feature<SignTransactionFeature>(wallet, 'solana:signTransaction');
  let account: WalletAccount | undefined = wallet.accounts[0];
  return {
    ...solanaTransfers(async (address, wire) => {
      const signer = wallet.accounts.find((a) => a.address === address) ?? account;
      const feature = signTransaction();
      if (!signer || !feature) throw new WalletError('transferFailed');
      try {
        const [output] = await feature.signTransaction({ account: signer, transaction: wire });
        if (!output) throw new WalletError('transferFailed');
        return output.signedTransaction;
      } catch (error) {
        if (error instanceof WalletError) throw error;
        throw new WalletError(errorCode(error) === 4001 ? 'rejected' : 'transferFailed');
      }
    }),
    chain: 'Solana',
    async connect() {
      try {
        account = (await connect.connect()).accounts[0];
      } catch (error) {
        throw new WalletError(errorCode(error) === 4001 ? 'rejected' : 'connectFailed');
      }
      if (!account) throw new WalletError('noAccount');
      return account.address;
    },
    async currentAccount() {
      return wallet.accounts[0]?.address ?? null;
    },
    async signMessage(address, message) {
      const signer = wallet.accounts.find((a) => a.address === address) ?? account;
      if (!signer) throw new WalletError('noAccount');
      try {
        const [output] = await sign.signMessage({ account: signer, message: new TextEncoder().encode(message) });
        if (!output) throw new WalletError('signFailed');
        return base58.encode(output.signature);
      } catch (error) {
        if (error instanceof WalletError) throw error;
        throw new WalletError(errorCode(error) === 4001 ? 'rejected' : 'signFailed');
      }
    },
    onAccountChange(listener) {
      const events = feature<EventsFeature>(wallet, 'standard:events');
      return events
        ? events.on('change', (change) => change.accounts && listener(change.accounts[0]?.address ?? null))
        : () => {};
    },
  };
}
