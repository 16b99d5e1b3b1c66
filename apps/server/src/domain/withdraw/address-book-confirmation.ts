import { buildAddressBookSignText, type TLanguage } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import type { UserRow } from '../../db/repositories/users.ts';
import { checkBoundWalletSignature } from '../auth/bound-signer.ts';
import { consumeEmailCode, normalizeEmail, sendLoginCode } from '../auth/email-login.ts';
import { claimSignedRequest } from '../auth/signed-action.ts';
import { AppError } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';

/** What the user sent to confirm a change of the address book (one of the two ways). */
export interface BookConfirmation {
  verifyCodeId?: string | undefined;
  verifyCode?: string | undefined;
  sign?: string | undefined;
  signContent?: string | undefined;
  timestamp?: number | undefined;
}

/** The change being confirmed, as the wallet's readable text names it. */
export type BookChange = { change: 'add'; address: string } | { change: 'only-off' };

/** How an account confirms: by a code mailed to its e-mail if it has one, else by its bound wallet's signature. */
export function confirmWithOf(user: UserRow): 'email' | 'wallet' {
  return user.email ? 'email' : 'wallet';
}

/**
 * The cheap part, before the transaction: for the wallet way, the bound wallet signed exactly this change's
 * readable text for one of `hosts` (81013 when a wallet account sends no signature, 81014 when an e-mail account
 * sends no code). Answers the signer to claim in the transaction.
 */
export async function checkBookConfirmation(
  repos: Repositories,
  user: UserRow,
  input: BookConfirmation & { hosts: readonly string[] },
  change: BookChange,
) {
  if (confirmWithOf(user) === 'email') {
    if (input.verifyCodeId === undefined || input.verifyCode === undefined) throw new AppError(81014);
    return null;
  }
  return checkBoundWalletSignature(repos, user.id, input, (host, timestampMs) =>
    buildAddressBookSignText({ host, timestampMs, ...change }),
  );
}

/**
 * Inside the change's transaction: consumes the e-mail code (answering its refusal, 1227 or 9000, for the caller
 * to throw after the commit so a wrong try counts) or claims the wallet signature once.
 */
export async function claimBookConfirmation(
  tx: Repositories,
  user: UserRow,
  input: BookConfirmation,
  signer: Awaited<ReturnType<typeof checkBookConfirmation>>,
  now: Date,
): Promise<1227 | 9000 | null> {
  if (signer) {
    await claimSignedRequest(tx, { ...signer, now });
    return null;
  }
  return consumeEmailCode(tx, {
    email: user.email ?? '',
    verifyCodeId: input.verifyCodeId ?? '',
    verifyCode: input.verifyCode ?? '',
    purpose: 'address-book',
    now,
  });
}

/**
 * Mails an 'address-book' code (the mail module's code mail, which says what the code allows), only to the
 * signed-in account's own e-mail: 81014 for any other address.
 */
export async function sendAddressBookCode(
  repos: Repositories,
  mailer: Mailer,
  userId: bigint,
  input: { email: string; language: TLanguage; now?: Date },
): Promise<string> {
  const user = await repos.users.byId(userId);
  if (!user?.email || user.email !== normalizeEmail(input.email)) throw new AppError(81014);
  return sendLoginCode(repos, mailer, { ...input, email: user.email, purpose: 'address-book' });
}
