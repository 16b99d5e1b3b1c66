import { bigint, bigserial, date, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { scanCursorTable } from './columns.ts';
import { movements } from './ledger.ts';

/**
 * On-chain money: deposit addresses and watchers, withdrawals and payouts, worker leases, the invest contract.
 * Mirrors the SQL migrations (test/platform.api.test.ts checks them).
 */

export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    chainCurrency: text('chain_currency').notNull(),
    address: text('address').notNull().unique(),
    /** The index the address was derived at (BIP-44 address index on EVM, account index on Solana). */
    derivationIndex: integer('derivation_index').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.chainCurrency] })],
);

/** Solana deposit addresses the treasury derived ahead; a row with a user is handed out (deposit-address-pool.ts). */
export const solanaDepositPool = pgTable('solana_deposit_pool', {
  derivationIndex: integer('derivation_index').primaryKey(),
  address: text('address').notNull().unique(),
  userId: bigint('user_id', { mode: 'bigint' }).references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  assignedAt: timestamp('assigned_at', { withTimezone: true }),
});

export const workerLeases = pgTable('worker_leases', {
  name: text('name').primaryKey(),
  owner: text('owner').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const workerHealth = pgTable('worker_health', {
  name: text('name').primaryKey(),
  lastOkAt: timestamp('last_ok_at', { withTimezone: true }),
  errors: bigint('errors', { mode: 'bigint' }).notNull().default(0n),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
});

export const chainCursors = scanCursorTable('chain_cursors');

export const chainDeposits = pgTable('chain_deposits', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  chain: text('chain').notNull(),
  genesisHash: text('genesis_hash').notNull(),
  txHash: text('tx_hash').notNull(),
  eventIndex: text('event_index').notNull(),
  blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
  blockHash: text('block_hash'),
  userId: bigint('user_id', { mode: 'bigint' })
    .notNull()
    .references(() => users.id),
  currency: text('currency').notNull(),
  tokenContract: text('token_contract'),
  fromAddress: text('from_address'),
  toAddress: text('to_address').notNull(),
  amount: numeric('amount', { precision: 48, scale: 18 }).notNull(),
  movementId: bigint('movement_id', { mode: 'bigint' })
    .notNull()
    .references(() => movements.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const withdrawals = pgTable('withdrawals', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  userId: bigint('user_id', { mode: 'bigint' })
    .notNull()
    .references(() => users.id),
  chain: text('chain').notNull(),
  currency: text('currency').notNull(),
  toAddress: text('to_address').notNull(),
  amount: numeric('amount', { precision: 48, scale: 18 }).notNull(),
  fee: numeric('fee', { precision: 48, scale: 18 }).notNull(),
  receiveAmount: numeric('receive_amount', { precision: 48, scale: 18 }).notNull(),
  utcDay: date('utc_day').notNull(),
  idemKey: text('idem_key').notNull().unique(),
  requestMovementId: bigint('request_movement_id', { mode: 'bigint' })
    .notNull()
    .references(() => movements.id),
  status: text('status').notNull(),
  hotWallet: text('hot_wallet'),
  nonce: bigint('nonce', { mode: 'bigint' }),
  signedTx: text('signed_tx'),
  txHash: text('tx_hash').unique(),
  blockNumber: bigint('block_number', { mode: 'bigint' }),
  failure: text('failure'),
  settleMovementId: bigint('settle_movement_id', { mode: 'bigint' }).references(() => movements.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  signedAt: timestamp('signed_at', { withTimezone: true }),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  // 0008_payout_isolation.sql: held for an operator (one payout blocks no other), and when the bytes were priced.
  heldReason: text('held_reason'),
  heldAt: timestamp('held_at', { withTimezone: true }),
  pricedAtBlock: bigint('priced_at_block', { mode: 'bigint' }),
  // 0036_withdrawals_awaiting_funds.sql: since when and why a payout waits for the hot wallet to be refilled.
  awaitingSince: timestamp('awaiting_since', { withTimezone: true }),
  awaitingReason: text('awaiting_reason'),
});

export const hotWalletNonces = pgTable(
  'hot_wallet_nonces',
  {
    chain: text('chain').notNull(),
    address: text('address').notNull(),
    nextNonce: bigint('next_nonce', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chain, t.address] })],
);

// Every signed variant of a payout, one nonce, several gas prices (0008_payout_isolation.sql).
export const payoutVariants = pgTable('payout_variants', {
  txHash: text('tx_hash').primaryKey(),
  withdrawalId: bigint('withdrawal_id', { mode: 'bigint' })
    .notNull()
    .references(() => withdrawals.id),
  signedTx: text('signed_tx').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// The invest contract's watcher cursor and the Invested events it recorded (0014_invest.sql).
export const investCursors = scanCursorTable('invest_cursors');

export const chainInvests = pgTable('chain_invests', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  chain: text('chain').notNull(),
  genesisHash: text('genesis_hash').notNull(),
  txHash: text('tx_hash').notNull(),
  logIndex: integer('log_index').notNull(),
  blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
  blockHash: text('block_hash').notNull(),
  contractAddress: text('contract_address').notNull(),
  fromAddress: text('from_address').notNull(),
  amount: numeric('amount', { precision: 48, scale: 18 }).notNull(),
  userId: bigint('user_id', { mode: 'bigint' }).references(() => users.id),
  movementId: bigint('movement_id', { mode: 'bigint' }).references(() => movements.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  // 0037_chain_credits.sql: the AIDF Transfer log the event was paired with, and why it was not credited.
  transferLogIndex: integer('transfer_log_index'),
  notCredited: text('not_credited'),
});

/**
 * One row per chain transfer credited, whatever the kind (0037_chain_credits.sql): the primary key makes a second
 * credit of the same (chain, genesis, transaction, event) impossible.
 */
export const chainCredits = pgTable(
  'chain_credits',
  {
    chain: text('chain').notNull(),
    genesisHash: text('genesis_hash').notNull(),
    txHash: text('tx_hash').notNull(),
    eventIndex: text('event_index').notNull(),
    kind: text('kind').notNull(),
    movementId: bigint('movement_id', { mode: 'bigint' })
      .notNull()
      .references(() => movements.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chain, t.genesisHash, t.txHash, t.eventIndex] })],
);
