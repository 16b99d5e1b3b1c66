import { CHAINS, fromBaseUnits, toBaseUnits } from '@aidf/contract';
import {
  type BalanceRead,
  DEFAULT_READ_LIMITS,
  type ReadLimits,
  type ReadToken,
  shortError,
  withRetries,
} from '../../chain/balance-reads.ts';
import { type ChainServices, hotWalletsOf } from '../../chain/chain-services.ts';
import { bscPublicClient } from '../../chain/evm/bsc-client.ts';
import { readEvmBalances } from '../../chain/evm/evm-balances.ts';
import { readSolanaBalances } from '../../chain/solana/solana-balances.ts';
import type { AppDb } from '../../db/client.ts';
import { type AmountsByCurrency, reservesChainRepository } from '../../db/repositories/reserves.ts';
import { INVEST_SETTINGS } from '../invest/invest-config.ts';
import { MACHINE_SETTINGS } from '../machine/machine-config.ts';
import { TREASURY_SETTINGS, type TreasuryChain } from './treasury-settings.ts';

/**
 * What each chain holds, read for a reserves report (docs/architecture.md "Proof of reserves", the design's
 * `chain_holdings`): the hot wallet, the cold address, the deposit addresses not yet swept, the collection address
 * (miner payments) and the invest contract (BNB Smart Chain's AIDF invested), per currency in whole units, beside
 * what the chain's clearing account says the platform should hold there (`shouldHold`) and the difference. Each
 * address is counted once, in the first of those places it is (the collection address is the hot wallet's unless
 * a setting names another). An address that could not be read is listed in `unread` and counted nowhere; a chain that could
 * not be read at all is `{ error }`.
 */
export interface ChainHolding {
  at: string;
  /** Solana only, when the calls' slots differed: the last one (every key was read at `at` or later). */
  atLast?: string;
  addresses: {
    hot: string | null;
    cold: string | null;
    deposit: number;
    collection: string | null;
    invest: string | null;
  };
  hot: AmountsByCurrency;
  cold: AmountsByCurrency;
  unswept: AmountsByCurrency;
  collection: AmountsByCurrency;
  invest: AmountsByCurrency;
  total: AmountsByCurrency;
  shouldHold: AmountsByCurrency;
  difference: AmountsByCurrency;
  unread: { address: string; error: string }[];
}
export type ChainHoldings = Record<string, ChainHolding | { error: string }>;

export interface ReserveAlerts {
  /** Currencies whose holdings on all chains are below the liabilities (only judged on a complete report). */
  shortfall: { currency: string; holdings: string; liabilities: string }[];
  /** A chain and currency whose holdings differ from its clearing account by more than `treasury.dust.<currency>`. */
  clearingMismatch: { chain: string; currency: string; difference: string }[];
  /** Addresses left unread, and chains that could not be read at all. */
  unread: number;
  unreadChains: string[];
}

/** Sums and differences are taken at 36 decimals: exact for the ledger (18) and any token (at most 36). */
const SCALE = 36;
const units = (text: string) => toBaseUnits(text, SCALE);
const text = (value: bigint) => fromBaseUnits(value, SCALE);

const NATIVE: Record<TreasuryChain, ReadToken> = {
  bsc: { currency: CHAINS.bsc.currency, contract: null, decimals: CHAINS.bsc.nativeDecimals },
  solana: { currency: CHAINS.solana.currency, contract: null, decimals: CHAINS.solana.nativeDecimals },
};

