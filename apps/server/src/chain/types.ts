import type { Money, TChainCurrency } from '@aidf/contract';
import type { ConfigMode } from '../config-mode.ts';
import type { ProcessRole } from '../process-roles.ts';

// The chain layer sits below the domain: the few shapes both share live here, so chain/ imports nothing above it.

/** The settings the chain services are built from (config.ts's AppConfig carries them, among others). */
export interface ChainSettings {
  mode: ConfigMode;
  roles: readonly ProcessRole[];
  bscRpcUrl: string | undefined;
  solanaRpcUrl: string | undefined;
  bscConfirmations: number;
  bscBlocksPerScan: number;
  depositMnemonic: string | undefined;
  hotWalletPrivateKey: string | undefined;
  hotWalletAddress: string | undefined;
  solanaHotWalletKey: string | undefined;
  solanaHotWalletAddress: string | undefined;
  withdrawFeeRate: string;
  payoutBumpAfterBlocks: number;
  payoutMaxGasPrice: bigint;
}

/** A user's EVM deposit address for a chain currency (index = user id); null when this process cannot make one. */
export type DepositAddressDeriver = (chainCurrency: TChainCurrency, userId: bigint) => string | null;

/** The address of the Solana deposit key at an index (chain/deposit-keys.ts); present only beside the seed. */
export type SolanaAddressMaker = (derivationIndex: number) => string;

/** The platform's hot wallet address per chain as this process knows it (null: not known here). */
export type HotWallets = Record<'bsc' | 'solana', string | null>;

/** What a money setting's check reads besides the database: the hot wallets and BNB Smart Chain's contract code. */
export interface SettingChains {
  hotWallets: HotWallets;
  /** The contract code at an address on BNB Smart Chain ('0x' or undefined: none); null when this process has no BSC. */
  bscCodeAt: ((address: `0x${string}`) => Promise<string | undefined>) | null;
}

/** The one fee rate of RULES.md ("the single value decides"), from WITHDRAW_FEE_RATE; 0.5 % by default. */
export interface WithdrawPolicy {
  feeRate: Money;
  /** The hot wallet paying out, which no withdrawal may name as its destination (null without a chain). */
  hotWallet: string | null;
}
