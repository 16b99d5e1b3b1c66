import {
  bigint,
  bigserial,
  boolean,
  date,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { money, scanCursorTable } from './columns.ts';
import { movements } from './ledger.ts';

/**
 * The AI miner: price items, orders, machines, mining, payments, hints and cursors (0015_ai_miner.sql).
 * Mirrors the SQL migrations (test/platform.api.test.ts checks them).
 */

export const machinePriceItems = pgTable('machine_price_items', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  worth: money('worth').notNull(),
  onSale: boolean('on_sale').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text('updated_by').notNull().default('seed'),
});

export const machineOrders = pgTable('machine_orders', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  userId: bigint('user_id', { mode: 'bigint' })
    .notNull()
    .references(() => users.id),
  itemId: bigint('item_id', { mode: 'bigint' })
    .notNull()
    .references(() => machinePriceItems.id),
  worth: money('worth').notNull(),
  status: smallint('status').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  closedAt: timestamp('closed_at', { withTimezone: true }),
  holdMovementId: bigint('hold_movement_id', { mode: 'bigint' }).references(() => movements.id),
  // 0026_order_terms.sql: the mining terms when the order was placed (null before that migration).
  dailyRate: numeric('daily_rate', { precision: 20, scale: 8 }),
  capMultiple: numeric('cap_multiple', { precision: 20, scale: 8 }),
  // 0024_machine_order_chain_heads.sql: each chain's head as the collection watcher last saw it at opening.
  chainHeadsAtOpen: jsonb('chain_heads_at_open').$type<ChainHeads>(),
});

/** 0029_machine_amount_rows.sql: a price item's amount per currency of its price (no row: not used). */
export const machinePriceItemAmounts = pgTable(
  'machine_price_item_amounts',
  {
    itemId: bigint('item_id', { mode: 'bigint' })
      .notNull()
      .references(() => machinePriceItems.id),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.currency] })],
);

/**
 * 0029_machine_amount_rows.sql: an order's amounts per currency of its price: the price, what the balance did not
 * cover (lack) and what confirmed on-chain payments covered of the lack (paid).
 */
export const machineOrderAmounts = pgTable(
  'machine_order_amounts',
  {
    orderId: bigint('order_id', { mode: 'bigint' })
      .notNull()
      .references(() => machineOrders.id),
    currency: text('currency').notNull(),
    price: money('price').notNull(),
    lack: money('lack').notNull().default('0'),
    paid: money('paid').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.currency] })],
);

/** Per chain: the chain instance (genesis hash) and its newest block the collection watcher had seen. */
export type ChainHeads = Partial<Record<'bsc' | 'solana', { genesis: string; head: string }>>;

export const machines = pgTable('machines', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  userId: bigint('user_id', { mode: 'bigint' })
    .notNull()
    .references(() => users.id),
  orderId: bigint('order_id', { mode: 'bigint' })
    .notNull()
    .unique()
    .references(() => machineOrders.id),
  worth: money('worth').notNull(),
  dailyIncome: money('daily_income').notNull(),
  cap: money('cap').notNull(),
  mined: money('mined').notNull().default('0'),
  startDay: date('start_day').notNull(),
  lastMinedDay: date('last_mined_day'),
  status: text('status').notNull().default('running'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  outAt: timestamp('out_at', { withTimezone: true }),
});

export const machineMining = pgTable(
  'machine_mining',
  {
    machineId: bigint('machine_id', { mode: 'bigint' })
      .notNull()
      .references(() => machines.id),
    day: date('day').notNull(),
    amount: money('amount').notNull(),
    movementId: bigint('movement_id', { mode: 'bigint' })
      .notNull()
      .references(() => movements.id),
  },
  (t) => [primaryKey({ columns: [t.machineId, t.day] })],
);

export const machinePayments = pgTable('machine_payments', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  chain: text('chain').notNull(),
  // 0020_machine_payment_genesis.sql: the chain instance, part of the payment's unique key.
  genesisHash: text('genesis_hash').notNull(),
  txHash: text('tx_hash').notNull(),
  eventIndex: text('event_index').notNull(),
  blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
  blockHash: text('block_hash'),
  currency: text('currency').notNull(),
  tokenContract: text('token_contract'),
  fromAddress: text('from_address'),
  toAddress: text('to_address').notNull(),
  amount: money('amount').notNull(),
  state: text('state').notNull().default('seen'),
  userId: bigint('user_id', { mode: 'bigint' }).references(() => users.id),
  orderId: bigint('order_id', { mode: 'bigint' }).references(() => machineOrders.id),
  appliedAmount: money('applied_amount').notNull().default('0'),
  creditedAmount: money('credited_amount').notNull().default('0'),
  movementId: bigint('movement_id', { mode: 'bigint' }).references(() => movements.id),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  settledAt: timestamp('settled_at', { withTimezone: true }),
});

export const machineOrderHints = pgTable(
  'machine_order_hints',
  {
    chain: text('chain').notNull(),
    txHash: text('tx_hash').notNull(),
    orderId: bigint('order_id', { mode: 'bigint' })
      .notNull()
      .references(() => machineOrders.id),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  // 0028_order_hints_per_user.sql: one hint per (transaction, user), so nobody can squat another's transaction.
  (t) => [primaryKey({ columns: [t.chain, t.txHash, t.userId] })],
);

// 0018_miner_payments.sql added the reorganisation check and the operator's view to the collection watcher's cursor.
export const machinePaymentCursors = scanCursorTable('machine_payment_cursors');
