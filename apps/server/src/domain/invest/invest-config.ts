import { getAddress, isAddress } from 'viem';
import type { Repositories } from '../../db/repositories/index.ts';
import type { InvestChain } from '../../db/repositories/invests.ts';

/** The settings rows of the invest contract: its address per chain; '' or no row means none is configured. */
export const INVEST_SETTINGS = {
  contract: (chain: InvestChain) => `invest.contract.${chain}`,
} as const;

/** An EVM address, or '' to switch investing off (operators set it with set-config). */
export const INVEST_CONTRACT_PATTERN = /^(?:0x[0-9a-fA-F]{40})?$/;

export interface InvestTarget {
  /** The invest contract, EIP-55. */
  contract: `0x${string}`;
  /** The token it takes (AIDF) as the token config pins it. */
  token: `0x${string}`;
  decimals: number;
}

/** The chain's invest contract and the AIDF token it takes, or null when either is not configured (81034). */
export async function investTarget(repos: Repositories, chain: InvestChain): Promise<InvestTarget | null> {
  const key = INVEST_SETTINGS.contract(chain);
  const [settings, tokens] = await Promise.all([repos.settings.get([key]), repos.tokenConfigs.all()]);
  const contract = settings.get(key) ?? '';
  const aidf = tokens.find((t) => t.chainCurrency === 'bnb' && t.currency === 'aidf');
  if (!isAddress(contract, { strict: false }) || !aidf?.contractAddress) return null;
  return { contract: getAddress(contract), token: getAddress(aidf.contractAddress), decimals: aidf.decimals };
}

/** Points the chain's invest setting at `contract` (the dev chain's deployment; tests). */
export async function setInvestContract(repos: Repositories, chain: InvestChain, contract: string, by = 'dev-chain') {
  await repos.settings.set(INVEST_SETTINGS.contract(chain), contract, by);
}