/** Reads one chain; throws when the chain cannot be read at all. */
async function readChain(
  chain: TreasuryChain,
  chains: ChainServices,
  db: AppDb,
  limits: ReadLimits,
): Promise<{ read: BalanceRead; tokens: ReadToken[]; places: Places }> {
  const repo = reservesChainRepository(db);
  const tokens: ReadToken[] = [NATIVE[chain], ...(await repo.tokensOf(chain === 'bsc' ? 'bnb' : 'sol'))];
  const places: Places = {
    hot: hotWalletsOf(chains)[chain],
    cold: await repo.setting(TREASURY_SETTINGS.coldAddress(chain)),
    deposits: await repo.depositAddressesToRead(chain),
    // Unset: miner payments go to the hot wallet (machine-config.ts), already read as such.
    collection: (await repo.setting(MACHINE_SETTINGS.collectionAddress(chain))) || null,
    invest: chain === 'bsc' ? (await repo.setting(INVEST_SETTINGS.contract(chain))) || null : null,
  };
  const { hot, cold, deposits, collection, invest } = places;
  const owners = [
    ...new Map(
      [hot, cold, collection, invest, ...deposits].filter((a): a is string => !!a).map((a) => [key(chain, a), a]),
    ).values(),
  ];
  if (chain === 'bsc') {
    const bsc = chains.bsc;
    if (!bsc) throw new Error('BNB Smart Chain is not configured (BSC_RPC_URL)');
    // The block the deposit watcher has credited up to: every deposit credited is in it, none later. Without a
    // cursor yet, the confirmed head.
    const head = await withRetries(limits.attempts, () => bscPublicClient(bsc.rpcUrl).getBlockNumber({ cacheTime: 0 }));
    const cursor = await repo.depositCursor('bsc');
    const confirmed = head - BigInt(Math.max(0, bsc.confirmations - 1));
    const blockNumber =
      cursor !== null && cursor > 0n ? (cursor - 1n < head ? cursor - 1n : head) : confirmed > 0n ? confirmed : head;
    const read = await readEvmBalances(bsc.rpcUrl, { addresses: owners, tokens, blockNumber, limits });
    return { read, tokens, places };
  }
  const solana = chains.solana;
  if (!solana) throw new Error('Solana is not configured (SOLANA_RPC_URL)');
  const read = await readSolanaBalances(solana.rpcUrl, { owners, tokens, limits });
  return { read, tokens, places };
}

/** The platform's addresses on a chain that a report reads (null: none configured). */
interface Places {
  hot: string | null;
  cold: string | null;
  deposits: string[];
  collection: string | null;
  invest: string | null;
}

/** EVM addresses compare without case; Solana's are case-sensitive. */
const key = (chain: TreasuryChain, address: string) => (chain === 'bsc' ? address.toLowerCase() : address);

/**
 * Reads every configured chain and sets its holdings beside `clearing` (per chain, whole units) and
 * `liabilities`; answers the report's status, the holdings and the alerts. Runs in the report's transaction.
 */
