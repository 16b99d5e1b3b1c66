import type { TLanguage } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import type { UserRow } from '../../db/repositories/users.ts';
import { boundSignerFor } from '../auth/bound-signer.ts';
import { consumeEmailCode, normalizeEmail, sendLoginCode } from '../auth/email-login.ts';
import { acceptSignedAction } from '../auth/signed-action.ts';
import { AppError } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';

/**
 * A session alone must not add a wallet that can spend. A bind is confirmed by a factor the
 * account already has: the signature of a wallet already bound to it, or, for an account with no bound wallet,
 * a code mailed to the account's own e-mail. An account with a bound wallet cannot use the e-mail path: whoever
 * reads its mailbox must not be able to add a spending key next to the owner's wallet.
 */
export interface BindConfirmation {
  /** The bound wallet's signature of the same 'bindAddress-{timestamp}' text as the new wallet's. */
  authSign?: string | undefined;
  authSignContent?: string | undefined;
  verifyCodeId?: string | undefined;
  verifyCode?: string | undefined;
}

/**
 * Checks the confirmation inside the bind's transaction (the co-signature is claimed there, the code consumed).
 * Answers a code refusal (1227, 9000) that the caller throws after committing, so a wrong code's try counts.
 */
export async function confirmBind(
  tx: Repositories,
  user: UserRow,
  input: BindConfirmation & { timestamp: number; now: Date },
): Promise<1227 | 9000 | null> {
  const hasWallet = (await tx.boundAddresses.ofUser(user.id)).length > 0;
  if (hasWallet) {
    if (!input.authSign || input.verifyCodeId !== undefined) throw new AppError(81013);
    const signer = await boundSignerFor(tx, user.id, input.authSign);
    await acceptSignedAction(tx, {
      sign: input.authSign,
      signContent: input.authSignContent ?? '',
      timestamp: input.timestamp,
      action: 'bindAddress',
      ...signer,
      now: input.now,
    });
    return null;
  }
  if (!user.email || input.verifyCodeId === undefined || input.verifyCode === undefined) throw new AppError(81014);
  return consumeEmailCode(tx, {
    email: user.email,
    verifyCodeId: input.verifyCodeId,
    verifyCode: input.verifyCode,
    purpose: 'bind-address',
    now: input.now,
  });
}

/**
 * Mails a 'bind-address' code, only to the signed-in account's own e-mail (81014 for any other address) and
 * only for an account with no bound wallet (81013: it confirms with that wallet instead).
 */
export async function sendBindCode(
  repos: Repositories,
  mailer: Mailer,
  userId: bigint,
  input: { email: string; language: TLanguage; now?: Date },
): Promise<string> {
  const user = await repos.users.byId(userId);
  if (!user?.email || user.email !== normalizeEmail(input.email)) throw new AppError(81014);
  if ((await repos.boundAddresses.ofUser(userId)).length > 0) throw new AppError(81013);
  return sendLoginCode(repos, mailer, { ...input, email: user.email, purpose: 'bind-address' });
}
