import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { machineOrders, sessions, users } from '../schema.ts';
import type { OrderRow } from './machines.ts';

/** What an order's answer needs beside its row: the unconfirmed payments, the payer's addresses, its machine. */
export interface OrderExtras {
  /** Sums of the payments still waiting for their confirmations, per currency (open orders only). */
  unconfirmed: Map<string, string>;
  /** The user's bound addresses, per currency ('bnb', 'sol'). */
  bound: Map<string, string>;
  /** The machine of a paid order. */
  machineId: bigint | null;
}

/*
 * The same rules as machinesRepository.unconfirmedFor, boundAddresses.ofUser and machinesRepository.machineOfOrder,
 * as correlated subqueries of the order row: the answer to a poll in one round trip. The order's columns are named
 * with their table by hand: drizzle writes a column of the selected table unqualified, and inside the subqueries
 * "id" or "status" would be another table's.
 */
const unconfirmed = sql<Record<string, string> | null>`(
  SELECT json_object_agg(u.currency, u.amount) FROM (
    SELECT p.currency, sum(p.amount)::text AS amount FROM machine_payments p
    WHERE machine_orders.status IN (0, 2) AND p.state = 'seen'
      AND (p.order_id = machine_orders.id OR p.user_id = machine_orders.user_id
        OR EXISTS (SELECT 1 FROM machine_order_hints h
                   WHERE h.chain = p.chain AND h.tx_hash = p.tx_hash AND h.order_id = machine_orders.id))
    GROUP BY p.currency) u)`;
const bound = sql<Record<string, string> | null>`(
  SELECT json_object_agg(b.currency, b.wallet_address) FROM bound_addresses b WHERE b.user_id = machine_orders.user_id)`;
const machineId = sql<string | null>`(
  SELECT m.id::text FROM machines m WHERE m.order_id = machine_orders.id AND machine_orders.status = 1)`;

const toMap = (value: Record<string, string> | null) => new Map(Object.entries(value ?? {}));

/** A live session as the poll found it. */
export interface PollSession {
  userId: bigint;
  username: string;
  expiresAt: Date;
}

/**
 * The order-status poll (GET /v1/cow/home/order/{orderId}, issue 11): ~3,333 a second for 10,000 pending orders,
 * so one prepared statement per poll, which checks the session too (the rules of sessionsRepository.findLive)
 * and reads the order only if it is the session's user's (another user's reads as not found).
 */
export function orderStatusRepository(db: AppDb) {
  let prepared: ReturnType<typeof prepare> | null = null;
  function prepare() {
    return db
      .select({
        session: { userId: sessions.userId, expiresAt: sessions.expiresAt, username: users.username },
        order: machineOrders,
        unconfirmed,
        bound,
        machineId,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(
        machineOrders,
        and(eq(machineOrders.id, sql.placeholder('orderId')), eq(machineOrders.userId, sessions.userId)),
      )
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql.placeholder('now')),
        ),
      )
      .limit(1)
      .prepare('order_status_poll');
  }
  return {
    /** Null without a live session; else the session, and the order with its extras when it is the user's. */
    async poll(
      tokenHash: string,
      orderId: bigint,
      now: Date,
    ): Promise<{ session: PollSession; found: { order: OrderRow; extras: OrderExtras } | null } | null> {
      prepared ??= prepare();
      const [row] = await prepared.execute({ tokenHash, orderId: String(orderId), now: now.toISOString() });
      if (!row) return null;
      const found = row.order && {
        order: row.order,
        extras: {
          unconfirmed: toMap(row.unconfirmed),
          bound: toMap(row.bound),
          machineId: row.machineId === null ? null : BigInt(row.machineId),
        },
      };
      return { session: row.session, found };
    },
  };
}
