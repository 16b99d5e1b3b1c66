import { CHAINS } from '@aidf/contract';
import type { ReadToken } from '../../chain/balance-reads.ts';
import { type ChainServices, hotWalletsOf } from '../../chain/chain-services.ts';
import type { AppDb } from '../../db/client.ts';
import { reservesChainRepository } from '../../db/repositories/reserves.ts';
import { INVEST_SETTINGS } from '../invest/invest-config.ts';
import { MACHINE_SETTINGS } from '../machine/machine-config.ts';
import { TREASURY_SETTINGS, type TreasuryChain } from './treasury-settings.ts';

/** The platform's addresses on a chain that a report reads (null: none configured). */
export interface Places {
  hot: string | null;
  cold: string | null;
  deposits: string[];
  collection: string | null;
  invest: string | null;
}

/** What one chain is to be read for: its tokens, its addresses and (BNB Smart Chain) the deposit watcher's cursor. */
export interface ChainPlan {
  tokens: ReadToken[];
  places: Places;
  depositCursor: bigint | null;
}

/**
 * Everything the chain reads of a report take from the database, read in the report's snapshot of the ledger: the
 * addresses, the settings and the deposit watcher's cursor are those of the ledger the report states. The chains
 * themselves are read afterwards with no transaction open (chain-holdings.ts).
 */
export interface ChainReadPlan {
  chains: Partial<Record<TreasuryChain, ChainPlan>>;
  /** `treasury.dust.<currency>` per currency (absent: 0). */
  dust: Record<string, string>;
}

const NATIVE: Record<TreasuryChain, ReadToken> = {
  bsc: { currency: CHAINS.bsc.currency, contract: null, decimals: CHAINS.bsc.nativeDecimals },
  solana: { currency: CHAINS.solana.currency, contract: null, decimals: CHAINS.solana.nativeDecimals },
};

/** Reads the plan for every configured chain; `currencies` are the report's (a dust setting is read for each). */
export async function chainReadPlan(db: AppDb, chains: ChainServices, currencies: string[]): Promise<ChainReadPlan> {
  const repo = reservesChainRepository(db);
  const plan: ChainReadPlan = { chains: {}, dust: {} };
  for (const chain of ['bsc', 'solana'] as const) {
    if (!chains[chain]) continue; // a chain this platform does not run: nothing to read
    plan.chains[chain] = {
      tokens: [NATIVE[chain], ...(await repo.tokensOf(chain === 'bsc' ? 'bnb' : 'sol'))],
      places: {
        hot: hotWalletsOf(chains)[chain],
        cold: await repo.setting(TREASURY_SETTINGS.coldAddress(chain)),
        deposits: await repo.depositAddressesToRead(chain),
        // Unset: miner payments go to the hot wallet (machine-config.ts), already read as such.
        collection: (await repo.setting(MACHINE_SETTINGS.collectionAddress(chain))) || null,
        invest: chain === 'bsc' ? (await repo.setting(INVEST_SETTINGS.contract(chain))) || null : null,
      },
      // The next block the deposit watcher scans (null: it has not run): the chain is read at the block before it.
      depositCursor: chain === 'bsc' ? await repo.depositCursor(chain) : null,
    };
  }
  const tokenCurrencies = Object.values(plan.chains).flatMap((c) => c.tokens.map((t) => t.currency));
  for (const currency of new Set([...currencies, ...tokenCurrencies])) {
    const dust = await repo.setting(TREASURY_SETTINGS.dust(currency));
    if (dust !== null) plan.dust[currency] = dust;
  }
  return plan;
}
