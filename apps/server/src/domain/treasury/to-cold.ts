import { toBaseUnits } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import type { SweepChain } from '../../db/repositories/sweeps.ts';

/**
 * What the hot wallet sends on to cold, in base units: its balance above hotMax and above what its payouts not yet
 * confirmed will send (a withdrawal waiting for funds is paid by the next sweep, never sent on to cold: a hotMax
 * below it would otherwise strand it). 0 when the balance is not above both.
 */
export function excessAboveHotMax(balance: bigint, hotMax: bigint, owed: bigint): bigint {
  const excess = balance - hotMax - owed;
  return excess > 0n ? excess : 0n;
}

/** One currency's hot wallet, as planning a to-cold sweep sees it; hotMax as set (a decimal text). */
export interface HotWalletExcess {
  chain: SweepChain;
  currency: string;
  decimals: number;
  hotWallet: string;
  cold: string;
  balance: bigint;
  hotMax: string;
}

/** Plans the hot wallet's excess above hotMax as a 'to-cold' sweep; true when one was planned. */
export async function planExcessToCold(repos: Repositories, hot: HotWalletExcess): Promise<boolean> {
  const owed = toBaseUnits(await repos.withdrawals.owedByHotWallet(hot.chain, hot.currency), hot.decimals);
  const amount = excessAboveHotMax(hot.balance, toBaseUnits(hot.hotMax, hot.decimals), owed);
  if (amount === 0n) return false;
  const row = await repos.sweeps.plan({
    chain: hot.chain,
    currency: hot.currency,
    kind: 'to-cold',
    fromAddress: hot.hotWallet,
    userId: null,
    derivationIndex: null,
    toAddress: hot.cold,
    amount,
  });
  return row !== null;
}
