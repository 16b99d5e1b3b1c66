import { COUNTERPARTY_TRANSACTION_TYPES, type TCurrency, type TSubmode } from '@aidf/contract';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { type PreparedRaw, prepareRaw, rowsOf } from '../raw.ts';
import { accounts, movements } from '../schema.ts';
import { type MovementToPost, movementBatcher, type PostedMovement } from './movement-batch.ts';

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

/** The call of post_movement, its arguments named placeholders (see postMovement). */
const POST_MOVEMENT = sql`
  SELECT o_movement_id::text AS movement_id, o_replayed AS replayed
  FROM post_movement(${sql.placeholder('type')}::text, ${sql.placeholder('idemKey')}::text,
    ${sql.placeholder('ref')}::text, ${sql.placeholder('accounts')}::bigint[], ${sql.placeholder('amounts')}::numeric[],
    ${sql.placeholder('types')}::text[], ${sql.placeholder('claimAddress')}::text,
    ${sql.placeholder('claimContent')}::text, ${sql.placeholder('claimFresh')}::boolean,
    ${sql.placeholder('notice')}::jsonb)`;

export function ledgerRepository(db: AppDb) {
  let post: PreparedRaw | null = null;
  let grouped: ReturnType<typeof movementBatcher> | null = null;
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

  /**
   * Posts one movement in ONE statement, the SQL function post_movement (migration 0046): the movement row, the
   * signature's claim, the accounts locked in id order, the entries and balances (PostgreSQL's exact NUMERIC),
   * and the movement's notice. A refusal raises AM229, AM232 or AM230 and writes nothing. Prepared under a name,
   * so each connection plans it once.
   */
  async function postMovement(m: MovementToPost): Promise<PostedMovement> {
    post ??= prepareRaw(db, POST_MOVEMENT, 'ledger_post_movement');
    const result = await post.execute({
      type: m.type,
      idemKey: m.idemKey,
      ref: m.ref,
      accounts: `{${m.lines.map((l) => l.accountId).join(',')}}`,
      amounts: `{${m.lines.map((l) => l.amount).join(',')}}`,
      types: `{${m.lines.map((l) => JSON.stringify(l.type)).join(',')}}`,
      claimAddress: m.claim?.address ?? null,
      claimContent: m.claim?.signContent ?? null,
      claimFresh: m.claim?.fresh ?? true,
      notice: m.notice === null ? null : JSON.stringify(m.notice),
    });
    const [row] = rowsOf<{ movement_id: string; replayed: boolean }>(result);
    if (!row) throw new Error('post_movement answered no row');
    return { movementId: BigInt(row.movement_id), replayed: row.replayed };
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

    postMovement,

    /**
     * Posts the movement as postMovement does, gathered with the movements posted beside it into one statement
     * when the database is busy (movementBatcher: group commit). Its own transaction: never inside a caller's.
     */
    postMovementGrouped(m: MovementToPost): Promise<PostedMovement> {
      grouped ??= movementBatcher(db, postMovement);
      return grouped.post(m);
    },

    /** How many movements wait for group commit's batches in flight. */
    movementsWaiting: () => grouped?.waiting() ?? 0,

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

    /**
     * Per currency of a user's accounts (all submodes summed), the sum of the entries booked before `from` (the
     * opening balance) and before `to` (the closing one): one set-based read.
     */
    async monthTotals(userId: bigint, from: Date, to: Date) {
      const result = await db.execute(sql`
        SELECT a.currency,
               coalesce(sum(e.amount) FILTER (WHERE e.created_at < ${from.toISOString()}::timestamptz), 0)::text AS opening,
               coalesce(sum(e.amount), 0)::text AS closing
        FROM accounts a
        LEFT JOIN entries e ON e.account_id = a.id AND e.created_at < ${to.toISOString()}::timestamptz
        WHERE a.kind = 'user' AND a.owner_user_id = ${userId}
        GROUP BY a.currency ORDER BY a.currency`);
      return rowsOf<{ currency: TCurrency; opening: string; closing: string }>(result);
    },

    /** A user's entries booked from `from` until before `to`, in booking order, each with what names it. */
    async monthEntries(userId: bigint, from: Date, to: Date) {
      const result = await db.execute(sql`
        SELECT e.id::text AS id, a.currency, a.submode, e.type, e.amount::text AS amount, e.created_at,
               e.movement_id::text AS movement_id, m.ref,
               CASE WHEN e.type IN (${sql.join(
                 COUNTERPARTY_TRANSACTION_TYPES.map((type) => sql`${type}`),
                 sql`, `,
               )}) THEN
                 (SELECT u.username FROM entries o JOIN accounts oa ON oa.id = o.account_id
                  JOIN users u ON u.id = oa.owner_user_id
                  WHERE o.movement_id = e.movement_id AND oa.owner_user_id <> a.owner_user_id LIMIT 1)
               END AS counterparty
        FROM accounts a
        JOIN entries e ON e.account_id = a.id
        JOIN movements m ON m.id = e.movement_id
        WHERE a.kind = 'user' AND a.owner_user_id = ${userId}
          AND e.created_at >= ${from.toISOString()}::timestamptz AND e.created_at < ${to.toISOString()}::timestamptz
        ORDER BY e.id`);
      return rowsOf<{
        id: string;
        currency: TCurrency;
        submode: TSubmode;
        type: string;
        amount: string;
        created_at: string | Date;
        movement_id: string;
        ref: string | null;
        counterparty: string | null;
      }>(result).map((r) => ({ ...r, createdAt: new Date(r.created_at), movementId: r.movement_id }));
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
