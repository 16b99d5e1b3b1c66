import type { TMinerCurrency } from '@aidf/contract';
import { and, asc, count, desc, eq, getTableColumns, inArray, lt, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { machineOrderAmounts, machineOrders, machinePriceItemAmounts, machinePriceItems, machines } from '../schema.ts';
import { type BatchSource, beginDailyBatch, nextBatchEnd } from './batch-booking.ts';
import { machinePaymentQueries } from './machine-payments.ts';

/** A price item's amount per currency of its price (machine_price_item_amounts); a missing currency is unused. */
export type ItemAmounts = Partial<Record<TMinerCurrency, string>>;
export type PriceItemRow = typeof machinePriceItems.$inferSelect & { amounts: ItemAmounts };
/** An order's figures of one currency of its price (machine_order_amounts). */
export interface OrderAmount {
  price: string;
  lack: string;
  paid: string;
}
export type OrderAmounts = Partial<Record<TMinerCurrency, OrderAmount>>;
export type OrderRow = typeof machineOrders.$inferSelect & { amounts: OrderAmounts };
export type MachineRow = typeof machines.$inferSelect;
export type { PaymentRow } from './machine-payments.ts';

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

/** A JSON value as the driver gave it: node-postgres and PGlite parse json, a text cast would not be. */
const parsedJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** Each row's amounts as one JSON object keyed by currency, in the row's own statement (no extra round trip). */
const itemAmounts = sql<ItemAmounts>`(SELECT coalesce(jsonb_object_agg(a.currency, a.amount::text), '{}')
  FROM machine_price_item_amounts a WHERE a.item_id = ${machinePriceItems.id})`.mapWith((v) =>
  parsedJson<ItemAmounts>(v),
);
const withItemAmounts = { ...getTableColumns(machinePriceItems), amounts: itemAmounts };

/** An order's amounts, keyed by currency; `orderId` is the order's id column (or its alias in a raw statement). */
export const orderAmountsOf = (orderId: unknown) => sql<OrderAmounts>`(SELECT coalesce(jsonb_object_agg(a.currency,
    jsonb_build_object('price', a.price::text, 'lack', a.lack::text, 'paid', a.paid::text)), '{}')
  FROM machine_order_amounts a WHERE a.order_id = ${orderId})`;
const withOrderAmounts = {
  ...getTableColumns(machineOrders),
  amounts: orderAmountsOf(machineOrders.id).mapWith((v) => parsedJson<OrderAmounts>(v)),
};

const isZeroText = (amount: string) => /^0+(\.0+)?$/.test(amount);

const inMiningBatch = (b: { afterUser: bigint; lastUser: bigint }) =>
  sql`m.status = 'running' AND m.user_id > ${b.afterUser} AND m.user_id <= ${b.lastUser}`;

/** Open orders: awaiting payment (0) or pending confirmation (2). */
const OPEN = [0, 2];

/** Price items, orders, machines and payments of the AI miner (migration 0015). */
export function machinesRepository(db: AppDb) {
  async function itemById(id: bigint): Promise<PriceItemRow> {
    const [row] = await db.select(withItemAmounts).from(machinePriceItems).where(eq(machinePriceItems.id, id));
    if (!row) throw new Error('price item vanished');
    return row;
  }
  /** An amount of '0' removes the currency from the price; another one adds or changes its row. */
  async function writeItemAmounts(itemId: bigint, amounts: ItemAmounts) {
    for (const [currency, amount] of Object.entries(amounts)) {
      const key = and(eq(machinePriceItemAmounts.itemId, itemId), eq(machinePriceItemAmounts.currency, currency));
      if (amount === undefined || isZeroText(amount)) {
        await db.delete(machinePriceItemAmounts).where(key);
      } else {
        await db
          .insert(machinePriceItemAmounts)
          .values({ itemId, currency, amount })
          .onConflictDoUpdate({
            target: [machinePriceItemAmounts.itemId, machinePriceItemAmounts.currency],
            set: { amount },
          });
      }
    }
  }
  return {
    ...machinePaymentQueries(db),
    // Price items.
    async itemsOnSale(): Promise<PriceItemRow[]> {
      return db
        .select(withItemAmounts)
        .from(machinePriceItems)
        .where(eq(machinePriceItems.onSale, true))
        .orderBy(asc(machinePriceItems.worth), asc(machinePriceItems.id));
    },
    async allItems(): Promise<PriceItemRow[]> {
      return db.select(withItemAmounts).from(machinePriceItems).orderBy(asc(machinePriceItems.id));
    },
    async item(id: bigint): Promise<PriceItemRow | null> {
      const [row] = await db.select(withItemAmounts).from(machinePriceItems).where(eq(machinePriceItems.id, id));
      return row ?? null;
    },
    /** The price item locked for the caller's transaction, its amounts read after the lock (orderForUpdate). */
    async itemForUpdate(id: bigint): Promise<PriceItemRow | null> {
      const [locked] = await db
        .select({ id: machinePriceItems.id })
        .from(machinePriceItems)
        .where(eq(machinePriceItems.id, id))
        .for('update');
      return locked ? itemById(id) : null;
    },
    /** Adds a price item with its amounts ('0': the currency is not used, no row). */
    async insertItem(values: typeof machinePriceItems.$inferInsert, amounts: ItemAmounts): Promise<PriceItemRow> {
      const [row] = await db.insert(machinePriceItems).values(values).returning({ id: machinePriceItems.id });
      if (!row) throw new Error('price item insert returned nothing');
      await writeItemAmounts(row.id, amounts);
      return itemById(row.id);
    },
    /** Changes a price item: its columns and the amounts given ('0' removes the currency from the price). */
    async updateItem(
      id: bigint,
      values: Partial<typeof machinePriceItems.$inferInsert>,
      amounts: ItemAmounts,
    ): Promise<PriceItemRow> {
      await db
        .update(machinePriceItems)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(machinePriceItems.id, id));
      await writeItemAmounts(id, amounts);
      return itemById(id);
    },

    // Orders.
    /** Adds an order with its amounts, one row per currency of its price (a zero price is no row). */
    async insertOrder(
      values: Omit<typeof machineOrders.$inferInsert, 'chainHeadsAtOpen'>,
      amounts: OrderAmounts,
    ): Promise<OrderRow> {
      // Each chain's head as the collection watcher last saw it, in the same statement (no extra round trip).
      const heads = sql`(SELECT jsonb_object_agg(chain, jsonb_build_object('genesis', genesis_hash, 'head', head_block::text))
        FROM machine_payment_cursors WHERE head_block IS NOT NULL)`;
      const [row] = await db
        .insert(machineOrders)
        .values({ ...values, chainHeadsAtOpen: heads })
        .returning();
      if (!row) throw new Error('order insert returned nothing');
      const rows = Object.entries(amounts).flatMap(([currency, a]) =>
        a && !isZeroText(a.price) ? [{ orderId: row.id, currency, price: a.price, lack: a.lack, paid: a.paid }] : [],
      );
      if (rows.length > 0) await db.insert(machineOrderAmounts).values(rows);
      return {
        ...row,
        amounts: Object.fromEntries(rows.map((r) => [r.currency, { price: r.price, lack: r.lack, paid: r.paid }])),
      };
    },
    async order(id: bigint): Promise<OrderRow | null> {
      const [row] = await db.select(withOrderAmounts).from(machineOrders).where(eq(machineOrders.id, id));
      return row ?? null;
    },
    /**
     * The order locked for the caller's transaction. Its amounts are read after the lock, in a statement of their
     * own: the transaction the lock waited for may have changed them, and under READ COMMITTED only a new
     * statement sees that (the lock re-reads the order's row, not the rows a subquery reads).
     */
    async orderForUpdate(id: bigint): Promise<OrderRow | null> {
      const [locked] = await db
        .select({ id: machineOrders.id })
        .from(machineOrders)
        .where(eq(machineOrders.id, id))
        .for('update');
      if (!locked) return null;
      const [row] = await db.select(withOrderAmounts).from(machineOrders).where(eq(machineOrders.id, id));
      return row ?? null;
    },
    /** What confirmed on-chain payments covered of the order's lack of `currency`, now `paid`. */
    async setOrderPaid(orderId: bigint, currency: TMinerCurrency, paid: string) {
      await db
        .update(machineOrderAmounts)
        .set({ paid })
        .where(and(eq(machineOrderAmounts.orderId, orderId), eq(machineOrderAmounts.currency, currency)));
    },
    async openOrderOf(userId: bigint): Promise<OrderRow | null> {
      const [row] = await db
        .select(withOrderAmounts)
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
        .select(withOrderAmounts)
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

    /** The last user of the next mining batch after user `afterUser` (a user has at most one running machine). */
    nextBatchEnd: (afterUser: bigint, size: number) => nextBatchEnd(db, 'machines', afterUser, size),

    /** Inside a mining batch's transaction, before anything else: one mining batch at a time. */
    beginMiningBatch: () => beginDailyBatch(db, MINING_LOCK),

    /** The users of a mining batch: those with a running machine after `afterUser` up to `lastUser`. */
    miningUsers: (b: { afterUser: bigint; lastUser: bigint }) =>
      sql`SELECT m.user_id FROM machines m WHERE ${inMiningBatch(b)}`,

    /**
     * What a mining batch pays, for `day`, the running machines of the users after `afterUser` up to `lastUser`,
     * as the set-based source of bookBatch (domain/ledger/book-batch.ts), like pledges.settlementSource: each
     * machine earns least(daily_income, cap - mined so far) AIDF, mined so far being the total of its latest
     * machine_mining row; one that reaches its cap is out. The (machine, day) key makes a second run of the same
     * day claim nothing; a day older than a machine's latest mining day mines nothing (the machine mines until its
     * cap anyway). Rows of type `income`; `claimed` counts the machines paid.
     */
    miningSource(b: {
      day: string;
      afterUser: bigint;
      lastUser: bigint;
      movementId: bigint;
      income: string;
    }): BatchSource {
      const day = sql`${b.day}::date`;
      return {
        rows: 'paid',
        claimed: sql`(SELECT count(*) FROM claimed)`,
        ctes: sql`
        due AS (
          SELECT m.id, m.user_id, m.cap, coalesce(l.total, 0) AS mined,
                 least(m.daily_income, m.cap - coalesce(l.total, 0)) AS amount
          FROM machines m
          LEFT JOIN LATERAL (
            SELECT x.day, x.total FROM machine_mining x WHERE x.machine_id = m.id ORDER BY x.day DESC LIMIT 1
          ) l ON true
          WHERE ${inMiningBatch(b)} AND m.start_day < ${day} AND (l.day IS NULL OR l.day < ${day})
        ),
        claimed AS (
          INSERT INTO machine_mining (machine_id, day, amount, total, movement_id)
          SELECT d.id, ${day}, d.amount, d.mined + d.amount, ${b.movementId}::bigint
          FROM due d WHERE d.amount > 0
          ON CONFLICT DO NOTHING
          RETURNING machine_id, amount, total
        ),
        -- Only the machines that reach their cap today are updated; their figures are written once, final.
        went_out AS (
          UPDATE machines m SET status = 'out', out_at = now(), mined = c.total, last_mined_day = ${day}
          FROM claimed c
          WHERE m.id = c.machine_id AND c.total >= m.cap
          RETURNING m.id
        ),
        paid (user_id, type, amount) AS (
          SELECT m.user_id, ${b.income}::text, c.amount
          FROM claimed c JOIN machines m ON m.id = c.machine_id -- a primary-key probe (CTE row counts are unknown)
        )`,
      };
    },
  };
}
