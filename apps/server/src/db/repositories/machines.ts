import { and, asc, count, desc, eq, getTableColumns, inArray, lt, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { rowsOf } from '../raw.ts';
import {
  machineOrderHints,
  machineOrders,
  machinePaymentCursors,
  machinePayments,
  machinePriceItems,
  machines,
} from '../schema.ts';
import { bookingCtes, bookingUnbooked, indexWalksOnly, lockBookingAccounts } from './batch-booking.ts';

export type PriceItemRow = typeof machinePriceItems.$inferSelect;
export type OrderRow = typeof machineOrders.$inferSelect;
export type MachineRow = typeof machines.$inferSelect;
export type PaymentRow = typeof machinePayments.$inferSelect;

/** Any fixed number: the advisory lock that mining batches take one at a time. */
const MINING_LOCK = 7_301_011;

/**
 * A machine with what it mined so far read from its latest machine_mining row (the mining job no longer updates
 * the machine row each day, only on the day it goes out).
 */
const withMined = {
  ...getTableColumns(machines),
  mined: sql<string>`coalesce((SELECT x.total FROM machine_mining x WHERE x.machine_id = ${machines.id}
                               ORDER BY x.day DESC LIMIT 1), 0)::text`,
  lastMinedDay: sql<string | null>`(SELECT max(x.day)::text FROM machine_mining x WHERE x.machine_id = ${machines.id})`,
};

/** Open orders: awaiting payment (0) or pending confirmation (2). */
const OPEN = [0, 2];

export interface NewPayment {
  chain: 'bsc' | 'solana';
  /** The chain instance (its genesis hash): a restarted dev chain repeats the last one's transaction hashes. */
  genesisHash: string;
  txHash: string;
  eventIndex: string;
  blockNumber: bigint;
  blockHash: string | null;
  currency: string;
  tokenContract: string | null;
  fromAddress: string | null;
  toAddress: string;
  amount: string;
}

/** Price items, orders, machines and payments of the AI miner (migration 0015). */
export function machinesRepository(db: AppDb) {
  return {
    // Price items.
    async itemsOnSale(): Promise<PriceItemRow[]> {
      return db
        .select()
        .from(machinePriceItems)
        .where(eq(machinePriceItems.onSale, true))
        .orderBy(asc(machinePriceItems.worth), asc(machinePriceItems.id));
    },
    async allItems(): Promise<PriceItemRow[]> {
      return db.select().from(machinePriceItems).orderBy(asc(machinePriceItems.id));
    },
    async item(id: bigint): Promise<PriceItemRow | null> {
      const [row] = await db.select().from(machinePriceItems).where(eq(machinePriceItems.id, id));
      return row ?? null;
    },
    async itemForUpdate(id: bigint): Promise<PriceItemRow | null> {
      const [row] = await db.select().from(machinePriceItems).where(eq(machinePriceItems.id, id)).for('update');
      return row ?? null;
    },
    async insertItem(values: typeof machinePriceItems.$inferInsert): Promise<PriceItemRow> {
      const [row] = await db.insert(machinePriceItems).values(values).returning();
      if (!row) throw new Error('price item insert returned nothing');
      return row;
    },
    async updateItem(id: bigint, values: Partial<typeof machinePriceItems.$inferInsert>): Promise<PriceItemRow> {
      const [row] = await db
        .update(machinePriceItems)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(machinePriceItems.id, id))
        .returning();
      if (!row) throw new Error('price item vanished');
      return row;
    },

    // Orders.
    async insertOrder(values: Omit<typeof machineOrders.$inferInsert, 'chainHeadsAtOpen'>): Promise<OrderRow> {
      // Each chain's head as the collection watcher last saw it, in the same statement (no extra round trip).
      const heads = sql`(SELECT jsonb_object_agg(chain, jsonb_build_object('genesis', genesis_hash, 'head', head_block::text))
        FROM machine_payment_cursors WHERE head_block IS NOT NULL)`;
      const [row] = await db
        .insert(machineOrders)
        .values({ ...values, chainHeadsAtOpen: heads })
        .returning();
      if (!row) throw new Error('order insert returned nothing');
      return row;
    },
    async order(id: bigint): Promise<OrderRow | null> {
      const [row] = await db.select().from(machineOrders).where(eq(machineOrders.id, id));
      return row ?? null;
    },
    async orderForUpdate(id: bigint): Promise<OrderRow | null> {
      const [row] = await db.select().from(machineOrders).where(eq(machineOrders.id, id)).for('update');
      return row ?? null;
    },
    async openOrderOf(userId: bigint): Promise<OrderRow | null> {
      const [row] = await db
        .select()
        .from(machineOrders)
        .where(and(eq(machineOrders.userId, userId), inArray(machineOrders.status, OPEN)));
      return row ?? null;
    },
    async setOrder(id: bigint, values: Partial<typeof machineOrders.$inferInsert>) {
      await db.update(machineOrders).set(values).where(eq(machineOrders.id, id));
    },
    /** Open orders whose time ran out before `now`, oldest first. */
    async expiredOpenOrders(now: Date, limit: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(machineOrders)
        .where(and(inArray(machineOrders.status, OPEN), lt(machineOrders.expiresAt, now)))
        .orderBy(asc(machineOrders.expiresAt))
        .limit(limit);
    },

    // Machines.
    async insertMachine(values: typeof machines.$inferInsert): Promise<MachineRow> {
      const [row] = await db.insert(machines).values(values).returning();
      if (!row) throw new Error('machine insert returned nothing');
      return row;
    },
    async machineOfOrder(orderId: bigint): Promise<MachineRow | null> {
      const [row] = await db.select(withMined).from(machines).where(eq(machines.orderId, orderId));
      return row ?? null;
    },
    async hasRunningMachine(userId: bigint): Promise<boolean> {
      const [row] = await db
        .select({ n: count() })
        .from(machines)
        .where(and(eq(machines.userId, userId), eq(machines.status, 'running')));
      return (row?.n ?? 0) > 0;
    },
    /** The highest worth the user has bought so far, '0' when none. */
    async highestWorth(userId: bigint): Promise<string> {
      const [row] = await db
        .select({ worth: sql<string>`coalesce(max(${machines.worth}), 0)::text` })
        .from(machines)
        .where(eq(machines.userId, userId));
      return row?.worth ?? '0';
    },
    async machinePage(userId: bigint, limit: number, offset: number) {
      const where = eq(machines.userId, userId);
      const [rows, totals] = await Promise.all([
        db
          .select({ machine: withMined, orderNo: machineOrders.id })
          .from(machines)
          .innerJoin(machineOrders, eq(machineOrders.id, machines.orderId))
          .where(where)
          .orderBy(desc(machines.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(machines).where(where),
      ]);
      return { rows, total: totals[0]?.n ?? 0 };
    },

    /**
     * The last user of the next mining batch after user `afterUser` (a user has at most one running machine): the
     * user of the `size`-th running machine after it, or the last one when fewer are left; null when none is.
     */
    async nextBatchEnd(afterUser: bigint, size: number): Promise<bigint | null> {
      await indexWalksOnly(db); // an index walk of `size` entries, never a sort of every running item
      const [row] = rowsOf<{ last: string | null }>(
        await db.execute(sql`
          SELECT coalesce(
            (SELECT user_id FROM machines WHERE status = 'running' AND user_id > ${afterUser}
             ORDER BY user_id OFFSET ${size - 1} LIMIT 1),
            (SELECT max(user_id) FROM machines WHERE status = 'running' AND user_id > ${afterUser}))::text AS last`),
      );
      return row?.last ? BigInt(row.last) : null;
    },

    /**
     * Mines, for `day`, the running machines of the users after `afterUser` up to `lastUser` in set-based
     * statements inside the caller's transaction, like pledges.settleBatch: each machine earns
     * least(daily_income, cap - mined so far) AIDF from the issuance account (cow-ai-machine-mint-income), mined so
     * far being the total of its latest machine_mining row; one that reaches its cap is out. The (machine, day) key
     * makes a second run of the same day claim nothing; a day older than a machine's latest mining day mines
     * nothing (the machine mines until its cap anyway). Answers how many machines this call paid.
     */
    async mineBatch(b: {
      day: string;
      afterUser: bigint;
      lastUser: bigint;
      movementIdemKey: string;
      issuanceAccountId: bigint;
    }) {
      // One mining batch at a time across instances: each reads every machine's latest total as the batch before
      // it left it, so two runs of different days never mine past the cap from the same stale total.
      await indexWalksOnly(db);
      await db.execute(sql`SELECT pg_advisory_xact_lock(${MINING_LOCK})`);
      const [movement] = rowsOf<{ id: string }>(
        await db.execute(sql`
          INSERT INTO movements (type, idem_key, ref) VALUES ('cow-ai-machine-mint-income', ${b.movementIdemKey}, ${b.day})
          ON CONFLICT (idem_key) DO NOTHING RETURNING id::text AS id`),
      );
      if (!movement) return 0; // another runner mined this very batch
      const booking = {
        currency: 'aidf',
        submode: '00',
        counters: [{ type: 'cow-ai-machine-mint-income', accountId: b.issuanceAccountId }],
      };
      const inBatch = sql`m.status = 'running' AND m.user_id > ${b.afterUser} AND m.user_id <= ${b.lastUser}`;
      await lockBookingAccounts(db, booking, sql`SELECT m.user_id FROM machines m WHERE ${inBatch}`);
      const [counts] = rowsOf<{ claimed: string; unbooked: string }>(
        await db.execute(sql`
        WITH due AS (
          SELECT m.id, m.user_id, m.cap, coalesce(l.total, 0) AS mined,
                 least(m.daily_income, m.cap - coalesce(l.total, 0)) AS amount
          FROM machines m
          LEFT JOIN LATERAL (
            SELECT x.day, x.total FROM machine_mining x WHERE x.machine_id = m.id ORDER BY x.day DESC LIMIT 1
          ) l ON true
          WHERE ${inBatch} AND m.start_day < ${b.day}::date AND (l.day IS NULL OR l.day < ${b.day}::date)
        ),
        claimed AS (
          INSERT INTO machine_mining (machine_id, day, amount, total, movement_id)
          SELECT d.id, ${b.day}::date, d.amount, d.mined + d.amount, ${movement.id}::bigint
          FROM due d WHERE d.amount > 0
          ON CONFLICT DO NOTHING
          RETURNING machine_id, amount, total
        ),
        -- Only the machines that reach their cap today are updated; their figures are written once, final.
        went_out AS (
          UPDATE machines m SET status = 'out', out_at = now(), mined = c.total, last_mined_day = ${b.day}::date
          FROM claimed c
          WHERE m.id = c.machine_id AND c.total >= m.cap
          RETURNING m.id
        ),
        paid (user_id, type, amount) AS (
          SELECT m.user_id, 'cow-ai-machine-mint-income', c.amount
          FROM claimed c JOIN machines m ON m.id = c.machine_id -- a primary-key probe (CTE row counts are unknown)
        ),
        ${bookingCtes({ ...booking, source: 'paid', movementId: BigInt(movement.id) })}
        SELECT (SELECT count(*) FROM claimed)::text AS claimed, ${bookingUnbooked}::text AS unbooked`),
      );
      // A mined amount without its ledger line would be owed and never booked: undo the batch. The account is
      // made when the machine is (order-lifecycle.ts), so this only fires on a fault.
      if (counts?.unbooked !== '0')
        throw new Error(`mining batch for ${b.day} left ${counts?.unbooked} lines unbooked`);
      return Number(counts?.claimed ?? 0);
    },

    // Payments and hints.
    /** Records a payment seen on chain; an existing row (same chain, genesis, tx, event) is moved to the block seen now
     *  while it is not settled (a reorganisation may have moved it). Answers the row. */
    async upsertPayment(p: NewPayment, confirmedNow: boolean): Promise<PaymentRow> {
      const [row] = await db
        .insert(machinePayments)
        .values({ ...p })
        .onConflictDoUpdate({
          target: [
            machinePayments.chain,
            machinePayments.genesisHash,
            machinePayments.txHash,
            machinePayments.eventIndex,
          ],
          set: {
            blockNumber: sql`CASE WHEN ${machinePayments.state} IN ('seen', 'orphaned') THEN excluded.block_number ELSE ${machinePayments.blockNumber} END`,
            blockHash: sql`CASE WHEN ${machinePayments.state} IN ('seen', 'orphaned') THEN excluded.block_hash ELSE ${machinePayments.blockHash} END`,
            state: sql`CASE WHEN ${machinePayments.state} = 'orphaned' THEN 'seen' ELSE ${machinePayments.state} END`,
          },
        })
        .returning();
      if (!row) throw new Error('payment upsert returned nothing');
      void confirmedNow;
      return row;
    },
    /** Payments waiting for their confirmations on `chain`, oldest first. */
    async seenPayments(chain: string, limit: number): Promise<PaymentRow[]> {
      return db
        .select()
        .from(machinePayments)
        .where(and(eq(machinePayments.chain, chain), eq(machinePayments.state, 'seen')))
        .orderBy(asc(machinePayments.blockNumber), asc(machinePayments.id))
        .limit(limit);
    },
    async paymentForUpdate(id: bigint): Promise<PaymentRow | null> {
      const [row] = await db.select().from(machinePayments).where(eq(machinePayments.id, id)).for('update');
      return row ?? null;
    },
    async setPayment(id: bigint, values: Partial<typeof machinePayments.$inferInsert>) {
      await db.update(machinePayments).set(values).where(eq(machinePayments.id, id));
    },
    async paymentsOfTx(chain: string, txHash: string): Promise<PaymentRow[]> {
      return db
        .select()
        .from(machinePayments)
        .where(and(eq(machinePayments.chain, chain), eq(machinePayments.txHash, txHash)));
    },
    /** Unconfirmed amounts per currency seen for an order (through its hints or its user's open order). */
    async unconfirmedFor(orderId: bigint, userId: bigint): Promise<Map<string, string>> {
      const result = await db.execute(sql`
        SELECT p.currency, sum(p.amount)::text AS amount FROM machine_payments p
        WHERE p.state = 'seen' AND (p.order_id = ${orderId} OR p.user_id = ${userId}
          OR EXISTS (SELECT 1 FROM machine_order_hints h WHERE h.chain = p.chain AND h.tx_hash = p.tx_hash AND h.order_id = ${orderId}))
        GROUP BY p.currency`);
      return new Map(rowsOf<{ currency: string; amount: string }>(result).map((r) => [r.currency, r.amount]));
    },
    async thirdPartyPayments(limit: number): Promise<PaymentRow[]> {
      return db
        .select()
        .from(machinePayments)
        .where(eq(machinePayments.state, 'third-party'))
        .orderBy(desc(machinePayments.id))
        .limit(limit);
    },

    /** Claims `txHash` for the order; false when another order (or user) holds it. */
    async claimHint(h: { chain: string; txHash: string; orderId: bigint; userId: bigint }): Promise<boolean> {
      await db.insert(machineOrderHints).values(h).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(machineOrderHints)
        .where(and(eq(machineOrderHints.chain, h.chain), eq(machineOrderHints.txHash, h.txHash)));
      return row?.orderId === h.orderId && row.userId === h.userId;
    },
    async hint(chain: string, txHash: string) {
      const [row] = await db
        .select()
        .from(machineOrderHints)
        .where(and(eq(machineOrderHints.chain, chain), eq(machineOrderHints.txHash, txHash)));
      return row ?? null;
    },
    /** Hints of open orders on `chain` whose transaction was not found yet (or was reorganised away), least
     *  recently looked at first. */
    async hintsToCheck(chain: string, limit: number) {
      const result = await db.execute(sql`
        SELECT h.tx_hash FROM machine_order_hints h JOIN machine_orders o ON o.id = h.order_id
        WHERE h.chain = ${chain} AND o.status IN (0, 2)
          AND NOT EXISTS (SELECT 1 FROM machine_payments p WHERE p.chain = h.chain AND p.tx_hash = h.tx_hash
                          AND p.state <> 'orphaned')
        ORDER BY h.checked_at NULLS FIRST LIMIT ${limit}`);
      return rowsOf<{ tx_hash: string }>(result).map((r) => r.tx_hash);
    },
    /** Drops a hint whose transaction pays nothing to the collection address (failed, or sent elsewhere). */
    async dropHint(chain: string, txHash: string) {
      await db
        .delete(machineOrderHints)
        .where(and(eq(machineOrderHints.chain, chain), eq(machineOrderHints.txHash, txHash)));
    },
    async touchHint(chain: string, txHash: string) {
      await db
        .update(machineOrderHints)
        .set({ checkedAt: sql`now()` })
        .where(and(eq(machineOrderHints.chain, chain), eq(machineOrderHints.txHash, txHash)));
    },
    async hasPendingHint(orderId: bigint): Promise<boolean> {
      const result = await db.execute(sql`
        SELECT 1 FROM machine_order_hints h WHERE h.order_id = ${orderId}
          AND NOT EXISTS (SELECT 1 FROM machine_payments p WHERE p.chain = h.chain AND p.tx_hash = h.tx_hash
                          AND p.state IN ('applied', 'credited', 'third-party', 'orphaned'))
        LIMIT 1`);
      return rowsOf(result).length > 0;
    },

    // The collection watchers' cursors.
    async cursor(chain: string) {
      const [row] = await db.select().from(machinePaymentCursors).where(eq(machinePaymentCursors.chain, chain));
      return row ?? null;
    },
    /** Starts (or, for a chain with another genesis, restarts) the cursor at `nextBlock`. */
    async setCursor(chain: string, nextBlock: bigint, genesisHash: string) {
      await db
        .insert(machinePaymentCursors)
        .values({ chain, nextBlock, genesisHash })
        .onConflictDoUpdate({
          target: machinePaymentCursors.chain,
          set: { nextBlock, genesisHash, lastBlockHash: null, lastError: null, lastErrorAt: null },
        });
    },
    /** The cursor locked for the scan's transaction; false when it is not at `expectedNext` any more. */
    async lockCursorAt(chain: string, expectedNext: bigint): Promise<boolean> {
      const [row] = await db
        .select({ nextBlock: machinePaymentCursors.nextBlock })
        .from(machinePaymentCursors)
        .where(eq(machinePaymentCursors.chain, chain))
        .for('update');
      return row?.nextBlock === expectedNext;
    },
    /** The newest block seen on the cursor's chain, when there was nothing new to scan. */
    async noteHead(chain: string, genesisHash: string, headBlock: bigint) {
      await db
        .update(machinePaymentCursors)
        .set({ headBlock, scannedAt: sql`now()` })
        .where(and(eq(machinePaymentCursors.chain, chain), eq(machinePaymentCursors.genesisHash, genesisHash)));
    },
    async advanceCursor(chain: string, nextBlock: bigint, lastBlockHash: string | null, headBlock: bigint) {
      await db
        .update(machinePaymentCursors)
        .set({ nextBlock, lastBlockHash, headBlock, scannedAt: sql`now()` })
        .where(eq(machinePaymentCursors.chain, chain));
    },
    async noteCursorError(chain: string, message: string) {
      await db
        .update(machinePaymentCursors)
        .set({
          rpcErrors: sql`${machinePaymentCursors.rpcErrors} + 1`,
          lastError: message.slice(0, 500),
          lastErrorAt: sql`now()`,
        })
        .where(eq(machinePaymentCursors.chain, chain));
    },

    /** The user whose bound address of `currency` ('bnb' | 'sol') is `address` (EVM: any case), or null. */
    async boundOwner(currency: 'bnb' | 'sol', address: string): Promise<bigint | null> {
      const result = await db.execute(
        currency === 'bnb'
          ? sql`SELECT user_id::text AS id FROM bound_addresses WHERE currency = 'bnb' AND lower(wallet_address) = ${address.toLowerCase()}`
          : sql`SELECT user_id::text AS id FROM bound_addresses WHERE currency = 'sol' AND wallet_address = ${address}`,
      );
      const [row] = rowsOf<{ id: string }>(result);
      return row ? BigInt(row.id) : null;
    },
  };
}
