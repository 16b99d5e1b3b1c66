import { bigint, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** An amount column: 48 digits, 18 after the point (token amounts). Not a table: schema.ts does not export it. */
export const money = (name: string) => numeric(name, { precision: 48, scale: 18 });

/**
 * A chain watcher's cursor, per chain: the next block to scan, the last scanned block's hash and the chain instance
 * (reorganisations, a reset chain), and the operator's view of its health. The deposit, invest and machine-payment
 * watchers each keep a table of these (chain_cursors, invest_cursors, machine_payment_cursors).
 */
export const scanCursorColumns = () => ({
  chain: text('chain').primaryKey(),
  nextBlock: bigint('next_block', { mode: 'bigint' }).notNull(),
  lastBlockHash: text('last_block_hash'),
  genesisHash: text('genesis_hash').notNull(),
  headBlock: bigint('head_block', { mode: 'bigint' }),
  scannedAt: timestamp('scanned_at', { withTimezone: true }),
  rpcErrors: bigint('rpc_errors', { mode: 'bigint' }).notNull().default(0n),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
});

/**
 * A table of scan cursors. Its name is typed as any string, so the three tables share one type and one repository
 * (db/repositories/scan-cursors.ts) serves them all.
 */
export const scanCursorTable = (name: string) => pgTable(name, scanCursorColumns());

export type ScanCursorTable = ReturnType<typeof scanCursorTable>;
