import { Money, type PledgeDays, SUBMODES, type TSubmode } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import type { PledgeRow } from '../../db/repositories/pledges.ts';
import { utcDayOf } from '../../utc-day.ts';
import { boundSignerFor } from '../auth/bound-signer.ts';
import { checkSignedAction, signatureUsedForAction, type WalletSignatureInput } from '../auth/signed-action.ts';
import { AppError } from '../errors.ts';
import { PLATFORM, platformAccount, userAccount } from '../ledger/platform-accounts.ts';
import { postPrepared, prepareMovement } from '../ledger/post-movement.ts';
import { pledgeConfig } from './pledge-config.ts';
import { parsePledgeAmount, pledgesLeftToday } from './pledge-rules.ts';

export interface PledgeInput extends WalletSignatureInput {
  amount: string;
  days: PledgeDays;
  submode: TSubmode;
  /** At maturity, renew into a new pledge of the same period (off when omitted). */
  autoRenew?: boolean;
}

/**
 * Starts a pledge (RULES.md "Pledge"): 1 to 1,000,000 AIDF from the normal or the frozen balance, signed
 * 'pledge-{ms}' by the user's bound wallet, at most dailyLimit per UTC day, the rate fixed now. The principal
 * moves to the pledge pool (cow-fund-buy); it comes back to the normal balance on the last day. The signature
 * is the idempotency key: the same signed pledge again answers the first one and moves nothing.
 */
export async function createPledge(
  repos: Repositories,
  userId: bigint,
  input: PledgeInput,
  now = new Date(),
): Promise<PledgeRow> {
  const amount = parsePledgeAmount(input.amount);
  if (!amount) throw new AppError(81011);
  const signer = await boundSignerFor(repos, userId, input.sign);
  const idemKey = `pledge:${signer.address}:${input.signContent}`;
  const day = utcDayOf(now);
  const prepared = await prepareMovement(repos, {
    type: 'cow-fund-buy',
    idemKey,
    ref: `${input.days}d`,
    lines: [
      { account: userAccount(userId, 'aidf', input.submode), amount: amount.neg() },
      { account: platformAccount(PLATFORM.pledgePool, 'aidf', SUBMODES.normal), amount },
    ],
  });
  // The account settlement pays into exists from the start: the set-based settlement books into it.
  await repos.ledger.ensureAccount(userAccount(userId, 'aidf', SUBMODES.normal));
  return repos.transaction(async (tx) => {
    // One pledge request of this user at a time, so the daily count cannot be raced past.
    await tx.users.byIdForUpdate(userId);
    const earlier = await tx.pledges.byIdem(idemKey);
    if (earlier) {
      const same =
        new Money(earlier.amount).eq(amount) && earlier.days === input.days && earlier.submode === input.submode;
      if (!same) throw new AppError(81021);
      return earlier;
    }
    const config = await pledgeConfig(tx);
    if (pledgesLeftToday(config.dailyLimit, await tx.pledges.countStartedOn(userId, day)) === 0) {
      throw new AppError(81020);
    }
    await checkSignedAction({ ...input, action: 'pledge', ...signer, now });
    const claim = { ...signer, signContent: input.signContent, fresh: true, reused: signatureUsedForAction };
    const posted = await postPrepared(tx, prepared, { claim });
    return tx.pledges.insert({
      userId,
      amount: amount.toFixed(),
      days: input.days,
      rate: config.rates[input.days],
      submode: input.submode,
      startDay: day,
      idemKey,
      movementId: posted.movementId,
      autoRenew: input.autoRenew ?? false,
    });
  });
}
