import { bigint, bigserial, customType, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Announcements and tickets with their messages and image attachments.
 * Mirrors the SQL migrations (test/platform.api.test.ts checks them).
 */

export const announcements = pgTable('announcements', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  // 0025_announcement_drafts.sql: null while a draft.
  publishTime: timestamp('publish_time', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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

// Tickets, their messages and image attachments (0016_feedback.sql).
/** bytea as a Buffer (node-postgres answers a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const tickets = pgTable('tickets', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  userId: bigint('user_id', { mode: 'bigint' })
    .notNull()
    .references(() => users.id),
  status: text('status').notNull().default('open'),
  aboutKind: text('about_kind'),
  aboutId: text('about_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  waitingSince: timestamp('waiting_since', { withTimezone: true }).notNull().defaultNow(),
});

export const ticketMessages = pgTable('ticket_messages', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  ticketId: bigint('ticket_id', { mode: 'bigint' })
    .notNull()
    .references(() => tickets.id),
  author: text('author').notNull(),
  operator: text('operator'),
  content: text('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const attachmentBlobs = pgTable('attachment_blobs', {
  sha256: text('sha256').primaryKey(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const attachments = pgTable('attachments', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  userId: bigint('user_id', { mode: 'bigint' })
    .notNull()
    .references(() => users.id),
  sha256: text('sha256')
    .notNull()
    .references(() => attachmentBlobs.sha256),
  messageId: bigint('message_id', { mode: 'bigint' }).references(() => ticketMessages.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