export async function readChainHoldings(
  db: AppDb,
  chains: ChainServices,
  p: {
    currencies: string[];
    clearing: Record<string, AmountsByCurrency>;
    liabilities: AmountsByCurrency;
    limits?: Partial<ReadLimits>;
  },
): Promise<{ status: 'complete' | 'incomplete'; holdings: ChainHoldings; alerts: ReserveAlerts }> {
  const limits = { ...DEFAULT_READ_LIMITS, ...p.limits };
  const repo = reservesChainRepository(db);
  const holdings: ChainHoldings = {};
  const alerts: ReserveAlerts = { shortfall: [], clearingMismatch: [], unread: 0, unreadChains: [] };
  const allHeld = new Map<string, bigint>();
  for (const chain of ['bsc', 'solana'] as const) {
    if (!chains[chain]) continue; // a chain this platform does not run: nothing to read, nothing it should hold
    let found: Awaited<ReturnType<typeof readChain>>;
    try {
      found = await readChain(chain, chains, db, limits);
      if (found.read.balances.size === 0 && found.read.unread.length > 0) {
        throw new Error(`no address could be read: ${found.read.unread[0]?.error}`);
      }
    } catch (error) {
      holdings[chain] = { error: shortError(error) };
      alerts.unreadChains.push(chain);
      continue;
    }
    const { read, tokens, places } = found;
    const { hot, cold, deposits, collection, invest } = places;
    const decimalsOf = new Map(tokens.map((t) => [t.currency, t.decimals]));
    const owed = Object.entries(p.clearing[chain] ?? {}).filter(([, amount]) => units(amount) !== 0n);
    const currencies = [...new Set([...tokens.map((t) => t.currency), ...owed.map(([c]) => c)])];
    const sum = (addresses: string[]) => {
      const out = new Map<string, bigint>(currencies.map((c) => [c, 0n]));
      const wanted = new Set(addresses.map((a) => key(chain, a)));
      for (const [address, balances] of read.balances) {
        if (!wanted.has(key(chain, address))) continue;
        for (const [currency, amount] of balances) {
          // Base units of the chain → whole units → the common scale, exactly.
          const whole = fromBaseUnits(amount, decimalsOf.get(currency) ?? 18);
          out.set(currency, (out.get(currency) ?? 0n) + units(whole));
        }
      }
      return out;
    };
    // Each address in the first place it is: hot, cold, collection, invest, then the deposit addresses.
    const counted = new Set<string>();
    const once = (addresses: (string | null)[]) => {
      const fresh = addresses.filter((a): a is string => !!a && !counted.has(key(chain, a)));
      for (const a of fresh) counted.add(key(chain, a));
      return sum(fresh);
    };
    const hotSum = once([hot]);
    const coldSum = once([cold]);
    const collectionSum = once([collection]);
    const investSum = once([invest]);
    const unsweptSum = once(deposits);
    const asText = (m: Map<string, bigint>) => Object.fromEntries(currencies.map((c) => [c, text(m.get(c) ?? 0n)]));
    const parts = [hotSum, coldSum, collectionSum, investSum, unsweptSum];
    const total = new Map(currencies.map((c) => [c, parts.reduce((all, part) => all + (part.get(c) ?? 0n), 0n)]));
    const shouldHold = new Map(currencies.map((c) => [c, units(p.clearing[chain]?.[c] ?? '0')]));
    const difference = new Map(currencies.map((c) => [c, (total.get(c) ?? 0n) - (shouldHold.get(c) ?? 0n)]));
    holdings[chain] = {
      at: read.at.toString(),
      ...(read.atLast !== undefined ? { atLast: read.atLast.toString() } : {}),
      addresses: { hot, cold, deposit: deposits.length, collection, invest },
      hot: asText(hotSum),
      cold: asText(coldSum),
      unswept: asText(unsweptSum),
      collection: asText(collectionSum),
      invest: asText(investSum),
      total: asText(total),
      shouldHold: asText(shouldHold),
      difference: asText(difference),
      unread: read.unread,
    };
    alerts.unread += read.unread.length;
    for (const [currency, amount] of total) allHeld.set(currency, (allHeld.get(currency) ?? 0n) + amount);
    // A chain with unread addresses differs by what they hold: no mismatch is claimed on it.
    if (read.unread.length > 0) continue;
    for (const currency of currencies) {
      const diff = difference.get(currency) ?? 0n;
      const dust = units((await repo.setting(TREASURY_SETTINGS.dust(currency))) ?? '0');
      if (diff > dust || -diff > dust) alerts.clearingMismatch.push({ chain, currency, difference: text(diff) });
    }
  }
  const complete = alerts.unread === 0 && alerts.unreadChains.length === 0;
  // Holdings below liabilities is claimed only when everything was read: an unread address is no shortfall.
  if (complete) {
    for (const currency of p.currencies) {
      const liabilities = units(p.liabilities[currency] ?? '0');
      const held = allHeld.get(currency) ?? 0n;
      if (held < liabilities) alerts.shortfall.push({ currency, holdings: text(held), liabilities: text(liabilities) });
    }
  }
  return { status: complete ? 'complete' : 'incomplete', holdings, alerts };
}
