import { createHash, randomInt } from 'node:crypto';
import { isIdText, type TLanguage, type TUserInfo, VERIFY_CODE_COUNTDOWN_S } from '@aidf/contract';
import type { EmailCodePurpose } from '../../db/repositories/email-codes.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { joinTeam } from '../team/join-team.ts';
import { inviterByCode } from '../users/inviter.ts';
import { toUserInfo } from '../users/user-info.ts';
import { insertWithNewUsername } from '../users/username.ts';
import { createSession, type SessionClient } from './sessions.ts';

/** RULES.md: a 6-digit code, valid 10 minutes, resend after 60 s, 5 wrong tries, 10 codes per e-mail per hour. */
export const EMAIL_CODE = { ttlMs: 10 * 60_000, maxTries: 5, perHour: 10, resendMs: VERIFY_CODE_COUNTDOWN_S * 1000 };

const hashCode = (email: string, code: string) => createHash('sha256').update(`${email}:${code}`).digest('hex');
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * Sends a code to `email` (a sign-in code, or for `purpose` 'bind-address' one that confirms binding a wallet);
 * answers the code's id. 9000 when asked again too soon or too often.
 */
export async function sendLoginCode(
  repos: Repositories,
  mailer: Mailer,
  input: { email: string; language: TLanguage; now?: Date; purpose?: EmailCodePurpose },
): Promise<string> {
  const email = normalizeEmail(input.email);
  const now = input.now ?? new Date();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = await repos.transaction(async (tx) => {
    // Serialize requests for one address, so two at once cannot both pass the limits.
    await tx.emailCodes.lockEmail(email);
    const last = await tx.emailCodes.latestCreatedAt(email);
    if (last && now.getTime() - last.getTime() < EMAIL_CODE.resendMs) {
      throw new AppError(9000, 'wait 60 s between codes');
    }
    if ((await tx.emailCodes.sentSince(email, new Date(now.getTime() - 3_600_000))) >= EMAIL_CODE.perHour) {
      throw new AppError(9000, 'too many codes for this e-mail in the last hour');
    }
    return tx.emailCodes.insert({
      email,
      codeHash: hashCode(email, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + EMAIL_CODE.ttlMs),
      purpose: input.purpose ?? 'login',
    });
  });
  await mailer.sendLoginCode(email, code, input.language, input.purpose ?? 'login');
  return id.toString();
}

/**
 * Signs in with an e-mail code; a first sign-in creates the account. A wrong code counts a try and answers
 * 1227; the sixth try on one code answers 9000.
 */
export async function loginWithCode(
  repos: Repositories,
  input: {
    email: string;
    verifyCodeId: string;
    verifyCode: string;
    inviteCode?: string | null | undefined;
    now?: Date;
    client?: SessionClient;
  },
): Promise<{ user: TUserInfo; token: string }> {
  const email = normalizeEmail(input.email);
  const now = input.now ?? new Date();
  const outcome = await repos.transaction(async (tx) => {
    const refused = await consumeEmailCode(tx, { ...input, email, purpose: 'login', now });
    if (refused) return { ok: false, error: refused } as const;
    // One first sign-in of an e-mail at a time: two at once (two valid codes) would both create the account.
    await tx.emailCodes.lockEmail(email);
    let user = await tx.users.byEmail(email);
    if (!user) {
      // A new leaf cannot close a cycle: the tree's lock in shared mode only keeps a bind from moving the line.
      if (input.inviteCode) await tx.team.lockTreeShared();
      const inviter = input.inviteCode ? await inviterByCode(tx, input.inviteCode) : null;
      const id = await insertWithNewUsername(tx, email.split('@')[0] ?? 'user', {
        email,
        inviterId: inviter?.id ?? null,
      });
      if (inviter) await joinTeam(tx, id, inviter.id);
      user = await tx.users.byId(id);
    }
    if (!user) throw new Error('user vanished inside its own transaction');
    return {
      ok: true,
      user: await toUserInfo(tx, user),
      token: await createSession(tx, user.id, now, input.client),
    } as const;
  });
  // A counted wrong try must stay counted, so the refusal is thrown after the transaction commits.
  if (!outcome.ok) throw new AppError(outcome.error);
  return { user: outcome.user, token: outcome.token };
}

/**
 * Checks an e-mail code for `purpose` inside the caller's transaction and consumes it; answers the refusal's
 * code (1227 unknown, wrong, used or expired; 9000 after too many tries) or null. A wrong code counts a try:
 * the caller commits and throws the refusal afterwards, so the count stays.
 */
export async function consumeEmailCode(
  tx: Repositories,
  input: { email: string; verifyCodeId: string; verifyCode: string; purpose: EmailCodePurpose; now: Date },
): Promise<1227 | 9000 | null> {
  const checked = await checkEmailCode(tx, input);
  if (!checked.ok) return checked.refused;
  await tx.emailCodes.consume(checked.id, input.now);
  return null;
}

/**
 * consumeEmailCode's check without the consumption, for an action that needs two codes: both are checked (a wrong
 * one counting its try) before either is used up, so one typo does not spend the other code.
 */
export async function checkEmailCode(
  tx: Repositories,
  input: { email: string; verifyCodeId: string; verifyCode: string; purpose: EmailCodePurpose; now: Date },
): Promise<{ ok: true; id: bigint } | { ok: false; refused: 1227 | 9000 }> {
  const refused = (code: 1227 | 9000) => ({ ok: false, refused: code }) as const;
  if (!isIdText(input.verifyCodeId)) return refused(1227);
  const row = await tx.emailCodes.forCheck(BigInt(input.verifyCodeId));
  if (!row || row.email !== input.email || row.purpose !== input.purpose || row.consumedAt) return refused(1227);
  if (row.expiresAt <= input.now) return refused(1227);
  if (row.attempts >= EMAIL_CODE.maxTries) return refused(9000);
  if (row.codeHash !== hashCode(input.email, input.verifyCode)) {
    await tx.emailCodes.countAttempt(row.id);
    return refused(1227);
  }
  return { ok: true, id: row.id };
}
