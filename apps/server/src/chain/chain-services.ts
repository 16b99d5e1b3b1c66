import { CHAINS, Money } from '@aidf/contract';
import type { PublicClient } from 'viem';
import type { LocalAccount } from 'viem/accounts';
import { devToolsAllowed } from '../config-mode.ts';
import { solanaDepositKeyMaker } from './deposit-keys.ts';
import type { DepositSource } from './deposit-source.ts';
import { bscBatchClient, bscPublicClient } from './evm/bsc-client.ts';
import { evmDepositSource } from './evm/evm-deposit-source.ts';
import { evmInvestSource, type InvestSource } from './evm/evm-invest-source.ts';
import { DEFAULT_BLOCKS_PER_BATCH } from './evm/evm-native-transfers.ts';
import { evmPayoutChain, type PayoutChain } from './evm/evm-payout-chain.ts';
import { evmPublishChain, type PublishChain } from './evm/evm-publish-chain.ts';
import { evmSweepChain, type SweepChain } from './evm/evm-sweep-chain.ts';
import { loadHotWallet } from './hot-wallet.ts';
import { solanaDepositSource } from './solana/solana-deposit-source.ts';
import { loadSolanaHotWallet } from './solana/solana-hot-wallet.ts';
import { type SolanaSweepChain, solanaSweepChain } from './solana/solana-sweep-chain.ts';
import type { ChainSettings, HotWallets, SettingChains, WithdrawPolicy } from './types.ts';

/** Scans of the deposit and collection watchers that may ask their logs at once: each pair stays in one batch. */
const LOGS_PAIRS_PER_BATCH = 8;

/** The chains this instance talks to; a chain without an RPC URL is off (its deposits and payouts answer 81034). */
export interface ChainServices {
  bsc: {
    rpcUrl: string;
    client: PublicClient;
    confirmations: number;
    /** When a stuck payout is priced again, and the price it never goes above (config PAYOUT_*). */
    payoutGas: { bumpAfterBlocks: number; maxGasPrice: bigint };
    /**
     * The hot wallet's address: its key's in a treasury process, else HOT_WALLET_ADDRESS; null when this process
     * knows neither (an API without the treasury and without the setting).
     */
    hotWalletAddress: `0x${string}` | null;
    deposits: DepositSource;
    /** The invest contract's events and reserve. */
    invests: InvestSource;
    /** Signs and sends payouts with the hot wallet's key: only in a process running the treasury role. */
    payouts: PayoutChain | null;
    /** Sweeps deposit addresses with their keys and the hot wallet's: only in a treasury process with the seed. */
    sweeps: SweepChain | null;
    /** Publishes reserves roots with the hot wallet's key: only in a process running the treasury role. */
    publications: PublishChain | null;
  } | null;
  solana: {
    rpcUrl: string;
    deposits: DepositSource;
    /** The Solana hot wallet's address: its key's in a treasury process, else SOLANA_HOT_WALLET_ADDRESS, or null. */
    hotWalletAddress: string | null;
    /** Signs and sends sweeps with the hot wallet and the deposit keys: only in a process running the treasury role. */
    sweeps: SolanaSweepChain | null;
  } | null;
  withdrawPolicy: WithdrawPolicy;
}

