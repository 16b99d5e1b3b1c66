import type { StoredReport } from '../../db/repositories/reserves.ts';
import type { ChainHolding, ChainHoldings } from './chain-holdings.ts';

/** A ratio of two decimal amounts; 1 when both are zero (nothing owed, nothing held), +Inf when only owed is 0. */
function ratio(held: string, owed: string): number {
  const h = Number(held);
  const o = Number(owed);
  if (o === 0) return h === 0 ? 1 : Number.POSITIVE_INFINITY;
  return h / o;
}

/**
 * The gauges the latest reserves report sets (docs/operator-guide.md "Alerts"): `aidf_reserves_ratio` per chain
 * and currency (what the chain holds ÷ what its clearing account says), chain "all" (every chain's holdings ÷
 * the liabilities), and the hot wallets' balances. A chain that could not be read sets nothing.
 */
export function reserveGauges(report: StoredReport) {
  const ratios: { chain: string; currency: string; value: number }[] = [];
  const hot: { chain: string; currency: string; value: number }[] = [];
  const holdings = (report.chainHoldings ?? {}) as ChainHoldings;
  const all = new Map<string, number>();
  for (const [chain, holding] of Object.entries(holdings)) {
    if ('error' in holding) continue;
    const read = holding as ChainHolding;
    for (const [currency, total] of Object.entries(read.total)) {
      ratios.push({ chain, currency, value: ratio(total, read.shouldHold[currency] ?? '0') });
      all.set(currency, (all.get(currency) ?? 0) + Number(total));
    }
    for (const [currency, amount] of Object.entries(read.hot)) hot.push({ chain, currency, value: Number(amount) });
  }
  for (const currency of report.currencies) {
    if (Object.keys(holdings).length === 0) break;
    ratios.push({
      chain: 'all',
      currency,
      value: ratio(String(all.get(currency) ?? 0), report.liabilities[currency] ?? '0'),
    });
  }
  return { ratios, hot };
}
