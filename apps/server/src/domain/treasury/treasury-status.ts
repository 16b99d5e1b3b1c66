import {
  Money,
  TREASURY_CHAINS,
  type TTreasuryChain,
  type TTreasuryCoverage,
  type TTreasuryHolding,
  type TTreasuryStatus,
} from '@aidf/contract';
import { z } from 'zod';
import type { HotWallets } from '../../chain/types.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import { PLATFORM } from '../ledger/platform-accounts.ts';
import { TREASURY_CURRENCIES, TREASURY_SETTINGS } from './treasury-settings.ts';

/**
 * The operators' treasury view (GET /ops/v1/treasury, `npm run operator -- treasury-status`): per chain and
 * currency what the latest reserves report read on the chain (hot, cold, not yet swept, collection address,
 * invest contract) beside what the chain's
 * clearing account says it should hold, and per currency all chains against liabilities. Before a report read
 * the chains, only the ledger's side is known: the clearing accounts as they are now.
 */

/**
 * A difference between chain and clearing account within this many whole units is dust, not an alert: a
 * millionth of a unit is below the worth of every currency held, and Solana USDT's smallest unit.
 */
export const CLEARING_DUST = new Money('0.000001');

const ZAmounts = z.record(z.string(), z.string());
/** One chain of a report's `chain_holdings` (docs/architecture.md "Proof of reserves"). */
const ZChainHoldings = z.union([
  z.object({
    at: z.union([z.string(), z.number()]).transform(String),
    hot: ZAmounts,
    cold: ZAmounts,
    unswept: ZAmounts,
    // Reports stored before these were read have neither.
    collection: ZAmounts.default({}),
    invest: ZAmounts.default({}),
    total: ZAmounts,
    shouldHold: ZAmounts,
    difference: ZAmounts,
    unread: z.array(z.object({ address: z.string(), error: z.string() })).default([]),
  }),
  z.object({ error: z.string() }),
]);
type ChainHoldings = z.infer<typeof ZChainHoldings>;

/** The report's reading of one chain, or null when it has none (not read yet, or in a shape this does not know). */
function chainReading(chainHoldings: unknown, chain: string): ChainHoldings | null {
  if (typeof chainHoldings !== 'object' || chainHoldings === null) return null;
  const parsed = ZChainHoldings.safeParse((chainHoldings as Record<string, unknown>)[chain]);
  return parsed.success ? parsed.data : null;
}

/** a ÷ b to 4 decimals, rounded down (a ratio just under 1 never shows as 1); null when b is 0. */
function ratio(a: Money, b: Money): string | null {
  return b.isZero() ? null : a.div(b).toDecimalPlaces(4, Money.ROUND_DOWN).toFixed(4);
}

const plain = (m: Money) => m.toFixed();

type ChainRead = Extract<ChainHoldings, { total: unknown }>;

/** One currency of a chain as the report read it; `whole` when no address of the chain was left unread. */
function reportHolding(chain: TTreasuryChain, currency: string, read: ChainRead, whole: boolean) {
  const total = new Money(read.total[currency] ?? '0');
  const shouldHold = new Money(read.shouldHold[currency] ?? '0');
  const difference = new Money(read.difference[currency] ?? plain(total.minus(shouldHold)));
  const holding: TTreasuryHolding = {
    chain,
    currency,
    source: 'report',
    hot: read.hot[currency] ?? '0',
    cold: read.cold[currency] ?? '0',
    unswept: read.unswept[currency] ?? '0',
    collection: read.collection[currency] ?? '0',
    invest: read.invest[currency] ?? '0',
    total: plain(total),
    shouldHold: plain(shouldHold),
    difference: plain(difference),
    ratio: ratio(total, shouldHold),
    alert: whole && (total.lessThan(shouldHold) || difference.abs().greaterThan(CLEARING_DUST)),
  };
  return { holding, total };
}

/** One currency of a chain before a report read it: only what its clearing account says it should hold. */
function ledgerHolding(
  chain: TTreasuryChain,
  currency: string,
  clearingNow: { code: string; currency: string; balance: string }[],
): TTreasuryHolding {
  // Deposits debit the clearing account: its balance negated is what the chain should hold.
  const balance = clearingNow.find((r) => r.code === PLATFORM.chain(chain) && r.currency === currency);
  return {
    chain,
    currency,
    source: 'ledger',
    hot: null,
    cold: null,
    unswept: null,
    collection: null,
    invest: null,
    total: null,
    shouldHold: plain(new Money(balance?.balance ?? '0').negated()),
    difference: null,
    ratio: null,
    alert: false,
  };
}

