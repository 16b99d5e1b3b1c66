import { fromBaseUnits, toBaseUnits } from '@aidf/contract';
import {
  type BalanceRead,
  DEFAULT_READ_LIMITS,
  type ReadLimits,
  readDeadline,
  shortError,
  withRetries,
} from '../../chain/balance-reads.ts';
import type { ChainServices } from '../../chain/chain-services.ts';
import { bscReadClient } from '../../chain/evm/bsc-client.ts';
import { readEvmBalances } from '../../chain/evm/evm-balances.ts';
import { readSolanaBalances } from '../../chain/solana/solana-balances.ts';
import type { AmountsByCurrency } from '../../db/repositories/reserves.ts';
import type { ChainPlan, ChainReadPlan, Places } from './chain-read-plan.ts';
import type { TreasuryChain } from './treasury-settings.ts';

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
  unread: UnreadAddress[];
}
/** An address left unread, the place it is read as, and why. */
export interface UnreadAddress {
  address: string;
  kind: 'hot' | 'cold' | 'deposit' | 'collection' | 'invest';
  error: string;
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

/** Reads one chain as `plan` says; throws, naming the step, when the chain cannot be read at all. */
async function readChain(
  chain: TreasuryChain,
  chains: ChainServices,
  plan: ChainPlan,
  limits: ReadLimits,
  signal: AbortSignal,
): Promise<BalanceRead> {
  const { hot, cold, deposits, collection, invest } = plan.places;
  const owners = [
    ...new Map(
      [hot, cold, collection, invest, ...deposits].filter((a): a is string => !!a).map((a) => [key(chain, a), a]),
    ).values(),
  ];
  if (chain === 'bsc') {
    const bsc = chains.bsc;
    if (!bsc) throw new Error('BNB Smart Chain is not configured (BSC_RPC_URL)');
    // The block the deposit watcher had credited up to in the report's snapshot: every deposit credited is in it,
    // none later. Without a cursor yet, the confirmed head.
    const head = await withRetries(
      limits.attempts,
      () => bscReadClient(bsc.rpcUrl, limits.timeoutMs).getBlockNumber({ cacheTime: 0 }),
      signal,
    ).catch((error) => {
      throw new Error(`the head block: ${shortError(error)}`);
    });
    const cursor = plan.depositCursor;
    const confirmed = head - BigInt(Math.max(0, bsc.confirmations - 1));
    const blockNumber =
      cursor !== null && cursor > 0n ? (cursor - 1n < head ? cursor - 1n : head) : confirmed > 0n ? confirmed : head;
    return readEvmBalances(bsc.rpcUrl, { addresses: owners, tokens: plan.tokens, blockNumber, limits, signal });
  }
  const solana = chains.solana;
  if (!solana) throw new Error('Solana is not configured (SOLANA_RPC_URL)');
  // Only its first call (the token mints) fails the whole read; a later call leaves its owners unread.
  return readSolanaBalances(solana.rpcUrl, { owners, tokens: plan.tokens, limits, signal }).catch((error) => {
    throw new Error(`the token mints: ${shortError(error)}`);
  });
}

/** Which place an address is read as, in the order each address is counted once. */
function kindOf(chain: TreasuryChain, places: Places, address: string): UnreadAddress['kind'] {
  const is = (a: string | null) => !!a && key(chain, a) === key(chain, address);
  if (is(places.hot)) return 'hot';
  if (is(places.cold)) return 'cold';
  if (is(places.collection)) return 'collection';
  if (is(places.invest)) return 'invest';
  return 'deposit';
}

/** EVM addresses compare without case; Solana's are case-sensitive. */
const key = (chain: TreasuryChain, address: string) => (chain === 'bsc' ? address.toLowerCase() : address);

/**
 * Reads every chain of `plan` (read in the report's snapshot: chain-read-plan.ts), all at once and with no database
 * transaction open, and sets each chain's holdings beside `clearing` (per chain, whole units) and `liabilities`;
 * answers the report's status, the holdings and the alerts. What is not read within `limits.deadlineMs` is left
 * unread (an address, or the whole chain when not even its head or first call answered), so a node that never
 * answers makes the report `incomplete` in time, never holds it.
 */
export async function readChainHoldings(
  chains: ChainServices,
  plan: ChainReadPlan,
  p: {
    currencies: string[];
    clearing: Record<string, AmountsByCurrency>;
    liabilities: AmountsByCurrency;
    limits?: Partial<ReadLimits>;
  },
): Promise<{ status: 'complete' | 'incomplete'; holdings: ChainHoldings; alerts: ReserveAlerts }> {
  const limits = { ...DEFAULT_READ_LIMITS, ...p.limits };
  const holdings: ChainHoldings = {};
  const alerts: ReserveAlerts = { shortfall: [], clearingMismatch: [], unread: 0, unreadChains: [] };
  const allHeld = new Map<string, bigint>();
  const planned = (['bsc', 'solana'] as const).flatMap((chain) => {
    const of = plan.chains[chain];
    return of ? [{ chain, of }] : [];
  });
  const deadline = readDeadline(limits.deadlineMs);
  const reads = await Promise.all(
    planned.map(({ chain, of }) =>
      readChain(chain, chains, of, limits, deadline.signal).then(
        (read) => ({ read }),
        (error: unknown) => ({ error }),
      ),
    ),
  ).finally(deadline.done);
  for (const [i, { chain, of }] of planned.entries()) {
    const found = reads[i] as { read: BalanceRead } | { error: unknown };
    if ('error' in found || (found.read.balances.size === 0 && found.read.unread.length > 0)) {
      const why =
        'error' in found ? shortError(found.error) : `no address could be read: ${found.read.unread[0]?.error}`;
      holdings[chain] = { error: why };
      alerts.unreadChains.push(chain);
      continue;
    }
    const { read } = found;
    const { holding, total, difference, currencies } = chainHolding(chain, of, read, p.clearing[chain]);
    holdings[chain] = holding;
    alerts.unread += read.unread.length;
    for (const [currency, amount] of total) allHeld.set(currency, (allHeld.get(currency) ?? 0n) + amount);
    // A chain with unread addresses differs by what they hold: no mismatch is claimed on it.
    if (read.unread.length > 0) continue;
    for (const currency of currencies) {
      const diff = difference.get(currency) ?? 0n;
      const dust = units(plan.dust[currency] ?? '0');
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

/** One chain's holdings read, place by place, beside what its clearing account says it should hold. */
function chainHolding(chain: TreasuryChain, of: ChainPlan, read: BalanceRead, clearing: AmountsByCurrency | undefined) {
  const { tokens, places } = of;
  const { hot, cold, deposits, collection, invest } = places;
  const decimalsOf = new Map(tokens.map((t) => [t.currency, t.decimals]));
  const owed = Object.entries(clearing ?? {}).filter(([, amount]) => units(amount) !== 0n);
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
  const shouldHold = new Map(currencies.map((c) => [c, units(clearing?.[c] ?? '0')]));
  const difference = new Map(currencies.map((c) => [c, (total.get(c) ?? 0n) - (shouldHold.get(c) ?? 0n)]));
  const holding: ChainHolding = {
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
    unread: read.unread.map((u) => ({ address: u.address, kind: kindOf(chain, places, u.address), error: u.error })),
  };
  return { holding, total, difference, currencies };
}
