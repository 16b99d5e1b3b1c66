import type { TChainCurrency } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';
import { checkSignedRequest } from './signed-action.ts';

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

/**
 * The bound wallet's signature of one sensitive action of this user, checked before the action's transaction: 81013
 * when a field is missing, then the signer (81003), the text (`textFor` each accepted host) and the timestamp. Not
 * replayable: the action claims the answer with claimSignedRequest inside its transaction.
 */
export async function checkBoundWalletSignature(
  repos: Repositories,
  userId: bigint,
  input: { sign?: string; signContent?: string; timestamp?: number; hosts: readonly string[] },
  textFor: (host: string, timestampMs: number) => string,
) {
  if (!input.sign || !input.signContent || input.timestamp === undefined) throw new AppError(81013);
  const signed = { sign: input.sign, signContent: input.signContent, timestamp: input.timestamp };
  const signer = await boundSignerFor(repos, userId, signed.sign);
  await checkSignedRequest(repos, {
    ...signed,
    ...signer,
    hosts: input.hosts,
    replayable: false,
    textFor: (host) => textFor(host, signed.timestamp),
  });
  return { ...signed, ...signer };
}
