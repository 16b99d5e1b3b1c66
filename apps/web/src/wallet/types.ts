import type { TChainName } from '@aidf/contract';

/** Why a wallet step failed; each kind has its own message (SPEC.md point 8). */
export type WalletErrorKind = 'notFound' | 'rejected' | 'noAccount' | 'networkFail' | 'signFailed' | 'connectFailed';

export class WalletError extends Error {
  constructor(readonly kind: WalletErrorKind) {
    super(kind);
    this.name = 'WalletError';
  }
}

/** One interface over the browser wallets of both chains (ARCHITECTURE.md "Chains"). */
export interface WalletConnector {
  chain: TChainName;
  /** Asks the wallet for its account (and, on BNB Smart Chain, to be on chain 0x38); answers the address. */
  connect(): Promise<string>;
  /** The account the wallet exposes without asking, or null. */
  currentAccount(): Promise<string | null>;
  /** Signs a text message: 0x-hex personal_sign on BNB Smart Chain, base58 ed25519 on Solana. */
  signMessage(address: string, message: string): Promise<string>;
  /** Calls back with the new account (or null) when the user switches accounts in the wallet. */
  onAccountChange(listener: (address: string | null) => void): () => void;
}
