import { DEPOSIT_CURRENCIES, type TChainCurrency, type TCurrency } from '@aidf/contract';
import type { DepositAddressDeriver } from '../../chain/types.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';
import { type SolanaDepositPoolAccess, solanaDepositAddressOf } from './solana-deposit-pool.ts';

/**
 * The signed-in user's own deposit address on a chain (GET /v1/chn/coin/…/address/{mid}/A). Another mid
 * answers as an unknown user would; a currency the chain does not carry answers 81007. An address made before
 * is served as stored. On BNB Smart Chain the address is derived at the user's id (from DEPOSIT_XPUB, or the dev
 * seed), 81034 when this process has neither; on Solana it comes from the treasury's pool (solana-deposit-pool.ts).
 */
export async function depositAddressFor(
  repos: Repositories,
  keys: { derive: DepositAddressDeriver; solanaPool: SolanaDepositPoolAccess },
  q: { userId: bigint; mid: bigint; currency: TCurrency; chainCurrency: TChainCurrency },
) {
  if (q.mid !== q.userId) throw new AppError(1226);
  if (!DEPOSIT_CURRENCIES[q.chainCurrency].includes(q.currency)) throw new AppError(81007);
  const known = await repos.depositAddresses.of(q.userId, q.chainCurrency);
  if (known) return { address: known };
  if (q.chainCurrency === 'sol') return { address: await solanaDepositAddressOf(repos, keys.solanaPool, q.userId) };
  const derived = keys.derive(q.chainCurrency, q.userId);
  if (derived === null) throw new AppError(81034);
  const address = await repos.depositAddresses.remember(q.userId, q.chainCurrency, derived, Number(q.userId));
  return { address };
}
