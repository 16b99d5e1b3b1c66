import { bigint, bigserial, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { withdrawals } from './chain.ts';
import { movements } from './ledger.ts';

/**
 * Operators, their sessions, proposals (four eyes) and the audit trail.
 * Mirrors the SQL migrations (test/platform.api.test.ts checks them).
 */

export const operatorActions = pgTable('operator_actions', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  operator: text('operator').notNull(),
  action: text('action').notNull(),
  movementId: bigint('movement_id', { mode: 'bigint' }).references(() => movements.id),
  reason: text('reason').notNull(),
  detail: jsonb('detail').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  // 0023_operator_audit.sql: one audit row per operator action, never updated or deleted.
  role: text('role').notNull(),
  target: text('target'),
  before: jsonb('before_value'),
  after: jsonb('after_value'),
  clientAddress: text('client_address'),
});

// 0022_operators.sql: operators are named people with accounts and sessions, never one shared token.
export const operators = pgTable('operators', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  username: text('username').notNull().unique(),
  role: text('role').notNull(),
  passwordHash: text('password_hash').notNull(),
  totpSecret: text('totp_secret').notNull(),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  // 0025_announcement_drafts.sql: the first successful sign-in; until then POST /ops/v1/auth/enroll shows the QR.
  firstLoginAt: timestamp('first_login_at', { withTimezone: true }),
  // 0027_operator_four_eyes.sql: who approved the account (null: created at once by OPERATOR_TOKEN), disabling.
  approvedBy: text('approved_by'),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  disabledBy: text('disabled_by'),
});

// 0038_operator_bootstrap.sql: the first two admins ever; the second's creation ends the bootstrap for good.
export const operatorBootstrap = pgTable('operator_bootstrap', {
  id: smallint('id').primaryKey().default(1),
  firstAdmin: text('first_admin').notNull(),
  secondAdmin: text('second_admin'),
  endedAt: timestamp('ended_at', { withTimezone: true }),
});

export const operatorSessions = pgTable('operator_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  operatorId: bigint('operator_id', { mode: 'bigint' })
    .notNull()
    .references(() => operators.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// 0023_operator_audit.sql: four eyes on money.
export const operatorProposals = pgTable('operator_proposals', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  kind: text('kind').notNull(),
  userId: bigint('user_id', { mode: 'bigint' }).references(() => users.id),
  withdrawalId: bigint('withdrawal_id', { mode: 'bigint' }).references(() => withdrawals.id),
  payload: jsonb('payload').notNull(),
  reason: text('reason').notNull(),
  requestId: text('request_id').unique(),
  status: text('status').notNull().default('proposed'),
  proposedBy: text('proposed_by').notNull(),
  approvedBy: text('approved_by'),
  movementId: bigint('movement_id', { mode: 'bigint' }).references(() => movements.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  appliedAt: timestamp('applied_at', { withTimezone: true }),
  // 0027_operator_four_eyes.sql: proposals expire and can be withdrawn.
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  withdrawnBy: text('withdrawn_by'),
  withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
});

// 0041_withdraw_safety.sql: one user's own withdrawal limit, written when a second operator approves its raise.
export const withdrawLimitOverrides = pgTable(
  'withdraw_limit_overrides',
  {
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    period: text('period').notNull(),
    amount: numeric('amount', { precision: 48, scale: 18 }).notNull(),
    proposalId: bigint('proposal_id', { mode: 'bigint' })
      .notNull()
      .references(() => operatorProposals.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.currency, t.period] })],
);
