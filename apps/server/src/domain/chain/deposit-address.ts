import { DEPOSIT_CURRENCIES, type TChainCurrency, type TCurrency } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';

/** A user's deposit address on a chain; null when this process cannot make one (Solana without the seed). */
export type DepositAddressDeriver = (chainCurrency: TChainCurrency, userId: bigint) => string | null;

/**
 * The signed-in user's own deposit address on a chain (GET /v1/chn/coin/…/address/{mid}/A). Another mid
 * answers as an unknown user would; a currency the chain does not carry answers 81007. An address made before
 * is served as stored; a chain whose addresses this process cannot derive (deposit-keys.ts) answers 81034.
 */
export async function depositAddressFor(
  repos: Repositories,
  derive: DepositAddressDeriver,
  q: { userId: bigint; mid: bigint; currency: TCurrency; chainCurrency: TChainCurrency },
) {
  if (q.mid !== q.userId) throw new AppError(1226);
  if (!DEPOSIT_CURRENCIES[q.chainCurrency].includes(q.currency)) throw new AppError(81007);
  const known = await repos.depositAddresses.of(q.userId, q.chainCurrency);
  if (known) return { address: known };
  const derived = derive(q.chainCurrency, q.userId);
  if (derived === null) throw new AppError(81034);
  const address = await repos.depositAddresses.remember(q.userId, q.chainCurrency, derived);
  return { address };
}
