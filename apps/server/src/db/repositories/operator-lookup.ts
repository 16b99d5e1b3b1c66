import { type SQL, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { rowsOf } from '../raw.ts';

/** What the console's user search matches; each part is looked up through an index (0025). */
export interface UserQuery {
  /** Lower-case username prefix (LIKE wildcards in it are matched as themselves). */
  usernamePrefix: string | null;
  email: string | null;
  /** An address in every stored form to try (an EVM address as EIP-55 and lower case). */
  addresses: string[];
  limit: number;
  offset: number;
}

export interface UserAddressRow {
  userId: string;
  chain: 'bsc' | 'solana';
  address: string;
  kind: 'wallet' | 'bound' | 'deposit';
}

// Timestamps as epoch milliseconds: node-postgres and PGlite agree on numbers, not on timestamp objects.
const ms = (column: SQL) => sql`floor(extract(epoch from ${column}) * 1000)::float8`;
const chainOf = (currency: SQL) => sql`CASE ${currency} WHEN 'sol' THEN 'solana' ELSE 'bsc' END`;
const list = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The users `q` matches, as a join on `users u`: a union of index lookups (nothing when `q` names nothing). */
export function userMatches(q: Omit<UserQuery, 'limit' | 'offset'>): SQL {
  const parts: SQL[] = [];
  if (q.usernamePrefix) {
    const pattern = `${q.usernamePrefix.replace(/[\\%_]/g, '\\$&')}%`;
    parts.push(sql`SELECT id FROM users WHERE lower(username) LIKE ${pattern}`);
  }
  if (q.email) parts.push(sql`SELECT id FROM users WHERE email = ${q.email}`);
  if (q.addresses.length > 0) {
    const a = list(q.addresses);
    parts.push(sql`SELECT id FROM users WHERE wallet_address IN (${a})`);
    parts.push(sql`SELECT user_id FROM bound_addresses WHERE wallet_address IN (${a})`);
    parts.push(sql`SELECT user_id FROM deposit_addresses WHERE address IN (${a})`);
  }
  return parts.length ? sql`JOIN (${sql.join(parts, sql` UNION `)}) m(id) ON m.id = u.id` : sql``;
}

/** Read-only views of users for operators (GET /ops/v1/users, /ops/v1/users/:mid). */
export function operatorLookupRepository(db: AppDb) {
  return {
    /** Users matching any part of `q`, newest first, with the total; all users when `q` names nothing. */
    async search(q: UserQuery) {
      const matches = userMatches(q);
      const rows = rowsOf<{ id: string; username: string; email: string | null; created_at: number; total: string }>(
        await db.execute(sql`
          SELECT u.id::text AS id, u.username, u.email, ${ms(sql`u.created_at`)} AS created_at,
                 count(*) OVER ()::text AS total
          FROM users u ${matches}
          ORDER BY u.id DESC LIMIT ${q.limit} OFFSET ${q.offset}`),
      );
      // Past the last page no row carries the total.
      let total = Number(rows[0]?.total ?? 0);
      if (rows.length === 0 && q.offset > 0) {
        const [row] = rowsOf<{ n: string }>(await db.execute(sql`SELECT count(*)::text AS n FROM users u ${matches}`));
        total = Number(row?.n ?? 0);
      }
      return {
        total,
        rows: rows.map((r) => ({ id: r.id, username: r.username, email: r.email, createdAt: Number(r.created_at) })),
      };
    },

    /** The sign-in wallet, bound and deposit addresses of these users. */
    async addressesOf(userIds: string[]): Promise<UserAddressRow[]> {
      if (userIds.length === 0) return [];
      const ids = sql.join(
        userIds.map((id) => sql`${id}::bigint`),
        sql`, `,
      );
      return rowsOf<UserAddressRow>(
        await db.execute(sql`
          SELECT id::text AS "userId", ${chainOf(sql`chain_currency`)} AS chain, wallet_address AS address,
                 'wallet' AS kind, 0 AS o
          FROM users WHERE id IN (${ids}) AND wallet_address IS NOT NULL
          UNION ALL
          SELECT user_id::text, ${chainOf(sql`currency`)}, wallet_address, 'bound', 1
          FROM bound_addresses WHERE user_id IN (${ids})
          UNION ALL
          SELECT user_id::text, ${chainOf(sql`chain_currency`)}, address, 'deposit', 2
          FROM deposit_addresses WHERE user_id IN (${ids})
          ORDER BY 1, 5, 2`),
      );
    },

    /** One user with the inviter's name. */
    async user(id: bigint) {
      const [row] = rowsOf<{
        id: string;
        username: string;
        email: string | null;
        created_at: number;
        inviter: string | null;
      }>(
        await db.execute(sql`
          SELECT u.id::text AS id, u.username, u.email, ${ms(sql`u.created_at`)} AS created_at, i.username AS inviter
          FROM users u LEFT JOIN users i ON i.id = u.inviter_id WHERE u.id = ${id}`),
      );
      return row ?? null;
    },

    /** The user's newest ledger entries over all their accounts: each account's newest `limit`, then merged. */
    async movements(userId: bigint, limit: number) {
      return rowsOf<{
        id: string;
        at: number;
        currency: string;
        submode: string;
        amount: string;
        kind: string;
        memo: string | null;
      }>(
        await db.execute(sql`
          SELECT e.id::text AS id, ${ms(sql`e.created_at`)} AS at, a.currency, a.submode, e.amount::text AS amount,
                 e.type AS kind, mv.ref AS memo
          FROM accounts a
          CROSS JOIN LATERAL (
            SELECT x.id, x.created_at, x.amount, x.type, x.movement_id FROM entries x
            WHERE x.account_id = a.id ORDER BY x.id DESC LIMIT ${limit}
          ) e
          JOIN movements mv ON mv.id = e.movement_id
          WHERE a.owner_user_id = ${userId}
          ORDER BY e.id DESC LIMIT ${limit}`),
      );
    },

    /** The user's newest machine orders. */
    async orders(userId: bigint, limit: number) {
      return rowsOf<{
        id: string;
        item_id: string;
        worth: string;
        /** The price per currency (machine_order_amounts); a currency not in the price is absent. */
        amounts: Record<string, string> | string | null;
        status: number;
        created_at: number;
        closed_at: number | null;
      }>(
        await db.execute(sql`
          SELECT o.id::text AS id, o.item_id::text AS item_id, o.worth::text AS worth,
                 (SELECT jsonb_object_agg(a.currency, a.price::text) FROM machine_order_amounts a
                  WHERE a.order_id = o.id) AS amounts, o.status,
                 ${ms(sql`o.created_at`)} AS created_at, ${ms(sql`o.closed_at`)} AS closed_at
          FROM machine_orders o WHERE o.user_id = ${userId} ORDER BY o.id DESC LIMIT ${limit}`),
      );
    },

    /** The user's newest tickets, each titled by the start of its first message. */
    async tickets(userId: bigint, limit: number) {
      return rowsOf<{ id: string; status: string; created_at: number; first: string | null }>(
        await db.execute(sql`
          SELECT t.id::text AS id, t.status, ${ms(sql`t.created_at`)} AS created_at,
                 (SELECT left(m.content, 120) FROM ticket_messages m WHERE m.ticket_id = t.id ORDER BY m.id LIMIT 1)
                   AS first
          FROM tickets t WHERE t.user_id = ${userId} ORDER BY t.id DESC LIMIT ${limit}`),
      );
    },

    /** The user's newest security changes (binds, unbinds, password). */
    async securityChanges(userId: bigint, limit: number) {
      return rowsOf<{ at: number; kind: string; currency: string | null; wallet_address: string | null }>(
        await db.execute(sql`
          SELECT ${ms(sql`s.created_at`)} AS at, s.kind, s.currency, s.wallet_address
          FROM security_changes s WHERE s.user_id = ${userId} ORDER BY s.id DESC LIMIT ${limit}`),
      );
    },
  };
}
