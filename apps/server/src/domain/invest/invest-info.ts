import { Money, moneyString } from '@aidf/contract';
import { formatUnits } from 'viem';
import type { InvestSource } from '../../chain/evm/evm-invest-source.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';
import { investTarget } from './invest-config.ts';

/** Trailing zeros off: NUMERIC answers '12.500000000000000000'. */
const plain = (decimal: string) => (decimal.includes('.') ? decimal.replace(/\.?0+$/, '') : decimal);

/**
 * Whether the contract's reserve covers what the platform recorded from it on this chain instance: the
 * contract pays nothing out, so its AIDF balance can only be below the sum of the Invested events recorded if
 * the token took them (a blacklist, a burn, a broken token). Read at the head, which holds every recorded event
 * and perhaps newer ones still below the confirmation depth: those only add to the balance.
 */
export async function investReserve(repos: Repositories, source: InvestSource) {
  const target = await investTarget(repos, source.chain);
  if (!target) return null;
  const [units, genesis] = await Promise.all([
    source.tokenBalance(target.token, target.contract),
    source.genesisHash(),
  ]);
  const balance = formatUnits(units, target.decimals);
  const recorded = plain(await repos.invests.recordedFrom(source.chain, genesis, target.contract));
  const shortfall = new Money(recorded).minus(new Money(balance));
  return {
    target,
    balance,
    recorded,
    /** Positive when the contract holds less than was recorded from it. */
    shortfall: shortfall.gt(0) ? moneyString(shortfall) : '0',
  };
}

/**
 * POST /v1/cow/fund/network (SPEC.md network info): 81034 without an invest contract on the chain, 81035 when
 * the contract holds less than the platform recorded from it, so nobody is asked to invest into a contract
 * whose reserve is already short; otherwise where to invest and what the user invested so far.
 */
export async function investInfo(
  repos: Repositories,
  source: InvestSource | null,
  confirmations: number,
  userId: bigint,
) {
  const reserve = source ? await investReserve(repos, source) : null;
  if (!source || !reserve) throw new AppError(81034);
  if (reserve.shortfall !== '0') throw new AppError(81035);
  return {
    investAddress: reserve.target.contract,
    balance: plain(reserve.balance),
    invest_amount: plain(await repos.invests.investedBy(source.chain, userId)),
    tokenAddress: reserve.target.token,
    decimals: reserve.target.decimals,
    confirmations,
  };
}
