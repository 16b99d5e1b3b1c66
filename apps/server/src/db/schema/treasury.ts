import { bigint, bigserial, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { movements } from './ledger.ts';
import { operators } from './operators.ts';

/** A chain's base units (wei, lamports, a token's smallest unit): whole numbers up to 78 digits. */
const baseUnits = (name: string) => numeric(name, { precision: 78, scale: 0 });

// The treasury's sweeps, the transactions it signs and the work operators ask for now (0032_treasury_sweeps.sql).
export const sweeps = pgTable('sweeps', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  chain: text('chain').notNull(),
  currency: text('currency').notNull(),
  kind: text('kind').notNull(),
  fromAddress: text('from_address').notNull(),
  userId: bigint('user_id', { mode: 'bigint' }).references(() => users.id),
  derivationIndex: integer('derivation_index'),
  toAddress: text('to_address').notNull(),
  amount: baseUnits('amount').notNull(),
  status: text('status').notNull(),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  reason: text('reason'),
  operatorId: bigint('operator_id', { mode: 'bigint' }).references(() => operators.id),
  gasTopup: baseUnits('gas_topup'),
  feePaid: baseUnits('fee_paid'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  sweptAt: timestamp('swept_at', { withTimezone: true }),
});

export const treasuryTransactions = pgTable('treasury_transactions', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  chain: text('chain').notNull(),
  sweepId: bigint('sweep_id', { mode: 'bigint' })
    .notNull()
    .references(() => sweeps.id),
  purpose: text('purpose').notNull(),
  fromAddress: text('from_address').notNull(),
  toAddress: text('to_address').notNull(),
  amount: baseUnits('amount').notNull(),
  nonce: bigint('nonce', { mode: 'bigint' }),
  recentBlockhash: text('recent_blockhash'),
  gasPrice: baseUnits('gas_price'),
  /** The block at which gas_price was chosen (0033): a replacement comes `bumpAfterBlocks` later. */
  pricedAtBlock: bigint('priced_at_block', { mode: 'bigint' }),
  signedTx: text('signed_tx').notNull(),
  txHash: text('tx_hash').notNull(),
  status: text('status').notNull(),
  blockNumber: bigint('block_number', { mode: 'bigint' }),
  feePaid: baseUnits('fee_paid'),
  feeMovementId: bigint('fee_movement_id', { mode: 'bigint' }).references(() => movements.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
});

export const workRequests = pgTable('work_requests', {
  work: text('work').primaryKey(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  operatorId: bigint('operator_id', { mode: 'bigint' }).references(() => operators.id),
  takenAt: timestamp('taken_at', { withTimezone: true }),
});
