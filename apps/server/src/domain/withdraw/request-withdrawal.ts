import { buildWithdrawSignText } from '@aidf/contract';
import type { WithdrawPolicy } from '../../chain/types.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import type { WithdrawalRow } from '../../db/repositories/withdrawals.ts';
import { assertAuthenticatorCode } from '../auth/authenticator.ts';
import { boundSignerFor } from '../auth/bound-signer.ts';
import { assertNoSecurityHold } from '../auth/security-hold.ts';
import { checkSignedRequest, isStaleTimestamp, type WalletSignatureInput } from '../auth/signed-action.ts';
import { AppError } from '../errors.ts';
import { PLATFORM, platformAccount, userAccount } from '../ledger/platform-accounts.ts';
import { postPrepared, prepareMovement } from '../ledger/post-movement.ts';
import { assertBookAllows } from './address-book.ts';
import { assertWithinLimits } from './amount-limits.ts';
import { checkDestination, platformAddresses } from './destination.ts';
import { withdrawalsLeftToday, withdrawalTerms } from './withdraw-policy.ts';

export interface WithdrawInput extends WalletSignatureInput {
  amount: string;
  currency: 'cow';
  chainCurrency: 'bnb';
  address: string;
  /** The hosts the signed text may name. */
  hosts: readonly string[];
  /** The authenticator's code, once the user turned it on; `ip` is whom its failures are counted against. */
  totpCode?: string | undefined;
  ip?: string;
}

/**
 * A COW withdrawal to a BNB Smart Chain address (RULES.md "Recharge and withdrawal"): 1 to 1,000,000, more
 * than the fee, at most 2 per user per UTC day and within the user's amount limits (amount-limits.ts), to a usable
 * address of the user's address book when 'address book only' is on (address-book.ts), with the authenticator's
 * code once the user turned it on (auth/authenticator.ts), its readable text (buildWithdrawSignText: host, amount,
 * destination) signed by the user's bound wallet. The amount is debited now (to the platform's in-flight
 * account); the payout worker sends amount − fee later. The signature is the idempotency key: the same
 * request again answers the first withdrawal and moves nothing; with another body it is refused (409).
 */
export async function requestWithdrawal(
  repos: Repositories,
  policy: WithdrawPolicy,
  userId: bigint,
  input: WithdrawInput,
  now = new Date(),
): Promise<WithdrawalRow> {
  const terms = withdrawalTerms(policy, input.amount);
  if (!terms.ok) throw new AppError(terms.code);
  const { amount, fee, receive } = terms;
  const destination = await checkDestination(input.address, platformAddresses(repos, policy));
  if (!destination.ok) throw new AppError(destination.code);
  const signer = await boundSignerFor(repos, userId, input.sign);
  await assertNoSecurityHold(repos, userId, now);
  await assertBookAllows(repos, userId, destination.address, now);
  await checkSignedRequest(repos, {
    ...input,
    ...signer,
    replayable: true,
    textFor: (host) => buildWithdrawSignText({ ...input, host, timestampMs: input.timestamp }),
  });
  const idemKey = `withdraw:${signer.address}:${input.signContent}`;
  // A retried request answers its first withdrawal below; only a new one spends an authenticator code.
  if (!(await repos.withdrawals.byIdem(idemKey))) {
    await assertAuthenticatorCode(repos, userId, { code: input.totpCode, ip: input.ip ?? 'internal', now });
  }

  const prepared = await prepareMovement(repos, {
    type: 'chain-withdraw',
    idemKey,
    ref: destination.address,
    lines: [
      { account: userAccount(userId, input.currency), amount: amount.neg() },
      { account: platformAccount(PLATFORM.withdrawalsInFlight, input.currency), amount },
    ],
  });
  return repos.transaction(async (tx) => {
    // One request of this user at a time, so the daily count below cannot be raced past.
    await tx.withdrawals.lockUser(userId);
    const earlier = await tx.withdrawals.byIdem(idemKey);
    if (earlier) return earlier;
    const day = await tx.withdrawals.today();
    if (withdrawalsLeftToday(await tx.withdrawals.countOnDay(userId, day)) === 0) throw new AppError(81008);
    await assertWithinLimits(tx, userId, input.currency, amount, day);
    const posted = await postPrepared(tx, prepared, {
      claim: { ...signer, signContent: input.signContent, fresh: !isStaleTimestamp(input.timestamp, now) },
    });
    return tx.withdrawals.insert({
      userId,
      chain: 'bsc',
      currency: input.currency,
      toAddress: destination.address,
      amount: amount.toFixed(),
      fee: fee.toFixed(),
      receiveAmount: receive.toFixed(),
      utcDay: day,
      idemKey,
      requestMovementId: posted.movementId,
      status: 'requested',
    });
  });
}
