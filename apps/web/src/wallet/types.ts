import type { TChainName } from '@aidf/contract';

/** Why a wallet step failed; each kind has its own message (SPEC.md point 8). */
export type WalletErrorKind =
  | 'notFound'
  | 'rejected'
  | 'noAccount'
  | 'networkFail'
  | 'signFailed'
  | 'connectFailed'
  | 'transferFailed'
  | 'solanaRechargeUnsupported'
  /** The wallet's account is not the address bound to the signed-in account (ms48: signed out). */
  | 'boundMismatch'
  /** The signed-in account has no address bound on the wallet's chain: only a bound address's transfers count. */
  | 'notBound';

export class WalletError extends Error {
  constructor(readonly kind: WalletErrorKind) {
    super(kind);
    this.name = 'WalletError';
  }
}

/** A token on the wallet's chain: its contract (null for the native coin) and decimals. */
export interface TokenRef {
  contract: string | null;
  decimals: number;
}

export interface OnChainTransfer {
  to: string;
  token: TokenRef;
  /** Decimal string in whole tokens. */
  amount: string;
}

/** On-chain reads and transfers through the wallet (recharge). */
export interface WalletTransfers {
  /** The account's balance of a token, as a decimal string. */
  balanceOf(address: string, token: TokenRef): Promise<string>;
  /** The native-coin fee (gas) the transfer would cost, as a decimal string; and the native balance to pay it. */
  transferFee(from: string, transfer: OnChainTransfer): Promise<{ fee: string; nativeBalance: string }>;
  /** Asks the wallet to send the transfer; answers the transaction id. */
  sendTransfer(from: string, transfer: OnChainTransfer): Promise<string>;
  /** null while not yet mined; then whether it succeeded and in which block. */
  transferStatus(txId: string): Promise<{ ok: boolean; block: number } | null>;
}

/** Contract calls through the wallet (BNB Smart Chain only): the invest contract's approve and invest. */
export interface ContractCalls {
  /** What `spender` may take of `owner`'s `token`, in base units. */
  allowance(owner: string, token: string, spender: string): Promise<bigint>;
  /** Approves `spender` for the maximum amount of `token`; answers the transaction id. */
  approveMax(from: string, token: string, spender: string): Promise<string>;
  /** Calls invest(units) on the invest contract; answers the transaction id. */
  invest(from: string, contract: string, units: bigint): Promise<string>;
}

/** One interface over the browser wallets of both chains (ARCHITECTURE.md "Chains"). */
export interface WalletConnector extends WalletTransfers {
  /** Present on BNB Smart Chain only. */
  contracts?: ContractCalls;
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
