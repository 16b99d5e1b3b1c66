import { randomUUID } from 'node:crypto';
import { parsePositiveAmount, type TCurrency, type TSubmode } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';
import { PLATFORM, platformAccount, userAccount } from '../ledger/platform-accounts.ts';
import { postPrepared, prepareMovement } from '../ledger/post-movement.ts';

export interface CreditInput {
  operator: string;
  username: string;
  currency: TCurrency;
  submode: TSubmode;
  amount: string;
  reason: string;
  /** Makes a retried credit request move money once; a fresh one per request when omitted. */
  requestId?: string | undefined;
}

/** Credits a user's balance as merchant-system-transfer ("admin recharge"), recording who, when and why. */
export async function creditUser(repos: Repositories, input: CreditInput) {
  const amount = parsePositiveAmount(input.amount);
  if (!amount) throw new AppError(1225, 'amount must be above zero with at most 18 decimals');
  if (input.reason.trim() === '') throw new AppError(1225, 'a reason is required');
  const user = await repos.users.byUsername(input.username.trim().toLowerCase());
  if (!user) throw new AppError(1226);

  const prepared = await prepareMovement(repos, {
    type: 'merchant-system-transfer',
    idemKey: `operator-credit:${input.requestId ?? randomUUID()}`,
    ref: input.operator,
    lines: [
      { account: platformAccount(PLATFORM.operatorCredit, input.currency, input.submode), amount: amount.neg() },
      { account: userAccount(user.id, input.currency, input.submode), amount },
    ],
  });
  return repos.transaction(async (tx) => {
    const result = await postPrepared(tx, prepared);
    if (!result.replayed) {
      await tx.operatorActions.record({
        operator: input.operator,
        action: 'credit',
        movementId: result.movementId,
        reason: input.reason.trim(),
        detail: { username: user.username, currency: input.currency, submode: input.submode, amount: input.amount },
      });
    }
    return { ...result, username: user.username };
  });
}
