import { toBaseUnits } from '@aidf/contract';
import { checkDestination } from '../../withdraw/destination.ts';
import type { SweepStep } from '../sweep-step.ts';
import { planExcessToCold } from '../to-cold.ts';
import { TREASURY_CURRENCIES, TREASURY_SETTINGS } from '../treasury-settings.ts';
import type { PlanContext } from './plan-context.ts';
import { decimalsOf, NATIVE_DECIMALS } from './tokens.ts';

/** Planning: the hot wallet's excess above hotMax becomes a 'to-cold' sweep, planned. */
export const PLAN_TO_COLD = { from: [], to: ['planned'] } as const satisfies SweepStep;

export interface HotWalletFinding {
  currency: string;
  balance: bigint;
  hotMin: bigint | null;
}

/** The cold address if set and allowed; why it was refused otherwise. */
async function coldAddress(ctx: PlanContext, coldText: string | null) {
  if (!coldText) return { cold: null, coldRefused: null };
  const check = await checkDestination(coldText, {
    hotWallet: ctx.chain.hotWallet,
    isDepositAddress: (a) => ctx.repos.depositAddresses.isPlatformAddress(a),
  });
  if (check.ok) return { cold: check.address, coldRefused: null };
  return { cold: null, coldRefused: `${coldText}: ${check.reason}` };
}

/**
 * After the sweeps, the hot wallet keeps at most `treasury.hotMax.bsc.<currency>` beyond what its payouts not yet
 * confirmed will send: the excess is planned as a 'to-cold' sweep to `treasury.coldAddress.bsc`. Without a cold
 * address (or without a hotMax) nothing goes to cold and the hot wallet keeps it. A balance below
 * `treasury.hotMin.bsc.<currency>` is answered for the alert.
 */
export async function planToCold(ctx: PlanContext) {
  const { repos, chain } = ctx;
  const currencies = TREASURY_CURRENCIES.bsc.filter((c) => c === 'bnb' || ctx.tokens.has(c));
  const keys = [
    TREASURY_SETTINGS.coldAddress('bsc'),
    ...currencies.flatMap((c) => [TREASURY_SETTINGS.hotMax('bsc', c), TREASURY_SETTINGS.hotMin('bsc', c)]),
  ];
  const settings = await repos.settings.get(keys);
  const { cold, coldRefused } = await coldAddress(ctx, settings.get(TREASURY_SETTINGS.coldAddress('bsc')) ?? null);
  const belowMin: HotWalletFinding[] = [];
  let planned = 0;
  for (const currency of currencies) {
    const decimals = currency === 'bnb' ? NATIVE_DECIMALS : await decimalsOf(repos, currency);
    const balance = await chain.balanceOf(
      chain.hotWallet,
      currency === 'bnb' ? null : (ctx.tokens.get(currency) ?? null),
    );
    const minText = settings.get(TREASURY_SETTINGS.hotMin('bsc', currency));
    const hotMin = minText ? toBaseUnits(minText, decimals) : null;
    if (hotMin !== null && balance < hotMin) belowMin.push({ currency, balance, hotMin });
    const maxText = settings.get(TREASURY_SETTINGS.hotMax('bsc', currency));
    if (!maxText || !cold) continue;
    const hot = {
      chain: 'bsc',
      currency,
      decimals,
      hotWallet: chain.hotWallet,
      cold,
      balance,
      hotMax: maxText,
    } as const;
    if (await planExcessToCold(repos, hot)) planned++;
  }
  return { planned, belowMin, coldRefused };
}
