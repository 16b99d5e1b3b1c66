import {
  bigint,
  bigserial,
  boolean,
  date,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { movements } from './ledger.ts';

/**
 * Pledges and their daily payouts.
 * Mirrors the SQL migrations (test/platform.api.test.ts checks them).
 */

export const pledges = pgTable('pledges', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  userId: bigint('user_id', { mode: 'bigint' })
    .notNull()
    .references(() => users.id),
  amount: numeric('amount', { precision: 48, scale: 18 }).notNull(),
  days: integer('days').notNull(),
  rate: numeric('rate', { precision: 20, scale: 8 }).notNull(),
  submode: text('submode').notNull(),
  startDay: date('start_day').notNull(),
  endDay: date('end_day').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  paid: numeric('paid', { precision: 48, scale: 18 }).notNull().default('0'),
  paidDays: integer('paid_days').notNull().default(0),
  lastPaidDay: date('last_paid_day'),
  status: text('status').notNull().default('running'),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  idemKey: text('idem_key').notNull().unique(),
  movementId: bigint('movement_id', { mode: 'bigint' })
    .notNull()
    .references(() => movements.id),
  autoRenew: boolean('auto_renew').notNull().default(false),
  /** The pledge this one renews at its maturity (auto-renew), unique: a pledge renews once. */
  renewedFrom: bigint('renewed_from', { mode: 'bigint' }).unique(),
  /** What maturity did with auto-renew on: 'renewed', or why the principal came back ('not-offered', 'out-of-bounds'). */
  renewal: text('renewal'),
});

export const pledgePayouts = pgTable(
  'pledge_payouts',
  {
    pledgeId: bigint('pledge_id', { mode: 'bigint' })
      .notNull()
      .references(() => pledges.id),
    day: date('day').notNull(),
    amount: numeric('amount', { precision: 48, scale: 18 }).notNull(),
    principal: numeric('principal', { precision: 48, scale: 18 }).notNull().default('0'),
    movementId: bigint('movement_id', { mode: 'bigint' })
      .notNull()
      .references(() => movements.id),
  },
  (t) => [primaryKey({ columns: [t.pledgeId, t.day] })],
);
