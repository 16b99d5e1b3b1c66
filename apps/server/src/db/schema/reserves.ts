import {
  bigint,
  bigserial,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { movements } from './ledger.ts';

/** Base units (10^-18 of a currency) per currency of a report, in the order of its `currencies`. */
const baseUnits = (name: string) => numeric(name, { precision: 78, scale: 0 }).array();

// Proof of reserves: one report per run, its Merkle sum tree and each user's leaf (0031_reserves_reports.sql).
export const reservesReports = pgTable('reserves_reports', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  status: text('status').notNull(),
  currencies: text('currencies').array().notNull(),
  baseUnitDecimals: integer('base_unit_decimals').notNull(),
  userCount: integer('user_count').notNull(),
  treeDepth: integer('tree_depth').notNull(),
  rootHash: text('root_hash'),
  rootSums: baseUnits('root_sums').notNull(),
  userBalances: jsonb('user_balances').notNull(),
  held: jsonb('held').notNull(),
  liabilities: jsonb('liabilities').notNull(),
  clearing: jsonb('clearing').notNull(),
  operatorCredits: jsonb('operator_credits').notNull(),
  issuance: jsonb('issuance').notNull(),
  chainHoldings: jsonb('chain_holdings'),
  alerts: jsonb('alerts'),
  // 2: two share leaves per user, nodes committing to each child's sums (0039_reserves_publication.sql).
  treeVersion: integer('tree_version').notNull().default(2),
  // The root published on BNB Smart Chain by the hot wallet: one transaction per report.
  publicationStatus: text('publication_status').notNull().default('pending'),
  publicationFrom: text('publication_from'),
  publicationNonce: bigint('publication_nonce', { mode: 'bigint' }),
  publicationGasPrice: numeric('publication_gas_price', { precision: 78, scale: 0 }),
  publicationPricedAtBlock: bigint('publication_priced_at_block', { mode: 'bigint' }),
  publicationSignedTx: text('publication_signed_tx'),
  publicationTxHash: text('publication_tx_hash'),
  publicationReplaced: text('publication_replaced').array().notNull().default([]),
  publicationSentAt: timestamp('publication_sent_at', { withTimezone: true }),
  publicationBlock: bigint('publication_block', { mode: 'bigint' }),
  publicationFee: numeric('publication_fee', { precision: 78, scale: 0 }),
  publicationFeeMovementId: bigint('publication_fee_movement_id', { mode: 'bigint' }).references(() => movements.id),
  publicationError: text('publication_error'),
});

export const reservesTreeNodes = pgTable(
  'reserves_tree_nodes',
  {
    reportId: bigint('report_id', { mode: 'bigint' })
      .notNull()
      .references(() => reservesReports.id, { onDelete: 'cascade' }),
    level: integer('level').notNull(),
    idx: integer('idx').notNull(),
    hash: text('hash').notNull(),
    sums: baseUnits('sums').notNull(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.level, t.idx] })],
);

export const reservesLeaves = pgTable(
  'reserves_leaves',
  {
    reportId: bigint('report_id', { mode: 'bigint' })
      .notNull()
      .references(() => reservesReports.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    /** 1 or 2: which of the user's two random shares. */
    share: smallint('share').notNull(),
    leafIndex: integer('leaf_index').notNull(),
    salt: text('salt').notNull(),
    balances: baseUnits('balances').notNull(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.userId, t.share] })],
);
