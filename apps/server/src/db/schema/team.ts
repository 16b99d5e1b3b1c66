import { bigint, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { movements } from './ledger.ts';

/**
 * The invitation tree's closure, team volumes and star levels, purchases counted, bonuses paid.
 * Mirrors the SQL migrations (test/platform.api.test.ts checks them).
 */

// The invitation tree's closure, team volumes and star levels, purchases counted, bonuses paid
// (0017_team.sql).
export const teamTree = pgTable(
  'team_tree',
  {
    ancestorId: bigint('ancestor_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    descendantId: bigint('descendant_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    depth: integer('depth').notNull(),
  },
  (t) => [primaryKey({ columns: [t.descendantId, t.ancestorId] })],
);

export const teamStats = pgTable('team_stats', {
  userId: bigint('user_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => users.id),
  directCount: integer('direct_count').notNull().default(0),
  teamVolume: numeric('team_volume', { precision: 48, scale: 18 }).notNull().default('0'),
  ownVolume: numeric('own_volume', { precision: 48, scale: 18 }).notNull().default('0'),
  level: integer('level').notNull().default(0),
});

export const teamPurchases = pgTable('team_purchases', {
  orderId: bigint('order_id', { mode: 'bigint' }).primaryKey(),
  buyerId: bigint('buyer_id', { mode: 'bigint' })
    .notNull()
    .references(() => users.id),
  worth: numeric('worth', { precision: 48, scale: 18 }).notNull(),
  boughtAt: timestamp('bought_at', { withTimezone: true }).notNull(),
  movementId: bigint('movement_id', { mode: 'bigint' }).references(() => movements.id),
});

export const teamBonuses = pgTable(
  'team_bonuses',
  {
    orderId: bigint('order_id', { mode: 'bigint' })
      .notNull()
      .references(() => teamPurchases.orderId),
    beneficiaryId: bigint('beneficiary_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    buyerId: bigint('buyer_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    depth: integer('depth').notNull(),
    level: integer('level').notNull(),
    rate: numeric('rate', { precision: 20, scale: 8 }).notNull(),
    rateBelow: numeric('rate_below', { precision: 20, scale: 8 }).notNull(),
    due: numeric('due', { precision: 48, scale: 18 }).notNull(),
    amount: numeric('amount', { precision: 48, scale: 18 }).notNull(),
    note: text('note').notNull(),
    movementId: bigint('movement_id', { mode: 'bigint' })
      .notNull()
      .references(() => movements.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.beneficiaryId, t.type] })],
);
