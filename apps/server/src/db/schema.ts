import { bigint, bigserial, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Mirrors the SQL migrations in ./migrations; schema.test.ts fails when the two drift apart.

export const users = pgTable('users', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  username: text('username').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  tokenHash: text('token_hash').primaryKey(),
  userId: bigint('user_id', { mode: 'bigint' })
    .notNull()
    .references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

export const announcements = pgTable('announcements', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  publishTime: timestamp('publish_time', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const announcementTranslations = pgTable(
  'announcement_translations',
  {
    announcementId: bigint('announcement_id', { mode: 'bigint' })
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    body: text('body').notNull(),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.language] })],
);

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
