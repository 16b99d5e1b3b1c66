import { buildResetPasswordSignText, type TUserInfo } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';
import { notify } from '../notifications/notify.ts';
import { toUserInfo } from '../users/user-info.ts';
import { assertAuthenticatorCode } from './authenticator.ts';
import { assertPasswordPolicy, hashPassword } from './password.ts';
import { recordSecurityChange, type SecurityChangeRecord } from './security-hold.ts';
import { createSession, type SessionClient } from './sessions.ts';
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
 * readable text (buildResetPasswordSignText; 81003 when the wallet is bound to no account), and the authenticator's
 * code once the account turned it on (authenticator.ts). Every session
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
    /** The authenticator's code, once the account turned it on; `ip` is whom its failures are counted against. */
    totpCode?: string | undefined;
    ip?: string;
    client?: SessionClient;
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
  const bound = await repos.users.byBoundAddress(signer.currency, signer.address);
  if (bound) await assertAuthenticatorCode(repos, bound.id, { code: input.totpCode, ip: input.ip ?? 'internal' });
  return repos.transaction(async (tx) => {
    const owner = await tx.users.byBoundAddress(signer.currency, signer.address);
    if (!owner) throw new AppError(81003);
    await tx.users.byIdForUpdate(owner.id);
    await claimSignedRequest(tx, { ...input, ...signer });
    // The slow hash only after the cheap checks (text, timestamp, signature, owner) passed.
    const passwordHash = await hashPassword(input.newPassword);
    await tx.users.setPasswordHash(owner.id, passwordHash);
    const change = await recordSecurityChange(tx, { userId: owner.id, kind: 'password' }, holdHours);
    // Told in the inbox and by e-mail through the outbox (with the anti-phishing word), not by the after-commit notice.
    await notify(tx, {
      userId: owner.id,
      kind: 'password',
      params: {},
      key: `password:${change.notice.at.toISOString()}`,
    });
    await tx.sessions.revokeAllOfUser(owner.id, new Date());
    const user = { ...owner, passwordHash };
    return {
      user: await toUserInfo(tx, user),
      token: await createSession(tx, owner.id, undefined, input.client),
      change,
    };
  });
}
