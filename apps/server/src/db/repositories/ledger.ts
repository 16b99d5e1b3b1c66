import { COUNTERPARTY_TRANSACTION_TYPES } from '@aidf/contract';
import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { rowsOf } from '../raw.ts';
import { accounts, entries, movements } from '../schema.ts';

/** A user's account, or one of the platform's own (issuance, fees, operator credit…). */
export type AccountRef =
  | { userId: bigint; currency: string; submode: string }
  | { platform: string; currency: string; submode: string };

/** An account's row as inserted: a user's, or one of the platform's. */
function accountRow(ref: AccountRef) {
  return 'userId' in ref
    ? { kind: 'user', ownerUserId: ref.userId, currency: ref.currency, submode: ref.submode }
    : { kind: 'platform', platformCode: ref.platform, currency: ref.currency, submode: ref.submode };
}

export function ledgerRepository(db: AppDb) {
  /** The ids of the accounts `refs` name, null where none exists yet, in one read. */
  async function accountIds(refs: readonly AccountRef[]): Promise<(bigint | null)[]> {
    const rows = await db
      .select({
        id: accounts.id,
        ownerUserId: accounts.ownerUserId,
        platformCode: accounts.platformCode,
        currency: accounts.currency,
        submode: accounts.submode,
      })
      .from(accounts)
      .where(
        or(
          ...refs.map((ref) =>
            and(
              'userId' in ref ? eq(accounts.ownerUserId, ref.userId) : eq(accounts.platformCode, ref.platform),
              eq(accounts.currency, ref.currency),
              eq(accounts.submode, ref.submode),
            ),
          ),
        ),
      );
    return refs.map(
      (ref) =>
        rows.find(
          (r) =>
            ('userId' in ref ? r.ownerUserId === ref.userId : r.platformCode === ref.platform) &&
            r.currency === ref.currency &&
            r.submode === ref.submode,
        )?.id ?? null,
    );
  }

  /**
   * The accounts' ids, in the order of `refs`, creating an account (balance 0) the first time; safe to race.
   * One read when they all exist (every movement after a user's first), an insert and a second read otherwise.
   */
  async function ensureAccounts(refs: readonly AccountRef[]): Promise<bigint[]> {
    const found = await accountIds(refs);
    const missing = refs.filter((_, i) => found[i] === null);
    if (missing.length === 0) return found as bigint[];
    await db.insert(accounts).values(missing.map(accountRow)).onConflictDoNothing();
    const ids = await accountIds(refs);
    if (ids.some((id) => id === null)) throw new Error('account vanished after insert');
    return ids as bigint[];
  }

  return {
    ensureAccounts,

    /** The account's id, creating the account (balance 0) the first time; safe to race. */
    async ensureAccount(ref: AccountRef): Promise<bigint> {
      const [id] = await ensureAccounts([ref]);
      return id as bigint;
    },

    /** Inserts the movement; null when its idempotency key was used before (a retry). */
    async insertMovement(m: { type: string; idemKey: string; ref: string | null }): Promise<bigint | null> {
      const [row] = await db.insert(movements).values(m).onConflictDoNothing().returning({ id: movements.id });
      return row?.id ?? null;
    },

    async movementByIdem(idemKey: string) {
      const [row] = await db.select().from(movements).where(eq(movements.idemKey, idemKey));
      return row ?? null;
    },

    /** Locks the accounts in id order, so concurrent movements over the same accounts cannot deadlock. */
    async lockAccounts(ids: bigint[]) {
      const sorted = [...new Set(ids)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(inArray(accounts.id, sorted))
        .orderBy(asc(accounts.id))
        .for('update');
    },

    /**
     * Books a movement's lines in ONE statement, its accounts locked by the caller: each account's balance moves by
     * the sum of its lines (PostgreSQL's exact NUMERIC) and each line becomes an entry whose balance_after runs in
     * line order. Answers false, having moved nothing the caller keeps (it rolls back), when a user account would
     * end below zero.
     */
    async bookLines(
      movementId: bigint,
      lines: readonly { accountId: bigint; amount: string; type: string }[],
    ): Promise<boolean> {
      const ids = `{${lines.map((l) => l.accountId).join(',')}}`;
      const amounts = `{${lines.map((l) => l.amount).join(',')}}`;
      const types = `{${lines.map((l) => JSON.stringify(l.type)).join(',')}}`;
      const result = await db.execute(sql`
        WITH line AS (
          SELECT * FROM unnest(${ids}::bigint[], ${amounts}::numeric[], ${types}::text[]) WITH ORDINALITY
            AS l(account_id, amount, type, ord)
        ), moved AS (
          UPDATE accounts a SET balance = a.balance + s.total
          FROM (SELECT account_id, sum(amount) AS total FROM line GROUP BY account_id) s
          WHERE a.id = s.account_id AND (a.kind <> 'user' OR a.balance + s.total >= 0)
          RETURNING a.id, a.balance - s.total AS before
        ), written AS (
          -- A data-modifying WITH runs to the end whether or not the query reads it.
          INSERT INTO entries (movement_id, account_id, type, amount, balance_after)
          SELECT ${movementId}, l.account_id, l.type, l.amount,
                 m.before + sum(l.amount) OVER (PARTITION BY l.account_id ORDER BY l.ord)
          FROM line l JOIN moved m ON m.id = l.account_id
          ORDER BY l.ord
        )
        SELECT (SELECT count(*) FROM moved)::int AS moved,
               (SELECT count(DISTINCT account_id) FROM line)::int AS accounts`);
      const [row] = rowsOf<{ moved: number; accounts: number }>(result);
      return row !== undefined && row.moved === row.accounts;
    },

    async balancesOfUser(userId: bigint) {
      return db
        .select({
          currency: accounts.currency,
          submode: accounts.submode,
          balance: sql<string>`${accounts.balance}::text`,
        })
        .from(accounts)
        .where(eq(accounts.ownerUserId, userId))
        .orderBy(asc(accounts.currency), asc(accounts.submode));
    },

    /** A page of a user's statement for one currency and submode, newest first. */
    async statement(q: {
      userId: bigint;
      currency: string;
      submode: string;
      types: readonly string[] | null;
      limit: number;
      offset: number;
    }) {
      const where = and(
        eq(accounts.ownerUserId, q.userId),
        eq(accounts.currency, q.currency),
        eq(accounts.submode, q.submode),
        q.types ? inArray(entries.type, [...q.types]) : undefined,
      );
      const [rows, totals] = await Promise.all([
        db
          .select({
            id: entries.id,
            type: entries.type,
            amount: sql<string>`${entries.amount}::text`,
            balanceAfter: sql<string>`${entries.balanceAfter}::text`,
            createdAt: entries.createdAt,
            movementId: entries.movementId,
            ref: movements.ref,
            // The other user of a transfer (the receiver's name is the movement's ref, the sender's is not).
            // Written qualified: a bare column of the outer query would name the subquery's own.
            counterparty: sql<string | null>`CASE WHEN "entries"."type" IN (${sql.join(
              COUNTERPARTY_TRANSACTION_TYPES.map((type) => sql`${type}`),
              sql`, `,
            )}) THEN
              (SELECT u.username FROM entries o JOIN accounts oa ON oa.id = o.account_id JOIN users u ON u.id = oa.owner_user_id
               WHERE o.movement_id = "entries"."movement_id" AND oa.owner_user_id <> "accounts"."owner_user_id" LIMIT 1)
              END`,
          })
          .from(entries)
          .innerJoin(accounts, eq(accounts.id, entries.accountId))
          .innerJoin(movements, eq(movements.id, entries.movementId))
          .where(where)
          .orderBy(desc(entries.id))
          .limit(q.limit)
          .offset(q.offset),
        db
          .select({ total: count() })
          .from(entries)
          .innerJoin(accounts, eq(accounts.id, entries.accountId))
          .where(where),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },

    /** What breaks the ledger's invariants right now; empty lists when it is sound. */
    async invariantViolations() {
      const [drift, currencies, movementsOff, negatives] = await Promise.all([
        db.execute(sql`
          SELECT a.id::text AS account, a.balance::text AS balance, coalesce(sum(e.amount), 0)::text AS entries
          FROM accounts a LEFT JOIN entries e ON e.account_id = a.id
          GROUP BY a.id HAVING a.balance <> coalesce(sum(e.amount), 0)`),
        db.execute(
          sql`SELECT currency, sum(balance)::text AS total FROM accounts GROUP BY currency HAVING sum(balance) <> 0`,
        ),
        db.execute(sql`
          SELECT e.movement_id::text AS movement, a.currency, sum(e.amount)::text AS total
          FROM entries e JOIN accounts a ON a.id = e.account_id
          GROUP BY e.movement_id, a.currency HAVING sum(e.amount) <> 0`),
        db.execute(
          sql`SELECT id::text AS account, balance::text AS balance FROM accounts WHERE kind = 'user' AND balance < 0`,
        ),
      ]);
      return {
        balanceDrift: rowsOf<{ account: string; balance: string; entries: string }>(drift),
        currencyNotZero: rowsOf<{ currency: string; total: string }>(currencies),
        movementNotBalanced: rowsOf<{ movement: string; currency: string; total: string }>(movementsOff),
        negativeUserBalances: rowsOf<{ account: string; balance: string }>(negatives),
      };
    },

    /** Sum of all user balances per currency, for the conservation test. */
    async totalsByCurrency() {
      const result = await db.execute(
        sql`SELECT currency, sum(balance)::text AS total FROM accounts WHERE kind = 'user' GROUP BY currency`,
      );
      return Object.fromEntries(rowsOf<{ currency: string; total: string }>(result).map((r) => [r.currency, r.total]));
    },
  };
}
