import { CHAINS, chainPaidOn, type TPayToken } from '@aidf/contract';
import type { ChainName } from '../../db/repositories/chain.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import type { TokenConfigRow } from '../../db/repositories/token-configs.ts';

/** Per chain, how each currency an order may lack there is sent (what the watcher watches, what the app pays). */
export type PayTokens = Record<ChainName, TPayToken[]>;

/**
 * The currencies MINER_CURRENCIES pays on each chain, as they can be paid now: a native coin with the chain's
 * decimals, a token with the contract and decimals pinned in the token configuration. A token whose contract is
 * not pinned yet is left out: nothing could be sent to it nor watched, and the app refuses to pay it.
 */
export async function payTokens(repos: Repositories): Promise<PayTokens> {
  return payTokensOf(await repos.tokenConfigs.all());
}

/** payTokens from the token configuration's rows as read. */
export function payTokensOf(pinned: readonly TokenConfigRow[]): PayTokens {
  const ofChain = (chain: ChainName): TPayToken[] =>
    chainPaidOn(chain).flatMap((entry): TPayToken[] => {
      if (entry.token === 'native') {
        return [{ currency: entry.currency, contract: null, decimals: CHAINS[chain].nativeDecimals }];
      }
      const row = pinned.find((t) => t.chainCurrency === CHAINS[chain].currency && t.currency === entry.currency);
      return row?.contractAddress
        ? [{ currency: entry.currency, contract: row.contractAddress, decimals: row.decimals }]
        : [];
    });
  return { bsc: ofChain('bsc'), solana: ofChain('solana') };
}
