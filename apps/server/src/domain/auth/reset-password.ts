import { buildResetPasswordSignText, type TUserInfo } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';
import { toUserInfo } from '../users/user-info.ts';
import { assertPasswordPolicy, hashPassword } from './password.ts';
import { recordSecurityChange, type SecurityChangeRecord } from './security-hold.ts';
import { createSession } from './sessions.ts';
import { checkSignedRequest, claimSignedRequest, type WalletSignatureInput } from './signed-action.ts';
import { canonicalAddress, recoverEvmSigner } from './wallet-signature.ts';

/** The wallet behind a signature: recovered for EVM (0x-hex), stated for Solana (base58). */
async function signingWallet(input: WalletSignatureInput & { walletAddress?: string | undefined }) {
  if (input.sign.startsWith('0x')) {
    const address = await recoverEvmSigner(input.signContent, input.sign);
    if (!address) throw new AppError(1229, 'the signature does not match the address');
    return { currency: 'bnb' as const, address };
  }
  const address = canonicalAddress('sol', input.walletAddress ?? '');
  if (!address) throw new AppError(1225, 'walletAddress must be the Solana address that signed');
  return { currency: 'sol' as const, address };
}

/**
 * Sets or resets the password of the account the signing wallet is bound to, with a fresh signature of its
 * readable text (buildResetPasswordSignText; 81003 when the wallet is bound to no account). Every session
 * of the account is revoked and a new one is opened for this device. A signature resets once: sent again
 * it is refused (409), whatever the password, since a second answer would open a session.
 */
export async function resetPassword(
  repos: Repositories,
  input: WalletSignatureInput & {
    newPassword: string;
    walletAddress?: string | undefined;
    /** The hosts the signed text may name. */
    hosts: readonly string[];
  },
  /** A password change holds outgoing money this long. */
  holdHours: number,
): Promise<{ user: TUserInfo; token: string; change: SecurityChangeRecord }> {
  assertPasswordPolicy(input.newPassword);
  const signer = await signingWallet(input);
  await checkSignedRequest(repos, {
    ...input,
    ...signer,
    replayable: false,
    textFor: (host) => buildResetPasswordSignText({ host, timestampMs: input.timestamp }),
  });
  return repos.transaction(async (tx) => {
    const owner = await tx.users.byBoundAddress(signer.currency, signer.address);
    if (!owner) throw new AppError(81003);
    await tx.users.byIdForUpdate(owner.id);
    await claimSignedRequest(tx, { ...input, ...signer });
    // The slow hash only after the cheap checks (text, timestamp, signature, owner) passed.
    const passwordHash = await hashPassword(input.newPassword);
    await tx.users.setPasswordHash(owner.id, passwordHash);
    const change = await recordSecurityChange(tx, { userId: owner.id, kind: 'password' }, holdHours);
    await tx.sessions.revokeAllOfUser(owner.id, new Date());
    const user = { ...owner, passwordHash };
    return { user: await toUserInfo(tx, user), token: await createSession(tx, owner.id), change };
  });
}
