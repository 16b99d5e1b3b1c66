import { ORDER_STATUS } from '@aidf/contract';
import { sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { rowsOf } from '../raw.ts';

/** The counts /metrics shows that no other repository already answers. */
export function opsGaugesRepository(db: AppDb) {
  return {
    /** Machine orders still waiting for payment, wholly or in part: what the order-expiry job will look at. */
    async pendingOrders(): Promise<number> {
      const result = await db.execute(sql`
        SELECT count(*)::int AS n FROM machine_orders
        WHERE status IN (${ORDER_STATUS.awaitingPayment}, ${ORDER_STATUS.pending})`);
      return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
    },

    /**
     * The confirmed BNB Smart Chain payouts mined after `sinceBlock`, newest first, at most `limit`: those a
     * reorganisation deeper than the confirmations could still have removed.
     */
    async recentConfirmedPayouts(sinceBlock: bigint, limit: number) {
      const result = await db.execute(sql`
        SELECT id::text AS id, tx_hash AS "txHash", block_number::text AS "blockNumber" FROM withdrawals
        WHERE chain = 'bsc' AND status = 'confirmed' AND block_number > ${sinceBlock.toString()}::bigint
        ORDER BY block_number DESC, id DESC LIMIT ${limit}`);
      return rowsOf<{ id: string; txHash: string; blockNumber: string }>(result);
    },
  };
}
