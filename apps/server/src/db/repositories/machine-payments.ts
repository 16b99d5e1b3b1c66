import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { rowsOf } from '../raw.ts';
import { machineOrderHints, machinePayments } from '../schema.ts';

export type PaymentRow = typeof machinePayments.$inferSelect;

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

/**
 * The AI miner's on-chain payments (machine_payments) and the transaction ids clients submitted (hints): what
 * collection-watcher.ts and order-lifecycle.ts read and write (the watchers' cursors are repos.scanCursors.collection). Part of
 * machinesRepository (repos.machines).
 */
export function machinePaymentQueries(db: AppDb) {
  /** One user's hint of a transaction, or null. */
  async function hintOf(chain: string, txHash: string, userId: bigint) {
    const [row] = await db
      .select()
      .from(machineOrderHints)
      .where(
        and(
          eq(machineOrderHints.chain, chain),
          eq(machineOrderHints.txHash, txHash),
          eq(machineOrderHints.userId, userId),
        ),
      );
    return row ?? null;
  }
  return {
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

    /**
     * Claims `txHash` for the user's order; false when the user offered it for another order. Each user has their
     * own hint of a transaction: another user's claim (someone else's transaction, offered first) blocks nobody.
     */
    async claimHint(h: { chain: string; txHash: string; orderId: bigint; userId: bigint }): Promise<boolean> {
      await db.insert(machineOrderHints).values(h).onConflictDoNothing();
      const row = await hintOf(h.chain, h.txHash, h.userId);
      return row?.orderId === h.orderId;
    },
    /** Every user's hint of a transaction (usually one: its sender's). */
    async hints(chain: string, txHash: string) {
      return db
        .select()
        .from(machineOrderHints)
        .where(and(eq(machineOrderHints.chain, chain), eq(machineOrderHints.txHash, txHash)))
        .orderBy(asc(machineOrderHints.userId));
    },
    hintOf,
    /** Hints of the order the watcher has not found on chain yet: what ORDER_HINTS_OPEN_MAX bounds. */
    async openHintsOf(orderId: bigint): Promise<number> {
      const result = await db.execute(sql`
        SELECT count(*)::int AS n FROM machine_order_hints h WHERE h.order_id = ${orderId}
          AND NOT EXISTS (SELECT 1 FROM machine_payments p WHERE p.chain = h.chain AND p.tx_hash = h.tx_hash
                          AND p.state <> 'orphaned')`);
      return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
    },
    /**
     * Up to `limit` transactions of open orders' hints on `chain` not found yet (or reorganised away), submitted by
     * `submittedBy` or looked at before, taken in turns per user: everyone's least recently looked-at hint first, then everyone's second, so one user's many
     * hints never push another user's back.
     */
    async hintsToCheck(chain: string, limit: number, submittedBy: Date): Promise<string[]> {
      const result = await db.execute(sql`
        SELECT t.tx_hash FROM (
          SELECT h.tx_hash, h.checked_at, h.created_at,
                 row_number() OVER (PARTITION BY h.user_id ORDER BY h.checked_at NULLS FIRST, h.created_at) AS turn
          FROM machine_order_hints h JOIN machine_orders o ON o.id = h.order_id
          WHERE h.chain = ${chain} AND o.status IN (0, 2)
            AND (h.checked_at IS NOT NULL OR h.created_at <= ${submittedBy.toISOString()}::timestamptz)
            AND NOT EXISTS (SELECT 1 FROM machine_payments p WHERE p.chain = h.chain AND p.tx_hash = h.tx_hash
                            AND p.state <> 'orphaned')) t
        ORDER BY t.turn, t.checked_at NULLS FIRST, t.created_at
        LIMIT ${limit}`);
      // Several users may hint one transaction: it is looked at once.
      return [...new Set(rowsOf<{ tx_hash: string }>(result).map((r) => r.tx_hash))];
    },
    /**
     * Drops every hint of a transaction that pays nothing to the collection address (failed, or sent elsewhere),
     * or that the chain does not know at all.
     */
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
                          AND p.state IN ('applied', 'credited', 'third-party', 'orphaned', 'already-credited'))
        LIMIT 1`);
      return rowsOf(result).length > 0;
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