export async function treasuryStatus(repos: Repositories, hotWallets: HotWallets): Promise<TTreasuryStatus> {
  const console_ = repos.treasuryConsole;
  const report = await console_.latestReport();
  const clearingNow = await console_.platformBalances(TREASURY_CHAINS.map((c) => PLATFORM.chain(c)));

  const chains: TTreasuryStatus['chains'] = [];
  const holdings: TTreasuryHolding[] = [];
  /** Per currency: the chains' totals, whether each was read whole, and whether any chain holding it was not. */
  const byCurrency = new Map<string, { total: Money; complete: boolean }>();
  const settingsNow = await repos.settings.get(TREASURY_CHAINS.map((c) => TREASURY_SETTINGS.coldAddress(c)));

  for (const chain of TREASURY_CHAINS) {
    const reading = chainReading(report?.chain_holdings, chain);
    const read = reading && 'total' in reading ? reading : null;
    chains.push({
      chain,
      hotWallet: hotWallets[chain],
      coldAddress: settingsNow.get(TREASURY_SETTINGS.coldAddress(chain)) ?? null,
      readAt: read?.at ?? null,
      error: reading && 'error' in reading ? reading.error : null,
      unread: read?.unread ?? [],
    });
    // Addresses left unread make the total too small: shown, but never raised as a shortfall.
    const whole = read !== null && read.unread.length === 0;
    const currencies = [...new Set([...TREASURY_CURRENCIES[chain], ...Object.keys(read?.total ?? {})])];
    for (const currency of currencies) {
      const entry = byCurrency.get(currency) ?? { total: new Money(0), complete: true };
      if (read) {
        const { holding, total } = reportHolding(chain, currency, read, whole);
        holdings.push(holding);
        byCurrency.set(currency, { total: entry.total.plus(total), complete: entry.complete && whole });
      } else {
        holdings.push(ledgerHolding(chain, currency, clearingNow));
        byCurrency.set(currency, { total: entry.total, complete: false });
      }
    }
  }

  const coverage: TTreasuryCoverage[] = [...byCurrency.entries()].map(([currency, { total, complete }]) => {
    const owed = report?.liabilities?.[currency];
    const liabilities = owed === undefined ? null : new Money(owed);
    return {
      currency,
      holdings: complete ? plain(total) : null,
      liabilities: liabilities ? plain(liabilities) : null,
      ratio: complete && liabilities ? ratio(total, liabilities) : null,
      alert: complete && liabilities !== null && total.lessThan(liabilities),
    };
  });

  return {
    report: report ? { id: report.id, createdAt: Number(report.created_at), status: report.status } : null,
    chainsRead: holdings.some((h) => h.source === 'report'),
    chains,
    holdings,
    coverage,
    settings: await treasurySettingsInForce(repos, settingsNow),
    sweeps: await console_.sweepCounts(),
    awaitingWithdrawals: await console_.awaitingWithdrawalCount(),
  };
}

/** The treasury's settings as they are, and the proposals of them still waiting for a second admin. */
async function treasurySettingsInForce(
  repos: Repositories,
  coldNow: Map<string, string>,
): Promise<TTreasuryStatus['settings']> {
  const pairs = TREASURY_CHAINS.flatMap((chain) => TREASURY_CURRENCIES[chain].map((currency) => ({ chain, currency })));
  const sweptCurrencies = [...new Set(pairs.map((p) => p.currency))];
  const keys = [
    ...pairs.flatMap(({ chain, currency }) => [
      TREASURY_SETTINGS.hotMax(chain, currency),
      TREASURY_SETTINGS.hotMin(chain, currency),
    ]),
    ...sweptCurrencies.map(TREASURY_SETTINGS.minSweep),
  ];
  const values = await repos.settings.get(keys);
  const open = await repos.operatorProposals.list('proposed', new Date(), 200);
  return {
    limits: pairs.map(({ chain, currency }) => ({
      chain,
      currency,
      hotMax: values.get(TREASURY_SETTINGS.hotMax(chain, currency)) ?? null,
      hotMin: values.get(TREASURY_SETTINGS.hotMin(chain, currency)) ?? null,
    })),
    minSweep: sweptCurrencies.map((currency) => ({
      currency,
      value: values.get(TREASURY_SETTINGS.minSweep(currency)) ?? null,
    })),
    coldAddresses: TREASURY_CHAINS.map((chain: TTreasuryChain) => ({
      chain,
      value: coldNow.get(TREASURY_SETTINGS.coldAddress(chain)) ?? null,
    })),
    proposals: open.flatMap((p) => {
      const payload = p.payload as { key?: unknown; value?: unknown };
      if (p.kind !== 'setting' || typeof payload.key !== 'string' || !payload.key.startsWith('treasury.')) return [];
      return [
        {
          proposalId: p.id.toString(),
          key: payload.key,
          value: String(payload.value ?? ''),
          proposedBy: p.proposedBy,
          createdAt: p.createdAt.getTime(),
          expiresAt: p.expiresAt.getTime(),
        },
      ];
    }),
  };
}