/** `devMnemonic`: the dev deposit seed, which stands in for the hot wallet's key; null when the API runs on DEPOSIT_XPUB. */
export function chainServices(config: ChainSettings, devMnemonic: string | null): ChainServices {
  let bsc: ChainServices['bsc'] = null;
  if (config.bscRpcUrl) {
    const client = bscPublicClient(config.bscRpcUrl);
    const sweepMnemonic = config.depositMnemonic ?? devMnemonic;
    // The key is loaded by the treasury role alone (process-roles.ts); the other roles know only the address.
    let hotWallet: LocalAccount | null = null;
    if (config.roles.includes('treasury')) {
      if (devMnemonic === null && !config.hotWalletPrivateKey) {
        throw new Error('HOT_WALLET_PRIVATE_KEY is required: with DEPOSIT_XPUB no seed is loaded to derive it from');
      }
      hotWallet = loadHotWallet({
        devKey: devToolsAllowed(config),
        privateKey: config.hotWalletPrivateKey,
        devMnemonic: devMnemonic ?? '', // unused: the key is set (checked above)
      });
      if (config.hotWalletAddress && config.hotWalletAddress.toLowerCase() !== hotWallet.address.toLowerCase())
        throw new Error('HOT_WALLET_ADDRESS is not the address of HOT_WALLET_PRIVATE_KEY');
    }
    const deposits = evmDepositSource(client, config.bscConfirmations, {
      blocksPerScan: BigInt(config.bscBlocksPerScan),
      blockClient: bscBatchClient(config.bscRpcUrl, DEFAULT_BLOCKS_PER_BATCH),
      // Each eth_getLogs and its range's last block in one request (one node), whatever else is being read.
      logsClient: bscBatchClient(config.bscRpcUrl, LOGS_PAIRS_PER_BATCH * 2),
    });
    bsc = {
      rpcUrl: config.bscRpcUrl,
      client,
      confirmations: config.bscConfirmations,
      payoutGas: { bumpAfterBlocks: config.payoutBumpAfterBlocks, maxGasPrice: config.payoutMaxGasPrice },
      hotWalletAddress: hotWallet?.address ?? (config.hotWalletAddress as `0x${string}` | undefined) ?? null,
      deposits,
      invests: evmInvestSource(client, deposits),
      payouts: hotWallet ? evmPayoutChain(client, hotWallet) : null,
      // The deposit keys come from DEPOSIT_HD_MNEMONIC (given to the treasury role alone), or beside the dev chains
      // from the dev seed.
      sweeps: hotWallet && sweepMnemonic ? evmSweepChain(client, hotWallet, sweepMnemonic) : null,
      publications: hotWallet ? evmPublishChain(client, hotWallet) : null,
    };
  }
  const solana = config.solanaRpcUrl ? solanaServices(config, config.solanaRpcUrl, devMnemonic) : null;
  return {
    bsc,
    solana,
    withdrawPolicy: { feeRate: new Money(config.withdrawFeeRate), hotWallet: bsc?.hotWalletAddress ?? null },
  };
}

/**
 * Solana's services. A treasury process loads the hot wallet's key (SOLANA_HOT_WALLET_KEY, or beside the dev
 * chains the dev phrase's) and, with the deposit seed, signs sweeps; without the seed (a treasury given no
 * DEPOSIT_HD_MNEMONIC) it cannot sign for deposit addresses and runs no sweeper.
 */
function solanaServices(config: ChainSettings, rpcUrl: string, devMnemonic: string | null): ChainServices['solana'] {
  const deposits = solanaDepositSource(rpcUrl);
  if (!config.roles.includes('treasury')) {
    return { rpcUrl, deposits, hotWalletAddress: config.solanaHotWalletAddress ?? null, sweeps: null };
  }
  const mnemonic = config.depositMnemonic ?? devMnemonic;
  const devKey = devToolsAllowed(config);
  if (!config.solanaHotWalletKey && !(devKey && mnemonic)) {
    return { rpcUrl, deposits, hotWalletAddress: config.solanaHotWalletAddress ?? null, sweeps: null };
  }
  const hotWallet = loadSolanaHotWallet({ devKey, key: config.solanaHotWalletKey, devMnemonic: mnemonic ?? null });
  if (config.solanaHotWalletAddress && config.solanaHotWalletAddress !== hotWallet.address)
    throw new Error('SOLANA_HOT_WALLET_ADDRESS is not the address of SOLANA_HOT_WALLET_KEY');
  const sweeps = mnemonic
    ? solanaSweepChain({ rpcUrl, hotWallet, depositKeyAt: solanaDepositKeyMaker(mnemonic) })
    : null;
  return { rpcUrl, deposits, hotWalletAddress: hotWallet.address, sweeps };
}

/** SOL, Solana's native coin, which the Solana watcher credits besides the SPL tokens of the token config. */
export const SOL_TOKEN = { currency: 'sol', contract: null, decimals: CHAINS.solana.nativeDecimals };

/** BNB, BNB Smart Chain's native coin, which the BSC watcher credits besides the ERC-20 tokens of the token config. */
export const BNB_TOKEN = { currency: 'bnb', contract: null, decimals: CHAINS.bsc.nativeDecimals };

/** The platform's hot wallet address per chain as this process knows it. */
export function hotWalletsOf(chains: ChainServices): HotWallets {
  return { bsc: chains.bsc?.hotWalletAddress ?? null, solana: chains.solana?.hotWalletAddress ?? null };
}

/** What a money setting's check reads from the chains this process talks to (money-setting-checks.ts). */
export function settingChainsOf(chains: ChainServices): SettingChains {
  const client = chains.bsc?.client;
  return {
    hotWallets: hotWalletsOf(chains),
    bscCodeAt: client ? (address) => client.getCode({ address }) : null,
  };
}
