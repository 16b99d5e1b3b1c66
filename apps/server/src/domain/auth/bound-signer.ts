import type { TChainCurrency } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';

/**
 * The bound address that must have made a signature for a sensitive action of this user: the BNB Smart Chain
 * one for a 0x-hex signature, the Solana one for base58. 81003 when the user has none bound.
 */
export async function boundSignerFor(repos: Repositories, userId: bigint, sign: string) {
  const currency: TChainCurrency = sign.startsWith('0x') ? 'bnb' : 'sol';
  const address = await repos.boundAddresses.ofUserAndCurrency(userId, currency);
  if (!address) throw new AppError(81003);
  return { currency, address };
}
