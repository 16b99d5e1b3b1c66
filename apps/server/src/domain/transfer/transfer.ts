import { buildTransferSignText, canonicalUsername, parsePositiveAmount } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { boundSignerFor } from '../auth/bound-signer.ts';
import { assertNoSecurityHold } from '../auth/security-hold.ts';
import { checkSignedRequest, claimSignedRequest, type WalletSignatureInput } from '../auth/signed-action.ts';
import { AppError } from '../errors.ts';
import { userAccount } from '../ledger/platform-accounts.ts';
import { postPrepared, prepareMovement } from '../ledger/post-movement.ts';

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
 */
export async function transfer(repos: Repositories, senderId: bigint, input: TransferInput) {
  const amount = parsePositiveAmount(input.amount);
  if (!amount) throw new AppError(1225, 'amount must be above zero with at most 18 decimals');
  const receiver = await repos.users.byUsername(canonicalUsername(input.username));
  if (!receiver) throw new AppError(1226);
  if (receiver.id === senderId) throw new AppError(1225, 'you cannot transfer to yourself');
  const signer = await boundSignerFor(repos, senderId, input.sign);
  await assertNoSecurityHold(repos, senderId);
  await checkSignedRequest(repos, {
    ...input,
    ...signer,
    replayable: true,
    textFor: (host) => buildTransferSignText({ ...input, host, timestampMs: input.timestamp }),
  });

  const prepared = await prepareMovement(repos, {
    type: 'user-transfer-out',
    idemKey: `transfer:${signer.address}:${input.signContent}`,
    ref: receiver.username,
    lines: [
      { account: userAccount(senderId, input.currency), amount: amount.neg(), type: 'user-transfer-out' },
      { account: userAccount(receiver.id, input.currency), amount, type: 'user-transfer-in' },
    ],
  });
  return repos.transaction((tx) => postPrepared(tx, prepared, () => claimSignedRequest(tx, { ...input, ...signer })));
}
