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
  };
}
