import { MAX_CLOCK_SKEW_MS, parseSignContent, type TChainCurrency, type TSignAction } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';
import { isSignedBy } from './wallet-signature.ts';

export interface WalletSignatureInput {
  sign: string;
  signContent: string;
  timestamp: number;
}

/**
 * Checks a wallet signature for one action (RULES.md "Sign-in and sessions"): the text is '{prefix}{ms}' of
 * this action, the timestamp matches and lies within 5 minutes, `address` signed it, and it was never used.
 * Run it inside the transaction of the action, so the claim and the effect commit together.
 */
export async function acceptSignedAction(
  repos: Repositories,
  input: WalletSignatureInput & { action: TSignAction; currency: TChainCurrency; address: string; now?: Date },
): Promise<void> {
  const parsed = parseSignContent(input.signContent);
  if (!parsed || parsed.action !== input.action) throw new AppError(1229, 'the signed text is not for this action');
  if (parsed.timestampMs !== input.timestamp) throw new AppError(1229, 'timestamp differs from the signed text');
  const now = (input.now ?? new Date()).getTime();
  if (Math.abs(now - parsed.timestampMs) > MAX_CLOCK_SKEW_MS) {
    throw new AppError(1229, 'the signature is more than 5 minutes old');
  }
  if (!(await isSignedBy(input.currency, input.address, input.signContent, input.sign))) {
    throw new AppError(1229, 'the signature does not match the address');
  }
  if (!(await repos.usedSignatures.claim(input.address, input.signContent))) {
    throw new AppError(1229, 'the signature was already used');
  }
}
