import { CHAINS, fromBaseUnits, Money, type TCurrency, toBaseUnits } from '@aidf/contract';
import { SWEEP_GAS, type SweepChain } from '../../chain/evm/evm-sweep-chain.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import type { SweepCandidate } from '../../db/repositories/sweep-planning.ts';
import { referencePrices } from '../assets/reference-prices.ts';
import { checkDestination } from '../withdraw/destination.ts';
import { TREASURY_CURRENCIES, TREASURY_SETTINGS } from './treasury-settings.ts';

const NATIVE_DECIMALS = CHAINS.bsc.nativeDecimals;

/** What planning needs besides the database: the chain, where it counts as confirmed, and the price cap. */
export interface PlanContext {
  repos: Repositories;
  chain: SweepChain;
  confirmations: number;
  maxGasPrice: bigint;
  /** At most this many (address, currency) pairs are looked at per round; the rest come next round. */
  planLimit: number;
  /** The contract of each token currency on BNB Smart Chain (BNB itself has none). */
  tokens: Map<string, `0x${string}`>;
}

/** Runs `work` over `items`, at most `width` at once (balance reads are one RPC call each). */
async function inBatches<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(work));
}

/**
 * Why a sweep of `amount` is not worth doing, or null. Below `treasury.minSweep.<currency>`; or worth less than twice
 * the gas it burns (the sweep, and the top-up when the address lacks the gas) at the reference prices in USDT. BNB
 * compares with its own gas directly. A token without a reference price (or BNB without one) cannot be valued
 * against gas: the worth rule is then not applied and only minSweep decides (docs/operator-guide.md "Treasury").
 */
export function whySkip(p: {
  currency: string;
  decimals: number;
  amount: bigint;
  gas: bigint;
  minSweep: string | null;
  price: Money | null;
  bnbPrice: Money | null;
}): string | null {
  const unit = p.currency.toUpperCase();
  if (p.minSweep !== null && p.amount < toBaseUnits(p.minSweep, p.decimals)) {
    return `below treasury.minSweep.${p.currency}: ${fromBaseUnits(p.amount, p.decimals)} < ${p.minSweep} ${unit}`;
  }
  const gasBnb = new Money(fromBaseUnits(p.gas, NATIVE_DECIMALS));
  if (p.currency === 'bnb') {
    if (p.amount < 2n * p.gas)
      return `worth less than twice its gas: ${fromBaseUnits(p.amount, p.decimals)} BNB < 2 × ${gasBnb} BNB`;
    return null;
  }
  if (!p.price || !p.bnbPrice) return null;
  const worth = new Money(fromBaseUnits(p.amount, p.decimals)).times(p.price);
  const gasWorth = gasBnb.times(p.bnbPrice);
  if (worth.lessThan(gasWorth.times(2))) {
    return `worth less than twice its gas: ${worth} USDT < 2 × ${gasWorth} USDT`;
  }
  return null;
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
  const minKeys = currencies.map(TREASURY_SETTINGS.minSweep);
  const settings = await repos.settings.get(minKeys);
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

export interface HotWalletFinding {
  currency: string;
  balance: bigint;
  hotMin: bigint | null;
}

/**
 * After the sweeps, the hot wallet keeps at most `treasury.hotMax.bsc.<currency>` beyond what its payouts not yet
 * confirmed will send: the excess is planned as a 'to-cold' sweep to `treasury.coldAddress.bsc`. Without a cold address (or without a hotMax) nothing goes to cold
 * and the hot wallet keeps it. A balance below `treasury.hotMin.bsc.<currency>` is answered for the alert.
 */
export async function planToCold(ctx: PlanContext) {
  const { repos, chain } = ctx;
  const currencies = TREASURY_CURRENCIES.bsc.filter((c) => c === 'bnb' || ctx.tokens.has(c));
  const keys = [
    TREASURY_SETTINGS.coldAddress('bsc'),
    ...currencies.flatMap((c) => [TREASURY_SETTINGS.hotMax('bsc', c), TREASURY_SETTINGS.hotMin('bsc', c)]),
  ];
  const settings = await repos.settings.get(keys);
  const coldText = settings.get(TREASURY_SETTINGS.coldAddress('bsc')) ?? null;
  let cold: `0x${string}` | null = null;
  let coldRefused: string | null = null;
  if (coldText) {
    const check = await checkDestination(coldText, {
      hotWallet: chain.hotWallet,
      isDepositAddress: (a) => repos.depositAddresses.isPlatformAddress(a),
    });
    if (check.ok) cold = check.address;
    else coldRefused = `${coldText}: ${check.reason}`;
  }
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
    // The hot wallet keeps hotMax on top of what its payouts not yet confirmed will send: a withdrawal waiting for
    // funds is paid by the next sweep, never sent on to cold (a hotMax below it would otherwise strand it).
    const owed = toBaseUnits(await repos.withdrawals.owedByHotWallet('bsc', currency), decimals);
    const excess = balance - toBaseUnits(maxText, decimals) - owed;
    if (excess <= 0n) continue;
    const row = await repos.sweeps.plan({
      chain: 'bsc',
      currency,
      kind: 'to-cold',
      fromAddress: chain.hotWallet,
      userId: null,
      derivationIndex: null,
      toAddress: cold,
      amount: excess,
    });
    if (row) planned++;
  }
  return { planned, belowMin, coldRefused };
}

export async function decimalsOf(repos: Repositories, currency: string): Promise<number> {
  if (currency === 'bnb') return NATIVE_DECIMALS;
  const row = (await repos.tokenConfigs.all()).find((r) => r.chainCurrency === 'bnb' && r.currency === currency);
  if (!row) throw new Error(`no ${currency} token config on BNB Smart Chain`);
  return row.decimals;
}
