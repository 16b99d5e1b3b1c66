import { createHash, randomInt } from 'node:crypto';
import { type TLanguage, type TUserInfo, VERIFY_CODE_COUNTDOWN_S } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { inviterByCode } from '../users/inviter.ts';
import { toUserInfo } from '../users/user-info.ts';
import { newUsername } from '../users/username.ts';
import { createSession } from './sessions.ts';

/** RULES.md: a 6-digit code, valid 10 minutes, resend after 60 s, 5 wrong tries, 10 codes per e-mail per hour. */
export const EMAIL_CODE = { ttlMs: 10 * 60_000, maxTries: 5, perHour: 10, resendMs: VERIFY_CODE_COUNTDOWN_S * 1000 };

const hashCode = (email: string, code: string) => createHash('sha256').update(`${email}:${code}`).digest('hex');
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Sends a sign-in code to `email`; answers the code's id. 9000 when asked again too soon or too often. */
export async function sendLoginCode(
  repos: Repositories,
  mailer: Mailer,
  input: { email: string; language: TLanguage; now?: Date },
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
    });
  });
  await mailer.sendLoginCode(email, code, input.language);
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
  },
): Promise<{ user: TUserInfo; token: string }> {
  const email = normalizeEmail(input.email);
  const now = input.now ?? new Date();
  if (!/^[1-9]\d{0,18}$/.test(input.verifyCodeId)) throw new AppError(1227);
  const outcome = await repos.transaction(async (tx) => {
    const row = await tx.emailCodes.forCheck(BigInt(input.verifyCodeId));
    if (!row || row.email !== email || row.consumedAt || row.expiresAt <= now)
      return { ok: false, error: 1227 } as const;
    if (row.attempts >= EMAIL_CODE.maxTries) return { ok: false, error: 9000 } as const;
    if (row.codeHash !== hashCode(email, input.verifyCode)) {
      await tx.emailCodes.countAttempt(row.id);
      return { ok: false, error: 1227 } as const;
    }
    await tx.emailCodes.consume(row.id, now);
    let user = await tx.users.byEmail(email);
    if (!user) {
      const inviter = input.inviteCode ? await inviterByCode(tx, input.inviteCode) : null;
      const username = await newUsername(tx, email.split('@')[0] ?? 'user');
      user = await tx.users.byId(await tx.users.insert({ username, email, inviterId: inviter?.id ?? null }));
    }
    if (!user) throw new Error('user vanished inside its own transaction');
    return { ok: true, user: await toUserInfo(tx, user), token: await createSession(tx, user.id) } as const;
  });
  // A counted wrong try must stay counted, so the refusal is thrown after the transaction commits.
  if (!outcome.ok) throw new AppError(outcome.error);
  return { user: outcome.user, token: outcome.token };
}
