import { bigint, bigserial, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** 0041_withdraw_safety.sql: the withdrawal address book and its 'address book only' switch. */
export const addressBook = pgTable('address_book', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  userId: bigint('user_id', { mode: 'bigint' })
    .notNull()
    .references(() => users.id),
  chain: text('chain').notNull(),
  label: text('label').notNull(),
  address: text('address').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  usableAt: timestamp('usable_at', { withTimezone: true }),
  removedAt: timestamp('removed_at', { withTimezone: true }),
});

export const addressBookOnly = pgTable('address_book_only', {
  userId: bigint('user_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => users.id),
  turnedOnAt: timestamp('turned_on_at', { withTimezone: true }).notNull(),
  offAt: timestamp('off_at', { withTimezone: true }),
});

export const userAuthenticators = pgTable('user_authenticators', {
  userId: bigint('user_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => users.id),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const authenticatorRecoveryCodes = pgTable('authenticator_recovery_codes', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  userId: bigint('user_id', { mode: 'bigint' })
    .notNull()
    .references(() => users.id),
  codeHash: text('code_hash').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
