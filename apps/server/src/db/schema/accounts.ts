import {
  type AnyPgColumn,
  bigint,
  bigserial,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Users, their bound addresses, sign-in (codes, sessions, used signatures), security changes and attempt limits.
 * Mirrors the SQL migrations (test/platform.api.test.ts checks them).
 */

export const users = pgTable('users', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  username: text('username').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  walletAddress: text('wallet_address'),
  chainCurrency: text('chain_currency'),
  email: text('email').unique(),
  passwordHash: text('password_hash'),
  inviterId: bigint('inviter_id', { mode: 'bigint' }).references((): AnyPgColumn => users.id),
});

export const boundAddresses = pgTable(
  'bound_addresses',
  {
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    walletAddress: text('wallet_address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.currency] })],
);

export const usedSignatures = pgTable(
  'used_signatures',
  {
    address: text('address').notNull(),
    signContent: text('sign_content').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.address, t.signContent] })],
);

export const emailCodes = pgTable('email_codes', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  email: text('email').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  /** 'login', 'bind-address' or 'address-book': a code works only for what it was sent for. */
  purpose: text('purpose').notNull().default('login'),
});

export const sessions = pgTable('sessions', {
  tokenHash: text('token_hash').primaryKey(),
  userId: bigint('user_id', { mode: 'bigint' })
    .notNull()
    .references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  userAgent: text('user_agent'),
  ipPrefix: text('ip_prefix'),
  deviceKey: text('device_key'),
  signInWallet: text('sign_in_wallet'),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
});

// Security changes of an account and the hold on money leaving it (0007_security_hold.sql).
export const securityChanges = pgTable('security_changes', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  userId: bigint('user_id', { mode: 'bigint' })
    .notNull()
    .references(() => users.id),
  kind: text('kind').notNull(),
  currency: text('currency'),
  walletAddress: text('wallet_address'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  holdUntil: timestamp('hold_until', { withTimezone: true }).notNull(),
});

// Fixed-window attempt counters (0009_attempt_limits.sql; login_failures is gone).
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key, t.windowStart] })],
);

// A user's inbox, the e-mails that go with it and the user's notification settings (0040_notifications.sql).
export const notifications = pgTable('notifications', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  userId: bigint('user_id', { mode: 'bigint' })
    .notNull()
    .references(() => users.id),
  kind: text('kind').notNull(),
  params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
  sourceKey: text('source_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  readAt: timestamp('read_at', { withTimezone: true }),
});

export const mailOutbox = pgTable('mail_outbox', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  notificationId: bigint('notification_id', { mode: 'bigint' })
    .notNull()
    .references(() => notifications.id),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  status: text('status').notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

export const notificationSettings = pgTable('notification_settings', {
  userId: bigint('user_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => users.id),
  antiPhishingWord: text('anti_phishing_word'),
  language: text('language').notNull().default('en'),
  emailOptOut: text('email_opt_out').array().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
