import { buildChangeEmailSignText, maskEmail, type TEmailChange, type TLanguage, type TUserInfo } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import type { UserRow } from '../../db/repositories/users.ts';
import { assertAuthenticatorCode } from '../auth/authenticator.ts';
import { checkBoundWalletSignature } from '../auth/bound-signer.ts';
import { checkEmailCode, normalizeEmail, sendLoginCode } from '../auth/email-login.ts';
import { recordSecurityChange } from '../auth/security-hold.ts';
import { claimSignedRequest } from '../auth/signed-action.ts';
import { AppError } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { notify } from '../notifications/notify.ts';
import { toUserInfo } from './user-info.ts';

/**
 * The e-mail change (docs/user-guide.md "Your e-mail"): the new address proves itself with a code mailed to it; the
 * account's owner proves themselves as for a bind (bind-confirmation.ts): by the bound wallet's signature, or for an
 * account without a bound wallet by a code mailed to its current address; the authenticator's code once it is on.
 * Whoever holds only a session can neither take the account's mail nor, on a wallet account, add an e-mail that
 * would then confirm address-book changes in the wallet's place.
 */
type OwnerProof = 'wallet' | 'email';

async function ownerProofOf(repos: Repositories, userId: bigint): Promise<OwnerProof> {
  return (await repos.boundAddresses.ofUser(userId)).length > 0 ? 'wallet' : 'email';
}

async function userOf(repos: Repositories, userId: bigint): Promise<UserRow> {
  const user = await repos.users.byId(userId);
  if (!user) throw new AppError(401);
  return user;
}

/**
 * Mails a code for the change: to the new address ('change-email'; 81115 for the account's own), or to the current
 * one ('change-email-owner'; 81013 for an account that proves itself with its wallet, 81014 for any other address).
 * Limited as every code is (sendLoginCode). Whether the new address has an account is not told here.
 */
export async function sendEmailChangeCode(
  repos: Repositories,
  mailer: Mailer,
  userId: bigint,
  input: { email: string; to: 'new' | 'current'; language: TLanguage; now?: Date },
): Promise<string> {
  const user = await userOf(repos, userId);
  const email = normalizeEmail(input.email);
  const send = { email, language: input.language, ...(input.now ? { now: input.now } : {}) };
  if (input.to === 'current') {
    if ((await ownerProofOf(repos, userId)) === 'wallet') throw new AppError(81013);
    if (!user.email || user.email !== email) throw new AppError(81014);
    return sendLoginCode(repos, mailer, { ...send, purpose: 'change-email-owner' });
  }
  if (email === user.email) throw new AppError(81115);
  return sendLoginCode(repos, mailer, { ...send, purpose: 'change-email' });
}

/** `sessionTokenHash`: the session making the change, the one kept signed in (the others are signed out). */
type ChangeInput = TEmailChange & { hosts: readonly string[]; ip: string; sessionTokenHash: string; now?: Date };

/** The cheap part of the owner's proof, before the transaction: the wallet's signature of this very change. */
async function checkOwner(repos: Repositories, user: UserRow, input: ChangeInput, email: string) {
  if ((await ownerProofOf(repos, user.id)) === 'email') {
    if (!user.email || input.ownerCodeId === undefined || input.ownerCode === undefined) throw new AppError(81014);
    return null;
  }
  return checkBoundWalletSignature(repos, user.id, input, (host, timestampMs) =>
    buildChangeEmailSignText({ host, timestampMs, email }),
  );
}

/**
 * Changes (or adds) the account's e-mail. Both codes are checked before either is used (a wrong one counts its try,
 * 1227, then 9000, and changes nothing); 81114 when the proven address belongs to another account. The notice
 * (inbox and e-mail with the anti-phishing word) goes to the old address, or to the new one when there was none;
 * outgoing money is then held as after a password change (security-hold.ts), and every other session of the account
 * is signed out (a session someone else holds would otherwise keep the account while its mail goes elsewhere).
 */
export async function changeEmail(
  repos: Repositories,
  userId: bigint,
  input: ChangeInput,
  holdHours: number,
): Promise<TUserInfo> {
  const now = input.now ?? new Date();
  const email = normalizeEmail(input.email);
  const user = await userOf(repos, userId);
  if (email === user.email) throw new AppError(81115);
  await assertAuthenticatorCode(repos, userId, { code: input.totpCode, ip: input.ip, now });
  const signer = await checkOwner(repos, user, input, email);
  const outcome = await repos.transaction(async (tx) => {
    // One change of an account at a time; its current address is read under the lock.
    const owner = await tx.users.byIdForUpdate(userId);
    if (!owner) throw new AppError(401);
    const proven = await checkCodes(tx, owner, input, email, now, signer === null);
    if (!proven.ok) return proven;
    if (signer) await claimSignedRequest(tx, { ...signer, now });
    for (const id of proven.ids) await tx.emailCodes.consume(id, now);
    // The same lock as a first e-mail sign-in's: it cannot create an account for this address meanwhile.
    await tx.emailCodes.lockEmail(email);
    if (await tx.users.byEmail(email)) throw new AppError(81114);
    const notice = {
      userId,
      kind: 'email' as const,
      params: { address: maskEmail(email) },
      key: `email:${now.getTime()}`,
    };
    // notify() mails the address the account has at the time: the old one, or the new one when it had none.
    if (owner.email) await notify(tx, notice);
    await tx.users.setEmail(userId, email);
    if (!owner.email) await notify(tx, notice);
    await recordSecurityChange(tx, { userId, kind: 'email' }, holdHours, now);
    await tx.sessions.revokeOthers(userId, input.sessionTokenHash, now);
    return { ok: true, user: await toUserInfo(tx, { ...owner, email }) } as const;
  });
  if (!outcome.ok) throw new AppError(outcome.refused);
  return outcome.user;
}

/** The code of the new address and, for an account without a bound wallet, the one of its current address. */
async function checkCodes(
  tx: Repositories,
  user: UserRow,
  input: ChangeInput,
  email: string,
  now: Date,
  byCode: boolean,
) {
  const fresh = await checkEmailCode(tx, { ...input, email, purpose: 'change-email', now });
  if (!fresh.ok) return fresh;
  if (!byCode) return { ok: true, ids: [fresh.id] } as const;
  if (!user.email) throw new AppError(81014);
  const owner = await checkEmailCode(tx, {
    email: user.email,
    verifyCodeId: input.ownerCodeId ?? '',
    verifyCode: input.ownerCode ?? '',
    purpose: 'change-email-owner',
    now,
  });
  if (!owner.ok) return owner;
  return { ok: true, ids: [fresh.id, owner.id] } as const;
}
