import type { TCurrency } from '@aidf/contract';
import { SWEEP_GAS } from '../../../chain/evm/evm-sweep-chain.ts';
import type { SweepCandidate } from '../../../db/repositories/sweep-planning.ts';
import { referencePrices } from '../../assets/reference-prices.ts';
import type { SweepStep } from '../sweep-step.ts';
import { TREASURY_CURRENCIES, TREASURY_SETTINGS } from '../treasury-settings.ts';
import type { PlanContext } from './plan-context.ts';
import { whySkip } from './sweep-worth.ts';
import { NATIVE_DECIMALS } from './tokens.ts';

/** Planning: a deposit address's unswept funds become a sweep, planned, or skipped when not worth it. */
export const PLAN_DEPOSITS = { from: [], to: ['planned', 'skipped'] } as const satisfies SweepStep;

/** Runs `work` over `items`, at most `width` at once (balance reads are one RPC call each). */
async function inBatches<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(work));
}

/**
 * Plans the deposit sweeps (set-based: one query finds every deposit address and currency with credited deposits
 * not yet swept and no open sweep). The amount is min(the balance at the confirmed head, credited − swept), in the
 * token's base units; one not worth sweeping is recorded 'skipped' with its reason, and planned again only once the
 * sweepable amount changed (more arrived), so an unchanged small balance adds no row per round.
 */
export async function planDepositSweeps(ctx: PlanContext, head: bigint) {
  const { repos, chain } = ctx;
  const counts = { planned: 0, skipped: 0 };
  // The destination is the hot wallet: never the zero address or a deposit address of the platform.
  const hot = chain.hotWallet;
  if (/^0x0{40}$/i.test(hot) || (await repos.depositAddresses.isPlatformAddress(hot))) {
    throw new Error(`refusing to sweep to ${hot}: the zero address or a deposit address`);
  }
  const currencies = TREASURY_CURRENCIES.bsc.filter((c) => c === 'bnb' || ctx.tokens.has(c));
  const candidates = await repos.sweepPlanning.candidates({
    chain: 'bsc',
    chainCurrency: 'bnb',
    currencies,
    nativeDecimals: NATIVE_DECIMALS,
    limit: ctx.planLimit,
  });
  if (candidates.length === 0) return counts;
  const settings = await repos.settings.get(currencies.map(TREASURY_SETTINGS.minSweep));
  const prices = await referencePrices(repos);
  let gasPrice = await chain.gasPrice();
  if (gasPrice > ctx.maxGasPrice) gasPrice = ctx.maxGasPrice;
  const confirmedHead = head - BigInt(ctx.confirmations) + 1n;
  if (confirmedHead < 0n) return counts;

  await inBatches(candidates, 8, async (c: SweepCandidate) => {
    const token = c.currency === 'bnb' ? null : (ctx.tokens.get(c.currency) ?? null);
    const address = c.address as `0x${string}`;
    const onChain = await chain.balanceOf(address, token, confirmedHead);
    let amount = c.unswept; // min(on chain, credited − swept); bigint: Math.min does not take it
    if (onChain < amount) amount = onChain;
    if (amount <= 0n) return;
    if (c.lastStatus === 'skipped' && c.lastAmount === amount) return; // nothing new since it was skipped
    let gas = SWEEP_GAS.native * gasPrice;
    if (token) {
      gas = SWEEP_GAS.token * gasPrice;
      // The top-up's own gas counts too when the address lacks the BNB for the transfer.
      if ((await chain.balanceOf(address, null)) < gas) gas += SWEEP_GAS.native * gasPrice;
    }
    const reason = whySkip({
      currency: c.currency,
      decimals: c.decimals,
      amount,
      gas,
      minSweep: settings.get(TREASURY_SETTINGS.minSweep(c.currency)) ?? null,
      price: prices.get(c.currency as TCurrency) ?? null,
      bnbPrice: prices.get('bnb') ?? null,
    });
    const row = await repos.sweeps.plan({
      chain: 'bsc',
      currency: c.currency,
      kind: 'deposit',
      fromAddress: c.address,
      userId: c.userId,
      derivationIndex: c.derivationIndex,
      toAddress: hot,
      amount,
      status: reason ? 'skipped' : 'planned',
      reason,
    });
    if (row) counts[reason ? 'skipped' : 'planned']++;
  });
  return counts;
}
