import { type Money, TRANSACTION_TYPE_REGISTRY, type TTransactionType } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { platformAccount } from './platform-accounts.ts';
import { type PreparedMovement, prepareMovement } from './post-movement.ts';

/**
 * A platform expense: money the platform spends of its own, never a user's (RULES.md: gas is booked as a platform
 * expense). Its type is one of the registry's platform-only types; `account` is the expense's own platform account
 * (a PLATFORM code), debited, so its balance negated is what the platform spent on it; `paidFrom` is the platform
 * account the money left, credited (a chain's clearing account when it left on that chain: the chain then holds
 * that much less; PLATFORM.fees when it is paid from the fees kept).
 */
interface PlatformExpense {
  type: TTransactionType;
  account: string;
  paidFrom: string;
  currency: string;
  /** Whole units, above zero. */
  amount: Money;
  /** Unique per expense (a transaction's hash, an invoice's number): booked once however often it is sent. */
  idemKey: string;
  ref?: string | null;
}

/**
 * The expense's movement made ready (its accounts created), posted with `postPrepared` in the transaction that
 * found the expense; a repeated `idemKey` posts nothing.
 */
export function preparePlatformExpense(repos: Repositories, expense: PlatformExpense): Promise<PreparedMovement> {
  if (!TRANSACTION_TYPE_REGISTRY[expense.type].platformOnly) {
    throw new Error(
      `${expense.type} is not a platform-only transaction type: a platform expense moves no user's money`,
    );
  }
  if (!expense.amount.greaterThan(0)) throw new Error(`a platform expense of ${expense.amount.toFixed()}`);
  return prepareMovement(repos, {
    type: expense.type,
    idemKey: expense.idemKey,
    ref: expense.ref ?? null,
    lines: [
      { account: platformAccount(expense.paidFrom, expense.currency), amount: expense.amount },
      { account: platformAccount(expense.account, expense.currency), amount: expense.amount.neg() },
    ],
  });
}
