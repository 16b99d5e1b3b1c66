import { CHAINS, type TChainName } from '@aidf/contract';
import { WalletError } from '../wallet/types.ts';
import { clearLogin } from './session.ts';

/** The same address on `chain`: EVM hex in any case, Solana's base58 exactly. */
export function sameAddress(chain: TChainName, a: string, b: string): boolean {
  return chain === CHAINS.bsc.name ? a.toLowerCase() === b.toLowerCase() : a === b;
}

/**
 * A wallet that pays or invests for the account must be its bound address of the chain: the server counts only
 * transfers from it. Whatever the sign-in (wallet, password, e-mail), another account ends the session as SPEC.md
 * point 4 says (ms48); no bound address at all: the user is told to bind one first.
 */
export function assertBoundAccount(chain: TChainName, account: string, bound: string | null) {
  if (bound === null) throw new WalletError('notBound');
  if (sameAddress(chain, account, bound)) return;
  clearLogin();
  throw new WalletError('boundMismatch');
}
