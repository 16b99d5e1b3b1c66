import {
  buildTransferSignText,
  canonicalUsername,
  moneyString,
  parsePositiveAmount,
  type TChainCurrency,
} from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { runningHoldUntil } from '../auth/security-hold.ts';
import { type SessionUser, tokenHashOf, usedSession } from '../auth/sessions.ts';
import { checkSignedRequestRead, isStaleTimestamp, type WalletSignatureInput } from '../auth/signed-action.ts';
import { AppError } from '../errors.ts';
import { userAccount } from '../ledger/platform-accounts.ts';
import { postAlone, prepareMovement } from '../ledger/post-movement.ts';
import { movementNotice } from '../notifications/notify.ts';

export interface TransferInput extends WalletSignatureInput {
  amount: string;
  currency: string;
  username: string;
  /** The hosts the signed text may name. */
  hosts: readonly string[];
}

/**
 * Internal transfer (RULES.md "Recharge and withdrawal"): any currency with a balance, to another user by
 * username, with a fresh signature of its readable text (buildTransferSignText: host, amount, currency,
 * recipient) from the sender's bound wallet. The signature is the idempotency key: the same request sent
 * again moves nothing and answers success; the same signature with another body is refused (409).
 *
 * Two round trips: one read of everything the checks need, session included (transferContext), and the movement
 * with the signature's claim and the recipient's notice in one statement (postAlone, its own transaction; under
 * load one statement for the transfers posted beside it).
 * The checks and their order are those of the session check, boundSignerFor, assertNoSecurityHold and
 * checkSignedRequest; a first transfer of a currency to or from a user creates the accounts first (one more).
 */
export async function transfer(
  repos: Repositories,
  token: string | null,
  input: TransferInput,
  onSession: (user: SessionUser) => void = () => {},
  now = new Date(),
) {
  const tokenHash = token ? tokenHashOf(token) : null;
  if (!tokenHash) throw new AppError(401);
  const signerCurrency: TChainCurrency = input.sign.startsWith('0x') ? 'bnb' : 'sol';
  const context = await repos.transferContext.read({
    tokenHash,
    now,
    receiver: canonicalUsername(input.username),
    signerCurrency,
    currency: input.currency,
    signContent: input.signContent,
  });
  if (!context) throw new AppError(401);
  const senderId = context.session.userId;
  onSession(await usedSession(repos, tokenHash, context.session, now));
  const amount = parsePositiveAmount(input.amount);
  if (!amount) throw new AppError(1225, 'amount must be above zero with at most 18 decimals');
  const { receiver } = context;
  if (!receiver) throw new AppError(1226);
  if (receiver.id === senderId) throw new AppError(1225, 'you cannot transfer to yourself');
  if (!context.boundAddress) throw new AppError(81003);
  const holdUntil = runningHoldUntil(context.holdUntil, now);
  if (holdUntil !== null) throw new AppError(81012, `until ${new Date(holdUntil).toISOString()} (${holdUntil})`);
  const signer = { currency: signerCurrency, address: context.boundAddress };
  await checkSignedRequestRead(
    {
      ...input,
      ...signer,
      replayable: true,
      textFor: (host) => buildTransferSignText({ ...input, host, timestampMs: input.timestamp }),
    },
    context.signatureUsed,
  );

  const movement = {
    type: 'user-transfer-out' as const,
    idemKey: `transfer:${signer.address}:${input.signContent}`,
    ref: receiver.username,
    lines: [
      { account: userAccount(senderId, input.currency), amount: amount.neg(), type: 'user-transfer-out' as const },
      { account: userAccount(receiver.id, input.currency), amount, type: 'user-transfer-in' as const },
    ],
  };
  const { sender: senderAccount, receiver: receiverAccount } = context.accountIds;
  const prepared =
    senderAccount !== null && receiverAccount !== null
      ? { ...movement, accountIds: [senderAccount, receiverAccount] }
      : await prepareMovement(repos, movement);
  const notice = movementNotice(
    {
      userId: receiver.id,
      kind: 'transfer-received',
      params: { amount: moneyString(amount), currency: input.currency.toUpperCase(), from: context.session.username },
    },
    receiver.mailProfile,
  );
  // Freshness is judged when the movement is written, as the claim did inside the movement's transaction.
  const claim = { ...signer, signContent: input.signContent, fresh: !isStaleTimestamp(input.timestamp, new Date()) };
  return postAlone(repos, prepared, { claim, notice });
}
