import { Money, type TWithdrawCurrency, WITHDRAW_CURRENCIES } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import type { ProposalRow } from '../../db/repositories/operator-proposals.ts';
import type { LimitPeriod } from '../../db/repositories/withdraw-limits.ts';
import { AppError } from '../errors.ts';
import { allowanceOf, LIMIT_AMOUNT_PATTERN, WITHDRAW_LIMIT_SETTINGS } from '../withdraw/amount-limits.ts';
import { propose } from './propose.ts';
import type { OperatorActor } from './roles.ts';

export interface WithdrawLimitTerms {
  currency: TWithdrawCurrency;
  period: LimitPeriod;
  amount: string;
}

/**
 * POST /ops/v1/users/{mid}/withdraw-limit: one user's own withdrawal limit is always a proposal; it applies when a
 * second, independent finance operator or admin approves it. 1225 for an amount below zero or not a number, 1226
 * for no such user.
 */
export async function proposeWithdrawLimit(
  repos: Repositories,
  actor: OperatorActor,
  input: WithdrawLimitTerms & { userId: bigint; reason: string },
) {
  if (!LIMIT_AMOUNT_PATTERN.test(input.amount)) {
    throw new AppError(1225, `the limit must be an amount of 0 or more, such as 5000: not '${input.amount}'`);
  }
  const user = await repos.users.byId(input.userId);
  if (!user) throw new AppError(1226);
  const before = (await repos.withdrawLimits.overridesOf(input.userId, input.currency)).get(input.period) ?? null;
  return repos.transaction(async (tx) => {
    const { status, proposalId } = await propose(tx, actor, {
      kind: 'withdraw-limit',
      userId: input.userId,
      payload: { username: user.username, currency: input.currency, period: input.period, amount: input.amount },
      before: { amount: before },
      reason: input.reason,
    });
    return { status, proposalId };
  });
}

/** Applies an approved 'withdraw-limit' proposal in the transaction that claims it, audited with before and after. */
export async function applyWithdrawLimit(
  repos: Repositories,
  actor: OperatorActor,
  proposal: ProposalRow,
  claim: (tx: Repositories) => Promise<void>,
) {
  if (proposal.userId === null) throw new Error(`withdraw-limit proposal ${proposal.id} names no user`);
  const userId = proposal.userId;
  const terms = proposal.payload as WithdrawLimitTerms;
  return repos.transaction(async (tx) => {
    await claim(tx);
    const before = await tx.withdrawLimits.setOverride({ ...terms, userId, proposalId: proposal.id });
    await tx.operatorActions.record({
      actor,
      action: 'withdraw-limit',
      target: `user:${userId}`,
      before: { amount: before },
      after: { amount: terms.amount },
      reason: proposal.reason,
      detail: { ...terms, proposalId: proposal.id.toString(), proposedBy: proposal.proposedBy },
    });
    return { status: 'applied' as const, proposalId: proposal.id.toString(), before, after: terms.amount };
  });
}

/** An amount as the user's withdraw config shows it (the database keeps 18 decimals); null stays null. */
const plain = (amount: string | null | undefined) => (amount == null ? null : new Money(amount).toFixed());

/**
 * GET /ops/v1/users/{mid}/withdraw-limits: per withdrawable currency the platform's limits (settings), the user's
 * own (null where none) and what is left today and in the 30 days by the limits in force. 1226 for no such user.
 */

export async function withdrawLimitsOfUser(repos: Repositories, userId: bigint) {
  if (!(await repos.users.byId(userId))) throw new AppError(1226);
  const today = await repos.withdrawals.today();
  return Promise.all(
    WITHDRAW_CURRENCIES.map(async (currency) => {
      const keys = { day: WITHDRAW_LIMIT_SETTINGS.day(currency), days30: WITHDRAW_LIMIT_SETTINGS.days30(currency) };
      const [settings, own, allowance] = await Promise.all([
        repos.settings.get([keys.day, keys.days30]),
        repos.withdrawLimits.overridesOf(userId, currency),
        allowanceOf(repos, userId, currency, today),
      ]);
      return {
        currency,
        platform: { day: plain(settings.get(keys.day)), days30: plain(settings.get(keys.days30)) },
        own: { day: plain(own.get('day')), days30: plain(own.get('days30')) },
        left: { day: allowance.day.left, days30: allowance.days30.left },
      };
    }),
  );
}
