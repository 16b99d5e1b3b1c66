import { type SQL, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';

/**
 * The set-based booking of many users' credits in one movement (ARCHITECTURE.md "The ledger"), written once for
 * the daily jobs (pledge settlement, machine mining) and anything else that pays many users from platform
 * accounts in one statement: ONE ledger line per (user, type) with the sum of that user's items, the other side
 * of each type taken from its platform account, every balance moved once and each line's balance_after exact.
 */
export interface BatchBooking {
  /** A CTE (by name) of the statement whose rows are (user_id bigint, type text, amount numeric). */
  source: string;
  movementId: bigint;
  /** The users' accounts credited: kind 'user', this currency and submode. */
  currency: string;
  submode: string;
  /** Each type booked and the platform account it is taken from, in the order lines of one account are written. */
  counters: { type: string; accountId: bigint }[];
}

/**
 * Inside a daily job's transaction: index walks only. Every statement of a batch reads a range of users through
 * an index and each item's latest payout row through its primary key; the planner, misled by statistics that lag
 * (a payout table empty on the first day, tables seeded minutes ago), otherwise chose a sequential scan of the
 * payout table per item or a sort of every running item per batch: minutes instead of a second. SET LOCAL ends
 * with the transaction (set_config's `true`: SET LOCAL).
 */
export async function indexWalksOnly(db: AppDb) {
  await db.execute(sql`SELECT set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true)`);
}

/**
 * Locks, in id order (the order every movement locks accounts in, so none can deadlock with this one), the
 * counter accounts and the accounts of the users `userIds` (a subquery of user ids), before the booking
 * statement updates them.
 */
export async function lockBookingAccounts(db: AppDb, b: Omit<BatchBooking, 'source' | 'movementId'>, userIds: SQL) {
  const counterIds = sql.join(
    b.counters.map((c) => sql`${c.accountId}`),
    sql`, `,
  );
  await db.execute(sql`
    SELECT a.id FROM accounts a
    WHERE a.id IN (${counterIds})
       OR (a.kind = 'user' AND a.currency = ${b.currency} AND a.submode = ${b.submode} AND a.owner_user_id IN (${userIds}))
    ORDER BY a.id FOR UPDATE`);
}

/**
 * The CTEs that book `source` (to follow it in a WITH, after a comma): booking_lines (what should be booked per
 * user and type), user_lines (those whose account was found), moved and written. Every CTE of a statement reads
 * the snapshot from before it, so a.balance is the balance before this movement. `bookingUnbooked` counts the
 * lines without an account: the caller undoes the batch unless it is 0.
 */
export function bookingCtes(b: BatchBooking): SQL {
  const types = sql.join(
    b.counters.map((c, i) => sql`(${c.type}, ${c.accountId}::bigint, ${i})`),
    sql`, `,
  );
  return sql`
    booking_types (type, account_id, ord) AS (VALUES ${types}),
    booking_lines AS (
      SELECT s.user_id, s.type, sum(s.amount) AS amount FROM ${sql.raw(b.source)} s
      GROUP BY s.user_id, s.type HAVING sum(s.amount) > 0
    ),
    user_lines AS (
      SELECT a.id AS account_id, a.balance AS before, k.ord, k.type, l.amount
      FROM booking_lines l
      JOIN booking_types k ON k.type = l.type
      JOIN accounts a ON a.kind = 'user' AND a.owner_user_id = l.user_id
                     AND a.currency = ${b.currency} AND a.submode = ${b.submode}
    ),
    lines AS (
      SELECT account_id, before, ord, type, amount FROM user_lines
      UNION ALL
      SELECT k.account_id, (SELECT balance FROM accounts WHERE id = k.account_id), k.ord, k.type, -sum(u.amount)
      FROM user_lines u JOIN booking_types k ON k.type = u.type
      GROUP BY k.account_id, k.ord, k.type
    ),
    running AS (
      SELECT l.*,
             sum(l.amount) OVER (PARTITION BY l.account_id) AS total,
             sum(l.amount) OVER (PARTITION BY l.account_id ORDER BY l.ord) AS upto
      FROM lines l
    ),
    moved AS (
      UPDATE accounts a SET balance = a.balance + t.total
      FROM (SELECT DISTINCT account_id, total FROM running) t
      WHERE a.id = t.account_id
      RETURNING a.id
    ),
    written AS (
      INSERT INTO entries (movement_id, account_id, type, amount, balance_after)
      SELECT ${b.movementId}::bigint, r.account_id, r.type, r.amount, r.before + r.upto
      FROM running r
      RETURNING 1
    )`;
}

/** Lines that should have been booked and were not (a user without the account): must be 0. (moved and written
 *  run to completion whether read or not: PostgreSQL runs every data-modifying CTE once.) */
export const bookingUnbooked = sql`((SELECT count(*) FROM booking_lines) - (SELECT count(*) FROM user_lines))`;
