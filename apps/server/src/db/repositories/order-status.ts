import DataLoader from 'dataloader';
import { getTableColumns, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { type PreparedRaw, prepareRaw, rowsOf } from '../raw.ts';
import { machineOrders, sessions } from '../schema.ts';
import { type OrderAmounts, type OrderRow, orderAmountsOf } from './machines.ts';

/** What an order's answer needs beside its row: the unconfirmed payments, the payer's addresses, its machine. */
export interface OrderExtras {
  /** Sums of the payments still waiting for their confirmations, per currency (open orders only). */
  unconfirmed: Map<string, string>;
  /** The user's bound addresses, per currency ('bnb', 'sol'). */
  bound: Map<string, string>;
  /** The machine of a paid order. */
  machineId: bigint | null;
}

/** A live session as the poll found it. */
export interface PollSession {
  userId: bigint;
  username: string;
  expiresAt: Date;
}

export type PollResult = { session: PollSession; found: { order: OrderRow; extras: OrderExtras } | null } | null;

interface PollKey {
  tokenHash: string;
  orderId: bigint;
  now: Date;
}

/** The most polls answered by one statement; a larger burst is split into several. */
const MAX_BATCH = 500;

/*
 * One statement answers a batch of polls: each poll is a row of the unnested arrays, numbered by ORDINALITY so the
 * answers come back in the polls' order. Per poll, the rules of sessionsRepository.findLive (a live session,
 * unrevoked, not expired at the poll's own time), the order only if it is the session's user's (another user's reads
 * as not found), and the same extras as machinesRepository.unconfirmedFor, boundAddresses.ofUser and
 * machinesRepository.machineOfOrder. The extras' columns are prefixed `poll_` so they cannot meet an order column.
 */
const BATCH = sql`
    SELECT q.n::int AS poll_n, s.user_id::text AS poll_user_id, s.expires_at AS poll_expires_at,
           u.username AS poll_username, o.*, ${orderAmountsOf(sql`o.id`)} AS poll_amounts,
           (SELECT json_object_agg(x.currency, x.amount) FROM (
              SELECT p.currency, sum(p.amount)::text AS amount FROM machine_payments p
              WHERE o.status IN (0, 2) AND p.state = 'seen'
                AND (p.order_id = o.id OR p.user_id = o.user_id
                  OR EXISTS (SELECT 1 FROM machine_order_hints h
                             WHERE h.chain = p.chain AND h.tx_hash = p.tx_hash AND h.order_id = o.id))
              GROUP BY p.currency) x) AS poll_unconfirmed,
           (SELECT json_object_agg(b.currency, b.wallet_address) FROM bound_addresses b
              WHERE b.user_id = o.user_id) AS poll_bound,
           (SELECT m.id::text FROM machines m WHERE m.order_id = o.id AND o.status = 1) AS poll_machine_id
    FROM unnest(${sql.placeholder('tokens')}::text[], ${sql.placeholder('orders')}::bigint[],
                ${sql.placeholder('nows')}::timestamptz[])
           WITH ORDINALITY AS q(token_hash, order_id, now, n)
    JOIN sessions s ON s.token_hash = q.token_hash AND s.revoked_at IS NULL AND s.expires_at > q.now
    JOIN users u ON u.id = s.user_id
    LEFT JOIN machine_orders o ON o.id = q.order_id AND o.user_id = s.user_id`;

/** The batch as a named prepared statement (prepareRaw): planned once per connection instead of once per batch. */
const prepareBatch = (db: AppDb) => prepareRaw(db, BATCH, 'order_status_poll');

type RawPollRow = Record<string, unknown> & {
  poll_n: number;
  poll_user_id: string;
  poll_expires_at: string;
  poll_username: string;
  poll_unconfirmed: Record<string, string> | null;
  poll_bound: Record<string, string> | null;
  poll_machine_id: string | null;
  poll_amounts: OrderAmounts | string | null;
};

const orderColumns = Object.entries(getTableColumns(machineOrders));

/**
 * The order's columns as drizzle maps them in a select (bigints, dates, decimals), from a raw row holding an
 * order's columns (`o.*`), with its amounts (orderAmountsOf) from another of the row's columns; null without one.
 */
export function orderOfRawRow(row: Record<string, unknown>, rawAmounts: unknown): OrderRow | null {
  if (row.id === null || row.id === undefined) return null;
  const order: Record<string, unknown> = {};
  for (const [key, column] of orderColumns) {
    const value = row[column.name];
    order[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  const amounts = typeof rawAmounts === 'string' ? JSON.parse(rawAmounts) : rawAmounts;
  return { ...order, amounts: amounts ?? {} } as OrderRow;
}

const toMap = (value: Record<string, string> | null) => new Map(Object.entries(value ?? {}));

function resultOf(row: RawPollRow | undefined): PollResult {
  if (!row) return null;
  const order = orderOfRawRow(row, row.poll_amounts);
  return {
    session: {
      userId: BigInt(row.poll_user_id),
      username: row.poll_username,
      expiresAt: sessions.expiresAt.mapFromDriverValue(row.poll_expires_at) as Date,
    },
    found: order && {
      order,
      extras: {
        unconfirmed: toMap(row.poll_unconfirmed),
        bound: toMap(row.poll_bound),
        machineId: row.poll_machine_id === null ? null : BigInt(row.poll_machine_id),
      },
    },
  };
}

/**
 * The order-status poll (GET /v1/cow/home/order/{orderId}): 10,000 pending orders polled every 3 s are
 * ~3,333 polls a second on one instance. A round trip per poll spent most of the server's time writing to the
 * database's socket, so the polls that arrive in one turn of the event loop are answered by one statement
 * (DataLoader, scheduled with setImmediate: after every socket read of that turn). Nothing is cached: each poll sees
 * the database as it is when its batch runs, so several instances need no invalidation between them.
 */
export function orderStatusRepository(db: AppDb) {
  let loader: DataLoader<PollKey, PollResult> | null = null;
  let prepared: PreparedRaw | null = null;
  const load = async (keys: readonly PollKey[]) => {
    prepared ??= prepareBatch(db);
    const result = await prepared.execute({
      tokens: keys.map((k) => k.tokenHash),
      orders: keys.map((k) => String(k.orderId)),
      nows: keys.map((k) => k.now.toISOString()),
    });
    const rows = rowsOf<RawPollRow>(result);
    const byPoll = new Map(rows.map((row) => [Number(row.poll_n), row]));
    return keys.map((_, i) => resultOf(byPoll.get(i + 1)));
  };
  return {
    /** Null without a live session; else the session, and the order with its extras when it is the user's. */
    poll(tokenHash: string, orderId: bigint, now: Date): Promise<PollResult> {
      loader ??= new DataLoader(load, { cache: false, maxBatchSize: MAX_BATCH, batchScheduleFn: setImmediate });
      return loader.load({ tokenHash, orderId, now });
    },
  };
}
