import { COUNTERPARTY_TRANSACTION_TYPES } from '@aidf/contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { rowsOf } from '../raw.ts';
import { accounts, entries, movements } from '../schema.ts';

/** A user's account, or one of the platform's own (issuance, fees, operator credit…). */
export type AccountRef =
  | { userId: bigint; currency: string; submode: string }
  | { platform: string; currency: string; submode: string };

/** The entry types of an internal transfer: the statement names the other user of these. */

export function ledgerRepository(db: AppDb) {
  return {
    /** The account's id, creating the account (balance 0) the first time; safe to race. */
    async ensureAccount(ref: AccountRef): Promise<bigint> {
      const values =
        'userId' in ref
          ? { kind: 'user', ownerUserId: ref.userId, currency: ref.currency, submode: ref.submode }
          : { kind: 'platform', platformCode: ref.platform, currency: ref.currency, submode: ref.submode };
      await db.insert(accounts).values(values).onConflictDoNothing();
      const owner = 'userId' in ref ? eq(accounts.ownerUserId, ref.userId) : eq(accounts.platformCode, ref.platform);
      const [row] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(owner, eq(accounts.currency, ref.currency), eq(accounts.submode, ref.submode)));
      if (!row) throw new Error('account vanished after insert');
      return row.id;
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
     * Adds `amount` (a decimal string, negative to debit) in PostgreSQL's exact NUMERIC; answers the new
     * balance, or null when a user account would go below zero (nothing changes then).
     */
    async addToBalance(accountId: bigint, amount: string): Promise<string | null> {
      const [row] = await db
        .update(accounts)
        .set({ balance: sql`${accounts.balance} + ${amount}::numeric` })
        .where(
          and(
            eq(accounts.id, accountId),
            sql`(${accounts.kind} <> 'user' OR ${accounts.balance} + ${amount}::numeric >= 0)`,
          ),
        )
        .returning({ balance: sql<string>`${accounts.balance}::text` });
      return row?.balance ?? null;
    },

    async insertEntry(e: {
      movementId: bigint;
      accountId: bigint;
      type: string;
      amount: string;
      balanceAfter: string;
    }) {
      await db.insert(entries).values(e);
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
