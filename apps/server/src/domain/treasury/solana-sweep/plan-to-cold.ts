import type { SweepStep } from '../sweep-step.ts';
import { planExcessToCold } from '../to-cold.ts';
import { TREASURY_SETTINGS } from '../treasury-settings.ts';
import { balanceOf, type SolanaRound, type SolanaSweepContext } from './context.ts';

/** Planning: the hot wallet's excess above hotMax becomes a 'to-cold' sweep, planned. */
export const PLAN_TO_COLD = { from: [], to: ['planned'] } as const satisfies SweepStep;

/**
 * Plans a to-cold sweep per currency whose hot balance (finalized) is above its hotMax plus what payouts not yet
 * confirmed owe, when a cold address is set.
 */
export async function planToCold(ctx: SolanaSweepContext, round: SolanaRound): Promise<void> {
  const { repos, chain } = ctx;
  const keys = [TREASURY_SETTINGS.coldAddress('solana')];
  for (const currency of round.assets.keys()) keys.push(TREASURY_SETTINGS.hotMax('solana', currency));
  const settings = await repos.settings.get(keys);
  const cold = settings.get(TREASURY_SETTINGS.coldAddress('solana'));
  if (!cold) return;
  for (const [currency, asset] of round.assets) {
    const hotMax = settings.get(TREASURY_SETTINGS.hotMax('solana', currency));
    if (hotMax === undefined || hotMax === null) continue;
    const balance = await balanceOf(chain, chain.hotWallet, asset);
    const hot = {
      chain: 'solana',
      currency,
      decimals: asset.decimals,
      hotWallet: chain.hotWallet,
      cold,
      balance,
      hotMax,
    } as const;
    if (await planExcessToCold(repos, hot)) round.counts.planned++;
  }
}
