import { type SQL, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { rowsOf } from '../raw.ts';

/**
 * The SQL half of the ledger's set-based booking (domain/ledger/book-batch.ts is the only caller): ONE ledger
 * line per (user, type) with the sum of that user's items, the other side of each type taken from its platform
 * account, every balance moved once and each line's balance_after exact.
 */
export interface BatchBooking {
  movementId: bigint;
  /** The users' accounts credited: kind 'user', this currency and submode. */
  currency: string;
  submode: string;
  /** Each type booked and the platform account it is taken from, in the order lines of one account are written. */
  counters: { type: string; accountId: bigint }[];
}

/**
 * The rows to book, set-based: `ctes` (to follow a WITH) define, among whatever they claim on the way, the CTE
 * named `rows` whose rows are (user_id bigint, type text, amount numeric); `claimed` counts what the batch
 * claimed (pledges, machines, bonuses), read in the same statement.
 */
export interface BatchSource {
  ctes: SQL;
  rows: string;
  claimed: SQL;
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

/** What a batch locks: its counter platform accounts (by code) and its users' accounts, in one currency. */
export interface BatchLock {
  currency: string;
  /** The users' accounts' submode; the platform accounts' is always '00'. */
  submode: string;
  platforms: readonly string[];
}

/**
 * Locks, in id order (the order every movement locks accounts in, so none can deadlock with this one), the
 * counter platform accounts and the accounts of the users `userIds` (a subquery of user ids), before the booking
 * statement updates them; answers the platform accounts' ids by code (a code missing: no such account yet). With
 * `createMissing` (team bonuses, whose users may have no account yet) the same statement first makes the users'
 * missing accounts: rows this transaction inserts are its own until it commits, so they need no lock, and the
 * booking statement that follows sees them.
 */
export async function lockBookingAccounts(
  db: AppDb,
  b: BatchLock,
  userIds: SQL,
  createMissing = false,
): Promise<Map<string, bigint>> {
  const codes = sql.join(
    b.platforms.map((code) => sql`${code}`),
    sql`, `,
  );
  const made = createMissing
    ? sql`WITH made AS (
        INSERT INTO accounts (kind, owner_user_id, platform_code, currency, submode)
        SELECT DISTINCT 'user', u.id, NULL, ${b.currency}, ${b.submode} FROM (${userIds}) AS u(id)
        ON CONFLICT DO NOTHING)`
    : sql``;
  const result = await db.execute(sql`
    ${made}
    SELECT a.id::text AS id, a.platform_code FROM accounts a
    WHERE (a.kind = 'platform' AND a.platform_code IN (${codes}) AND a.currency = ${b.currency} AND a.submode = '00')
       OR (a.kind = 'user' AND a.currency = ${b.currency} AND a.submode = ${b.submode} AND a.owner_user_id IN (${userIds}))
    ORDER BY a.id FOR UPDATE`);
  return new Map(
    rowsOf<{ id: string; platform_code: string | null }>(result).flatMap((r) =>
      r.platform_code === null ? [] : [[r.platform_code, BigInt(r.id)] as const],
    ),
  );
}

/**
 * The CTEs that book `source` (to follow it in a WITH, after a comma): booking_lines (what should be booked per
 * user and type), user_lines (those whose account was found), moved (each account's new balance, as written) and
 * written (each entry as inserted). Every CTE of a statement reads the snapshot from before it, so a.balance is
 * the balance before this movement; only what moved and written RETURN is the statement's own result.
 */
function bookingCtes(b: BatchBooking, source: string): SQL {
  const types = sql.join(
    b.counters.map((c, i) => sql`(${c.type}, ${c.accountId}::bigint, ${i})`),
    sql`, `,
  );
  return sql`
    booking_types (type, account_id, ord) AS (VALUES ${types}),
    booking_lines AS (
      SELECT s.user_id, s.type, sum(s.amount) AS amount FROM ${sql.raw(source)} s
      GROUP BY s.user_id, s.type HAVING sum(s.amount) <> 0
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
      RETURNING a.id, a.kind, a.balance
    ),
    written AS (
      INSERT INTO entries (movement_id, account_id, type, amount, balance_after)
      SELECT ${b.movementId}::bigint, r.account_id, r.type, r.amount, r.before + r.upto
      FROM running r
      RETURNING account_id, amount
    )`;
}

/**
 * Books `source` in ONE statement after its own CTEs, and answers, from the same statement, what the caller must
 * refuse the batch for (it then rolls the transaction back):
 * - unbooked: lines that should have been booked and were not (a user without the account, a type without a
 *   counter account);
 * - unbalanced: the batch's currency and the sum of its entries as inserted (written's rows) when it is not zero;
 * - negative: the user accounts whose balance as updated (moved's rows) is below zero.
 * Both checks read what the statement wrote (RETURNING gives the rows as stored), so they need no second round
 * trip to read it back. (moved and written run to completion whether read or not: PostgreSQL runs every
 * data-modifying CTE once.)
 */
export async function bookSource(db: AppDb, b: BatchBooking, source: BatchSource) {
  const [row] = rowsOf<{ claimed: string; unbooked: string; unbalanced: string | null; negative: string | null }>(
    await db.execute(sql`
      WITH ${source.ctes},
      ${bookingCtes(b, source.rows)}
      SELECT ${source.claimed}::text AS claimed,
             ((SELECT count(*) FROM booking_lines) - (SELECT count(*) FROM user_lines))::text AS unbooked,
             -- Every account a batch books is of its one currency (user_lines and the counters are found by it):
             -- the entries balance when they sum to zero, with no lookup of their accounts.
             (SELECT ${b.currency}::text || ' ' || sum(w.amount)::text FROM written w HAVING sum(w.amount) <> 0) AS unbalanced,
             (SELECT string_agg(m.id::text, ', ' ORDER BY m.id) FROM moved m
              WHERE m.kind = 'user' AND m.balance < 0) AS negative`),
  );
  return {
    claimed: Number(row?.claimed ?? 0),
    unbooked: Number(row?.unbooked ?? 0),
    unbalanced: row?.unbalanced ?? null,
    negative: row?.negative ?? null,
  };
}

/**
 * The last user of the next batch after user `afterUser` over a table of items with (user_id, status): the user
 * of the `size`-th running item after it (a batch takes whole users, so each user gets one ledger line a day), or
 * the last user with a running item when fewer are left; null when none is.
 */
export async function nextBatchEnd(db: AppDb, items: 'pledges' | 'machines', afterUser: bigint, size: number) {
  await indexWalksOnly(db); // an index walk of `size` entries, never a sort of every running item
  const table = sql.identifier(items);
  const [row] = rowsOf<{ last: string | null }>(
    await db.execute(sql`
      SELECT coalesce(
        (SELECT user_id FROM ${table} WHERE status = 'running' AND user_id > ${afterUser}
         ORDER BY user_id OFFSET ${size - 1} LIMIT 1),
        (SELECT max(user_id) FROM ${table} WHERE status = 'running' AND user_id > ${afterUser}))::text AS last`),
  );
  return row?.last ? BigInt(row.last) : null;
}

/**
 * The start of one daily batch inside its transaction: index walks only, then the job's advisory lock (`lockKey`,
 * any fixed number per job): one batch of a job at a time across instances, so each batch reads every item's
 * latest row as the batch before it left it (two runs of different days never pay from the same stale total), at
 * the cost of one lock instead of a row lock on each item.
 */
export async function beginDailyBatch(db: AppDb, lockKey: number) {
  await indexWalksOnly(db);
  await db.execute(sql`SELECT pg_advisory_xact_lock(${lockKey})`);
}

/**
 * The set-based source of a daily paying job's batch (jobs/daily-paying-job.ts): `due` (a query of rows item_id,
 * user_id, amount: what the job owes its items of the batch on `day`) claimed in daily_payouts, one row per (job,
 * item, day), so an item already paid that day is paid nothing again; each claimed row is a line of `type`.
 */
export function dailyPayoutSource(b: {
  job: string;
  day: string;
  movementId: bigint;
  type: string;
  due: SQL;
}): BatchSource {
  return {
    rows: 'paid',
    claimed: sql`(SELECT count(*) FROM claimed)`,
    ctes: sql`
      due AS (${b.due}),
      claimed AS (
        INSERT INTO daily_payouts (job, item_id, day, user_id, amount, movement_id)
        SELECT ${b.job}, d.item_id, ${b.day}::date, d.user_id, d.amount, ${b.movementId}::bigint
        FROM due d WHERE d.amount > 0
        ON CONFLICT DO NOTHING
        RETURNING user_id, amount
      ),
      paid (user_id, type, amount) AS (SELECT c.user_id, ${b.type}::text, c.amount FROM claimed c)`,
  };
}

/** The set-based booking's statements on a connection or transaction, for domain/ledger/book-batch.ts. */
export function batchBookingRepository(db: AppDb) {
  return {
    lockAccounts: (b: BatchLock, userIds: SQL, createMissing = false) =>
      lockBookingAccounts(db, b, userIds, createMissing),
    book: (b: BatchBooking, source: BatchSource) => bookSource(db, b, source),
    dailyPayoutSource,
    /** The users a daily paying job's batch may pay: those of its `due` rows. */
    dailyPayoutUsers: (due: SQL) => sql`SELECT d.user_id FROM (${due}) d`,
  };
}
