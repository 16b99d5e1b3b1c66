import { randomUUID } from 'node:crypto';
import { Money, moneyString, parsePositiveAmount, type TCurrency, type TSubmode } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';
import { PLATFORM, platformAccount, userAccount } from '../ledger/platform-accounts.ts';
import { postPrepared, prepareMovement } from '../ledger/post-movement.ts';
import { approvalThreshold } from './four-eyes-settings.ts';
import { propose } from './propose.ts';
import type { OperatorActor } from './roles.ts';

export interface CreditInput {
  actor: OperatorActor;
  username: string;
  currency: TCurrency;
  submode: TSubmode;
  amount: string;
  reason: string;
  /** Makes a retried credit request move money (or propose) once; a fresh one per request when omitted. */
  requestId?: string | undefined;
}

/** CREDIT_APPROVAL_THRESHOLD: at or above it money waits for a second operator; null: everything applies at once. */
export function needsApproval(amount: Money | string, threshold: string | null): boolean {
  return threshold !== null && new Money(amount).gte(new Money(threshold));
}

/** What a credit moves, to the user id it names: the same whether applied at once or approved later. */
export interface CreditTerms {
  userId: bigint;
  username: string;
  currency: TCurrency;
  submode: TSubmode;
  amount: string;
}

/**
 * Posts a credit as merchant-system-transfer ("admin recharge") and audits it in the same transaction;
 * `inTx` runs there first (an approval claims its proposal, so a failed credit leaves it open).
 */
export async function applyCredit(
  repos: Repositories,
  actor: OperatorActor,
  terms: CreditTerms,
  meta: { idemKey: string; reason: string; action: string; detail?: Record<string, unknown> },
  inTx?: (tx: Repositories) => Promise<void>,
) {
  const amount = new Money(terms.amount);
  const prepared = await prepareMovement(repos, {
    type: 'merchant-system-transfer',
    idemKey: meta.idemKey,
    ref: actor.name,
    lines: [
      { account: platformAccount(PLATFORM.operatorCredit, terms.currency, terms.submode), amount: amount.neg() },
      { account: userAccount(terms.userId, terms.currency, terms.submode), amount },
    ],
  });
  return repos.transaction(async (tx) => {
    await inTx?.(tx);
    const result = await postPrepared(tx, prepared);
    if (!result.replayed) {
      await tx.operatorActions.record({
        actor,
        action: meta.action,
        target: `user:${terms.userId}`,
        after: { currency: terms.currency, submode: terms.submode, amount: terms.amount },
        movementId: result.movementId,
        reason: meta.reason,
        detail: { username: terms.username, ...meta.detail },
      });
    }
    return { ...result, username: terms.username };
  });
}

/** One day: an operator's credits in one currency over it count together against the threshold. */
const CREDIT_WINDOW_MS = 24 * 60 * 60_000;

/** Thrown inside the credit's transaction when the operator's day of credits reaches the threshold. */
class OverDailyThreshold extends Error {}

/**
 * POST /ops/v1/credit: below its currency's threshold (credit.approvalThreshold.<currency>, else
 * CREDIT_APPROVAL_THRESHOLD), counting what the same operator credited alone in that currency over the last
 * 24 hours, the credit applies at once (status credited); otherwise it is proposed for a second operator
 * (status proposed; proposals.ts approves it). Twenty small credits are one large one.
 */
export async function creditUser(repos: Repositories, input: CreditInput, fallbackThreshold: string | null = null) {
  const amount = parsePositiveAmount(input.amount);
  if (!amount) throw new AppError(1225, 'amount must be above zero with at most 18 decimals');
  const reason = input.reason.trim();
  if (reason === '') throw new AppError(1225, 'a reason is required');
  const user = await repos.users.byUsername(input.username.trim().toLowerCase());
  if (!user) throw new AppError(1226);
  const terms: CreditTerms = {
    userId: user.id,
    username: user.username,
    currency: input.currency,
    submode: input.submode,
    amount: moneyString(amount),
  };
  const threshold = await approvalThreshold(repos, input.currency, fallbackThreshold);
  const proposeIt = () =>
    repos.transaction(async (tx) => {
      const proposed = await propose(tx, input.actor, {
        kind: 'credit',
        userId: user.id,
        payload: { username: user.username, currency: terms.currency, submode: terms.submode, amount: terms.amount },
        reason,
        requestId: input.requestId ? `credit:${input.requestId}` : null,
      });
      return {
        status: 'proposed' as const,
        proposalId: proposed.proposalId,
        replayed: proposed.replayed,
        username: user.username,
      };
    });
  if (needsApproval(amount, threshold)) return proposeIt();

  // Summed under a lock of (operator, currency), so parallel credits cannot each pass on the same sum.
  const withinDay = async (tx: Repositories) => {
    if (threshold === null) return;
    await tx.operatorActions.lockCreditWindow(input.actor.name, input.currency);
    const since = new Date(Date.now() - CREDIT_WINDOW_MS);
    const earlier = await tx.operatorActions.creditedAloneSince(input.actor.name, input.currency, since);
    if (needsApproval(new Money(earlier).add(amount), threshold)) throw new OverDailyThreshold();
  };
  try {
    const result = await applyCredit(
      repos,
      input.actor,
      terms,
      { idemKey: `operator-credit:${input.requestId ?? randomUUID()}`, reason, action: 'credit' },
      withinDay,
    );
    return {
      status: 'credited' as const,
      movementId: result.movementId.toString(),
      replayed: result.replayed,
      username: result.username,
    };
  } catch (error) {
    if (error instanceof OverDailyThreshold) return proposeIt();
    throw error;
  }
}
