import type { TCurrency, TTransactionType } from '@aidf/contract';
import type { SQL } from 'drizzle-orm';
import type { BatchSource } from '../../db/repositories/batch-booking.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import { platformAccount } from './platform-accounts.ts';

export type { BatchSource } from '../../db/repositories/batch-booking.ts';

/**
 * One set-based movement: many users credited (or debited) from platform accounts in one statement, for the daily
 * jobs and team bonuses. With postMovement, the only way entries are written.
 */
export interface BatchMovement {
  /** The movement's type. */
  type: TTransactionType;
  /** Unique per batch: a batch whose key was taken before books nothing. */
  idemKey: string;
  ref?: string | null;
  currency: TCurrency;
  /** The users' accounts' submode, '00' (normal) when omitted. */
  submode?: string;
  /**
   * Each line type the rows may carry and the platform account (PLATFORM code) whose line takes the other side,
   * in the order one account's lines are written. A row of a type not listed is refused, never dropped.
   */
  counters: { type: TTransactionType; platform: string }[];
  /** The users the batch may book to (a subquery of user ids): their accounts are locked before it. */
  users: SQL;
  /** Make the users' accounts when missing (team bonuses); the daily jobs' users have theirs already. */
  createUserAccounts?: boolean;
  /**
   * Called once the movement row is claimed (never on a repeat), with its id: does what must precede the
   * booking and answers the set-based source of (user, type, amount) rows.
   */
  source: (movementId: bigint) => Promise<BatchSource> | BatchSource;
}

/** A batch's booking went wrong: thrown inside the caller's transaction, which then rolls everything back. */
export class BatchRefused extends Error {}

/**
 * Books one batch inside the caller's transaction `tx`: claims the movement row (unique idempotency key: a
 * repeated batch books nothing and answers movementId null), locks the counter accounts and the users' accounts
 * in id order, books every row in ONE statement (one line per user and type, never a round trip per user) which
 * also answers whether the entries it inserted sum to zero per currency and whether a user balance it updated is
 * below zero (no read-back round trip); throws BatchRefused otherwise, and the caller's transaction rolls back.
 * Answers what the source claimed.
 */
export async function bookBatch(
  tx: Repositories,
  batch: BatchMovement,
): Promise<{ movementId: bigint | null; claimed: number }> {
  const submode = batch.submode ?? '00';
  const movementId = await tx.ledger.insertMovement({
    type: batch.type,
    idemKey: batch.idemKey,
    ref: batch.ref ?? null,
  });
  if (movementId === null) return { movementId: null, claimed: 0 };
  const source = await batch.source(movementId);
  // Each platform account once (team bonuses take all three types from issuance), found by the lock itself.
  const lock = {
    currency: batch.currency,
    submode,
    platforms: [...new Set(batch.counters.map((c) => c.platform))],
  };
  let platformIds = await tx.batchBooking.lockAccounts(lock, batch.users, batch.createUserAccounts ?? false);
  if (lock.platforms.some((platform) => !platformIds.has(platform))) {
    // The first batch against a platform account of this currency: made, then locked with the rest (the locks
    // already held are kept).
    for (const platform of lock.platforms) await tx.ledger.ensureAccount(platformAccount(platform, batch.currency));
    platformIds = await tx.batchBooking.lockAccounts(lock, batch.users);
  }
  const counters = batch.counters.map((c) => ({ type: c.type, accountId: platformIds.get(c.platform) as bigint }));
  const booking = { movementId, currency: batch.currency, submode, counters };
  const { claimed, unbooked, unbalanced, negative } = await tx.batchBooking.book(booking, source);
  // A row without its ledger line would be money owed and never booked (or taken and never moved).
  if (unbooked !== 0) throw new BatchRefused(`batch ${batch.idemKey} left ${unbooked} lines unbooked`);
  if (unbalanced !== null) throw new BatchRefused(`batch ${batch.idemKey} does not balance: ${unbalanced}`);
  if (negative !== null) throw new BatchRefused(`batch ${batch.idemKey} leaves user accounts below zero: ${negative}`);
  return { movementId, claimed };
}
