import { fromBaseUnits, toBaseUnits } from '@aidf/contract';
import type { SweepStep } from '../sweep-step.ts';
import { TREASURY_SETTINGS } from '../treasury-settings.ts';
import { balanceOf, type KnownAsset, type SolanaRound, type SolanaSweepContext } from './context.ts';

/** Planning: a deposit address's credited, unswept funds become a sweep, planned, or skipped below minSweep. */
export const PLAN_DEPOSITS = { from: [], to: ['planned', 'skipped'] } as const satisfies SweepStep;

/**
 * What a sweep of the address may take: what is due, capped by what it holds; for SOL, never leaving uncredited
 * lamports below the rent-exempt minimum (the runtime refuses to leave a system account between 0 and it).
 */
async function sweepable(ctx: SolanaSweepContext, address: string, asset: KnownAsset, due: bigint) {
  const held = await balanceOf(ctx.chain, address, asset);
  // bigint amounts: Math.min takes numbers only.
  let amount = due;
  if (held < amount) amount = held;
  if (asset.kind === 'sol') {
    const rent = await ctx.chain.rentExemptMinimum();
    const rest = held - amount;
    if (rest > 0n && rest < rent) amount = held - rent;
  }
  return amount;
}

/**
 * Plans the deposit sweeps due: one per address and currency with credited, not yet swept funds and no open sweep.
 * Below `treasury.minSweep.<currency>` a 'skipped' sweep is written, once per amount.
 */
export async function planDeposits(ctx: SolanaSweepContext, round: SolanaRound): Promise<void> {
  const { repos, chain } = ctx;
  const rows = await repos.sweeps.solanaDepositBalances();
  if (rows.length === 0) return;
  const minimums = await repos.settings.get([...round.assets.keys()].map(TREASURY_SETTINGS.minSweep));
  for (const row of rows) {
    const asset = round.assets.get(row.currency);
    if (!asset || row.open) continue;
    const due = toBaseUnits(row.credited, asset.decimals) - row.swept;
    if (due <= 0n) continue;
    const amount = await sweepable(ctx, row.address, asset, due);
    if (amount <= 0n) continue;
    const minimum = minimums.get(TREASURY_SETTINGS.minSweep(row.currency));
    const minimumUnits = minimum ? toBaseUnits(minimum, asset.decimals) : 0n;
    const base = {
      chain: 'solana' as const,
      currency: row.currency,
      kind: 'deposit' as const,
      fromAddress: row.address,
      userId: row.userId,
      derivationIndex: row.derivationIndex,
      toAddress: chain.hotWallet,
      amount,
    };
    if (amount < minimumUnits) {
      if (row.lastSkipped === amount) continue; // already written for this amount
      const reason = `below treasury.minSweep.${row.currency} (${fromBaseUnits(amount, asset.decimals)} < ${minimum})`;
      if (await repos.sweeps.plan({ ...base, status: 'skipped', reason })) round.counts.skipped++;
      continue;
    }
    if (await repos.sweeps.plan(base)) round.counts.planned++;
  }
}
