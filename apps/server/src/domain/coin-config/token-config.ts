import type { TTokenConfig } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';

/**
 * The tokens SPEC.md point 3 names, with their decimals. USDT carries its mainnet contracts;
 * the others have none until an operator or the dev chain sets them.
 */
export const DEFAULT_TOKEN_CONFIG: TTokenConfig[] = [
  {
    chainCurrency: 'bnb',
    currency: 'usdt',
    contractAddress: '0x55d398326f99059fF775485246999027B3197955',
    decimals: 18,
  },
  { chainCurrency: 'bnb', currency: 'eoeo', contractAddress: null, decimals: 18 },
  { chainCurrency: 'bnb', currency: 'aidf', contractAddress: null, decimals: 18 },
  { chainCurrency: 'bnb', currency: 'cow', contractAddress: null, decimals: 18 },
  {
    chainCurrency: 'sol',
    currency: 'usdt',
    contractAddress: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB',
    decimals: 6,
  },
];

export async function listTokenConfig(repos: Repositories): Promise<TTokenConfig[]> {
  const rows = await repos.tokenConfigs.all();
  return rows.map((r) => ({
    chainCurrency: r.chainCurrency as TTokenConfig['chainCurrency'],
    currency: r.currency as TTokenConfig['currency'],
    contractAddress: r.contractAddress,
    decimals: r.decimals,
  }));
}
