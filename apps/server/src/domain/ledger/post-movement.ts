import { type Money, moneyString, type TTransactionType } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import type { AccountRef } from '../../db/repositories/ledger.ts';
import { AppError } from '../errors.ts';

export interface MovementLine {
  account: AccountRef;
  /** Positive credits the account, negative debits it. */
  amount: Money;
  /** The label the account's owner sees; the movement's type when omitted. */
  type?: TTransactionType;
}

export interface Movement {
  type: TTransactionType;
  /** Unique per business event: a retry with the same key moves nothing and answers the first result. */
  idemKey: string;
  ref?: string | null;
  lines: MovementLine[];
}

export interface PreparedMovement extends Movement {
  accountIds: bigint[];
}

/** The lines of each currency must sum to zero: money is moved, never made or lost, by a movement. */
function assertBalanced(lines: MovementLine[]) {
  const sums = new Map<string, Money>();
  for (const line of lines) {
    if (line.amount.isZero()) throw new Error('a ledger line of zero');
    const sum = sums.get(line.account.currency);
    sums.set(line.account.currency, sum ? sum.plus(line.amount) : line.amount);
  }
  for (const [currency, sum] of sums) {
    if (!sum.isZero()) throw new Error(`movement does not balance in ${currency}: ${moneyString(sum)}`);
  }
}

/** Checks the lines and makes sure their accounts exist; run before the movement's transaction. */
export async function prepareMovement(repos: Repositories, movement: Movement): Promise<PreparedMovement> {
  assertBalanced(movement.lines);
  const accountIds = await repos.ledger.ensureAccounts(movement.lines.map((line) => line.account));
  return { ...movement, accountIds };
}

/**
 * Writes one movement inside the caller's transaction: the movement row (unique idempotency key), then, with
 * every account locked in id order, its entries and the balances in one statement (the locks are held for two
 * round trips and the commit). A user balance that would go below zero answers 1230 and, the transaction being
 * rolled back, changes nothing.
 */
export async function postPrepared(
  tx: Repositories,
  movement: PreparedMovement,
  /** Runs once the movement row is claimed, before any balance moves (a retry never reaches it). */
  beforeLines?: () => Promise<void>,
): Promise<{ movementId: bigint; replayed: boolean }> {
  const movementId = await tx.ledger.insertMovement({
    type: movement.type,
    idemKey: movement.idemKey,
    ref: movement.ref ?? null,
  });
  if (movementId === null) {
    const first = await tx.ledger.movementByIdem(movement.idemKey);
    if (!first) throw new Error('idempotency key taken by no movement');
    return { movementId: first.id, replayed: true };
  }
  await beforeLines?.();
  await tx.ledger.lockAccounts(movement.accountIds);
  const booked = await tx.ledger.bookLines(
    movementId,
    movement.lines.map((line, i) => ({
      accountId: movement.accountIds[i] as bigint,
      amount: moneyString(line.amount),
      type: line.type ?? movement.type,
    })),
  );
  if (!booked) throw new AppError(1230);
  return { movementId, replayed: false };
}

/** A movement in a transaction of its own. */
export async function postMovement(repos: Repositories, movement: Movement) {
  const prepared = await prepareMovement(repos, movement);
  return repos.transaction((tx) => postPrepared(tx, prepared));
}
