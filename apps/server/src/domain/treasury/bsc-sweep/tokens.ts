import { CHAINS } from '@aidf/contract';
import type { Repositories } from '../../../db/repositories/index.ts';

/** BNB's decimals (wei). */
export const NATIVE_DECIMALS = CHAINS.bsc.nativeDecimals;

/** The contract of each token currency on BNB Smart Chain (token_configs; BNB itself has none). */
export async function tokenContracts(repos: Repositories): Promise<Map<string, `0x${string}`>> {
  const rows = await repos.tokenConfigs.all();
  return new Map(
    rows
      .filter((r) => r.chainCurrency === 'bnb' && r.contractAddress)
      .map((r) => [r.currency, r.contractAddress as `0x${string}`]),
  );
}

/** The token contract of a currency on BNB Smart Chain (token_configs). */
export async function tokenContractOf(repos: Repositories, currency: string): Promise<`0x${string}`> {
  const row = (await repos.tokenConfigs.all()).find((r) => r.chainCurrency === 'bnb' && r.currency === currency);
  if (!row?.contractAddress) throw new Error(`no ${currency} contract configured on BNB Smart Chain`);
  return row.contractAddress as `0x${string}`;
}

/** A currency's decimals on BNB Smart Chain. */
export async function decimalsOf(repos: Repositories, currency: string): Promise<number> {
  if (currency === 'bnb') return NATIVE_DECIMALS;
  const row = (await repos.tokenConfigs.all()).find((r) => r.chainCurrency === 'bnb' && r.currency === currency);
  if (!row) throw new Error(`no ${currency} token config on BNB Smart Chain`);
  return row.decimals;
}
