import { sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { rowsOf } from '../raw.ts';

/** What the chain watchers last saw of a chain: the newest head and how far their scans reached. */
export type ChainProgress = { head: bigint; scannedTo: bigint };

/**
 * What a receipt's confirmations are derived from, read from what the watchers record (no RPC per request): the
 * heads and cursors of the three watchers' cursor tables, and the block each on-chain leg was recorded in.
 */
export function confirmationsRepository(db: AppDb) {
  return {
    /** Per chain: the newest head any watcher saw, and the last block any of them scanned (confirmed by then). */
    async progress(): Promise<Map<string, ChainProgress>> {
      const result = await db.execute(sql`
        SELECT chain, max(head_block)::text AS head, (max(next_block) - 1)::text AS scanned_to FROM (
          SELECT chain, head_block, next_block FROM chain_cursors
          UNION ALL SELECT chain, head_block, next_block FROM invest_cursors
          UNION ALL SELECT chain, head_block, next_block FROM machine_payment_cursors
        ) c WHERE head_block IS NOT NULL GROUP BY chain`);
      const rows = rowsOf<{ chain: string; head: string; scanned_to: string }>(result);
      return new Map(rows.map((r) => [r.chain, { head: BigInt(r.head), scannedTo: BigInt(r.scanned_to) }]));
    },

    /**
     * The chain and block of each of these transactions, where a watcher or the payout worker recorded it: a
     * deposit, a payout, a miner payment or an invest. Several events of one transaction share its block.
     */
    async blocksOf(txHashes: string[]): Promise<Map<string, { chain: string; block: bigint }>> {
      if (txHashes.length === 0) return new Map();
      const list = sql.join(
        txHashes.map((h) => sql`${h}`),
        sql`, `,
      );
      const result = await db.execute(sql`
        SELECT DISTINCT ON (tx_hash) tx_hash, chain, block_number::text AS block FROM (
          SELECT tx_hash, chain, block_number FROM chain_deposits WHERE tx_hash IN (${list})
          UNION ALL SELECT tx_hash, chain, block_number FROM withdrawals
            WHERE tx_hash IN (${list}) AND block_number IS NOT NULL
          UNION ALL SELECT tx_hash, chain, block_number FROM machine_payments WHERE tx_hash IN (${list})
          UNION ALL SELECT tx_hash, chain, block_number FROM chain_invests WHERE tx_hash IN (${list})
        ) b ORDER BY tx_hash, block_number`);
      const rows = rowsOf<{ tx_hash: string; chain: string; block: string }>(result);
      return new Map(rows.map((r) => [r.tx_hash, { chain: r.chain, block: BigInt(r.block) }]));
    },
  };
}
