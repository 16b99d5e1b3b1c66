import { and, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import type { ScanCursorTable } from '../schema/columns.ts';
import { chainCursors, investCursors, machinePaymentCursors } from '../schema.ts';

export type ScanCursorRow = ScanCursorTable['$inferSelect'];

/**
 * A chain watcher's cursors, one row per chain, in one of the tables of scanCursorTable(): what cursorScan
 * (domain/chain/cursor-scan.ts) moves, and what chain-status, the dashboard and the metrics read.
 */
export function scanCursorRepository(db: AppDb, table: ScanCursorTable) {
  return {
    async cursor(chain: string): Promise<ScanCursorRow | null> {
      const [row] = await db.select().from(table).where(eq(table.chain, chain));
      return row ?? null;
    },

    async all(): Promise<ScanCursorRow[]> {
      return db.select().from(table);
    },

    /**
     * Starts (or, for a chain with another genesis, restarts) the cursor at `nextBlock`; the head seen on the chain
     * before, if another one, says nothing of this one.
     */
    async reset(chain: string, genesisHash: string, nextBlock: bigint) {
      await db
        .insert(table)
        .values({ chain, genesisHash, nextBlock, lastBlockHash: null })
        .onConflictDoUpdate({
          target: table.chain,
          set: {
            genesisHash,
            nextBlock,
            lastBlockHash: null,
            lastError: null,
            lastErrorAt: null,
            headBlock: sql`CASE WHEN ${table.genesisHash} = ${genesisHash} THEN ${table.headBlock} END`,
          },
        });
    },

    /** Locks the cursor for the scan's transaction; false when it is not at `expectedNext` any more. */
    async lockAt(chain: string, expectedNext: bigint): Promise<boolean> {
      const [row] = await db
        .select({ nextBlock: table.nextBlock })
        .from(table)
        .where(eq(table.chain, chain))
        .for('update');
      return row?.nextBlock === expectedNext;
    },

    /** Moves the cursor; the head seen only rises (newestHead). */
    async advance(chain: string, nextBlock: bigint, lastBlockHash: string | null, headBlock: bigint) {
      await db
        .update(table)
        .set({ nextBlock, lastBlockHash, headBlock: newestHead(table, headBlock), scannedAt: sql`now()` })
        .where(eq(table.chain, chain));
    },

    /**
     * The newest block seen, when there was nothing new to scan; only on the chain instance the cursor is on
     * (a miner order opened later takes the head as "every block up to here was before me": order-lifecycle.ts).
     * It only rises (newestHead).
     */
    async noteHead(chain: string, genesisHash: string, headBlock: bigint) {
      await db
        .update(table)
        .set({ headBlock: newestHead(table, headBlock), scannedAt: sql`now()` })
        .where(and(eq(table.chain, chain), eq(table.genesisHash, genesisHash)));
    },

    /** A fault for the operator (chain-status): counted, its message kept. */
    async noteError(chain: string, message: string) {
      await db
        .update(table)
        .set({ rpcErrors: sql`${table.rpcErrors} + 1`, lastError: message.slice(0, 500), lastErrorAt: sql`now()` })
        .where(eq(table.chain, chain));
    },
  };
}

/**
 * The newest head seen, kept when a node answers an older one: an RPC node that fell behind (or a load balancer's
 * lagging replica) must not move the head back, or a miner order opened then would take a payment in a block
 * between the two heads as made for it although it was made before it opened (order-lifecycle.ts madeBeforeOrder).
 */
function newestHead(table: ScanCursorTable, headBlock: bigint) {
  return sql`GREATEST(${table.headBlock}, ${headBlock}::bigint)`;
}

/** The watchers' cursors: deposits (chain_cursors), invests (invest_cursors), miner payments (machine_payment_cursors). */
export function scanCursorRepositories(db: AppDb) {
  return {
    deposit: scanCursorRepository(db, chainCursors),
    invest: scanCursorRepository(db, investCursors),
    collection: scanCursorRepository(db, machinePaymentCursors),
  };
}

/** Which watcher's cursors: a key of repos.scanCursors. */
export type ScanCursorKind = keyof ReturnType<typeof scanCursorRepositories>;
