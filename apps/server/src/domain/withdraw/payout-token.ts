import type { Repositories } from '../../db/repositories/index.ts';

/** The COW contract payouts send, from the token config; null while an operator has not set it. */
export async function payoutToken(repos: Repositories): Promise<{ contract: `0x${string}`; decimals: number } | null> {
  const row = (await repos.tokenConfigs.all()).find((r) => r.chainCurrency === 'bnb' && r.currency === 'cow');
  return row?.contractAddress ? { contract: row.contractAddress as `0x${string}`, decimals: row.decimals } : null;
}
