import type { EvmDevChain, FundingTransaction, SolanaDevChain } from '@aidf/devchain';
import type { Repositories } from '../db/repositories/index.ts';
import { setInvestContract } from '../domain/invest/invest-config.ts';
import { settleWithdrawal } from '../domain/withdraw/payout/settle.ts';
import { DEMO_USERS } from './demo-users.ts';

export interface DevChains {
  evm: EvmDevChain;
  solana: SolanaDevChain;
  /** Gives the app's hot wallet its float for payouts and BNB for their gas; answers the transactions. */
  fundHotWallet(address: `0x${string}`): Promise<FundingTransaction[]>;
  /** Gives the Solana hot wallet SOL for the sweeps' fees (it pays them for the deposit addresses). */
  fundSolanaHotWallet(address: string): Promise<{ currency: string; amount: string; txHash: string }[]>;
  close(): Promise<void>;
}

/** What the demo wallets hold on the dev chains, to try recharge right away. */
const DEMO_WALLET_FUNDS = { cow: '1000', usdt: '1000', aidf: '1000', eoeo: '1000' } as const;
/**
 * The hot wallet's float for payouts, BNB for their gas, and AIDF and USDT that back what the demo users were
 * credited (seed.ts), so a fresh start's reserves report finds every currency covered.
 */
const HOT_WALLET_FUNDS = { bnb: '100', cow: '1000000', aidf: '10000', usdt: '10000' } as const;
const SOLANA_HOT_WALLET_SOL = '10';

/**
 * The dev chains of `npm start` and the tests (ARCHITECTURE.md "Chains"): a Hardhat node as BNB Smart Chain
 * (chain id 56) with COW/USDT/EOEO/AIDF deployed, and the litesvm stand-in for Solana with an SPL USDT mint.
 * The demo wallets are funded, and the token config and the invest setting point at the deployed contracts.
 * Never in production (config refuses it there).
 */
export async function startDevChains(options: {
  repos: Repositories;
  blockIntervalMs?: number;
  slotIntervalMs?: number;
  logFile?: string;
}): Promise<DevChains> {
  // Loaded only here, so a production install never reaches Hardhat or litesvm.
  const { startEvmDevChain, startSolanaDevChain } = await import('@aidf/devchain');
  const [evm, solana] = await Promise.all([
    startEvmDevChain({ blockIntervalMs: options.blockIntervalMs ?? 1000, logFile: options.logFile }),
    startSolanaDevChain({ slotIntervalMs: options.slotIntervalMs ?? 400 }),
  ]);
  try {
    for (const demo of DEMO_USERS) await evm.fund(demo.address, DEMO_WALLET_FUNDS);
    await pointTokenConfigAt(options.repos, evm);
    await setInvestContract(options.repos, 'bsc', evm.invest);
    await options.repos.tokenConfigs.setContract('sol', 'usdt', solana.usdtMint, 6);
    await forgetPreviousDevChain(options.repos);
  } catch (error) {
    await Promise.allSettled([evm.close(), solana.close()]);
    throw error;
  }
  return {
    evm,
    solana,
    fundHotWallet: (address) => evm.fund(address, HOT_WALLET_FUNDS),
    fundSolanaHotWallet: async (address) => {
      const txHash = await solana.fund(address, { sol: SOLANA_HOT_WALLET_SOL });
      return txHash ? [{ currency: 'sol', amount: SOLANA_HOT_WALLET_SOL, txHash }] : [];
    },
    close: async () => {
      await Promise.allSettled([evm.close(), solana.close()]);
    },
  };
}

/**
 * A dev chain lives in memory and starts empty each time, while the dev database stays: payouts signed for
 * the previous chain can never be mined now, so they are refunded, and the hot wallet's nonces start over.
 */
async function forgetPreviousDevChain(repos: Repositories) {
  for (const w of await repos.withdrawals.withStatus(['signed', 'sent'], 10_000)) {
    await settleWithdrawal(repos, w, { failure: 'the dev chain was restarted', blockNumber: null });
  }
  await repos.withdrawals.resetNonces('bsc');
}

/** Points the BNB Smart Chain token config at the dev chain's own COW, USDT, EOEO and AIDF (18 decimals). */
export async function pointTokenConfigAt(repos: Repositories, evm: Pick<EvmDevChain, 'tokens'>) {
  for (const [currency, address] of Object.entries(evm.tokens)) {
    await repos.tokenConfigs.setContract('bnb', currency, address, 18);
  }
}
