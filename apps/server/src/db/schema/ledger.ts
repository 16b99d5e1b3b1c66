import { bigint, bigserial, date, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * The double-entry ledger (accounts, movements, entries), token configs, settings and the jobs layer.
 * Mirrors the SQL migrations (test/platform.api.test.ts checks them).
 */

export const tokenConfigs = pgTable(
  'token_configs',
  {
    chainCurrency: text('chain_currency').notNull(),
    currency: text('currency').notNull(),
    contractAddress: text('contract_address'),
    decimals: integer('decimals').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainCurrency, t.currency] })],
);

export const accounts = pgTable('accounts', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  kind: text('kind').notNull(),
  ownerUserId: bigint('owner_user_id', { mode: 'bigint' }).references(() => users.id),
  platformCode: text('platform_code'),
  currency: text('currency').notNull(),
  submode: text('submode').notNull().default('00'),
  balance: numeric('balance', { precision: 48, scale: 18 }).notNull().default('0'),
});

export const movements = pgTable('movements', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  type: text('type').notNull(),
  idemKey: text('idem_key').notNull().unique(),
  ref: text('ref'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const entries = pgTable('entries', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  movementId: bigint('movement_id', { mode: 'bigint' })
    .notNull()
    .references(() => movements.id),
  accountId: bigint('account_id', { mode: 'bigint' })
    .notNull()
    .references(() => accounts.id),
  type: text('type').notNull(),
  amount: numeric('amount', { precision: 48, scale: 18 }).notNull(),
  balanceAfter: numeric('balance_after', { precision: 48, scale: 18 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// Settings, the jobs layer and pledges (migration 0013).
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text('updated_by').notNull().default('seed'),
});

export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    day: date('day').notNull(),
    status: text('status').notNull(),
    owner: text('owner').notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    items: bigint('items', { mode: 'bigint' }).notNull().default(0n),
  },
  (t) => [primaryKey({ columns: [t.job, t.day] })],
);

/**
 * What each daily paying job of jobs/registry.ts (dailyPayingJob) paid: one row per (job, item, day), so a repeated
 * day or a resumed run pays an item once (0043_daily_payouts.sql).
 */
export const dailyPayouts = pgTable(
  'daily_payouts',
  {
    job: text('job').notNull(),
    itemId: bigint('item_id', { mode: 'bigint' }).notNull(),
    day: date('day').notNull(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    amount: numeric('amount', { precision: 48, scale: 18 }).notNull(),
    movementId: bigint('movement_id', { mode: 'bigint' })
      .notNull()
      .references(() => movements.id),
  },
  (t) => [primaryKey({ columns: [t.job, t.itemId, t.day] })],
);
