import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { hotWalletNonces, withdrawals } from '../schema.ts';
import { usersRepository } from './users.ts';

export type WithdrawalStatus = 'requested' | 'signed' | 'sent' | 'confirmed' | 'refunded';
export type WithdrawalRow = typeof withdrawals.$inferSelect;

export function withdrawalsRepository(db: AppDb) {
  return {
    /**
     * Serialises one user's withdrawal requests (the daily limit is counted under this lock); the same lock
     * as a deposit credit's, taken before any account (users.lockForMoney).
     */
    async lockUser(userId: bigint) {
      await usersRepository(db).lockForMoney([userId]);
    },

    async byIdem(idemKey: string): Promise<WithdrawalRow | null> {
      const [row] = await db.select().from(withdrawals).where(eq(withdrawals.idemKey, idemKey));
      return row ?? null;
    },

    async byId(id: bigint): Promise<WithdrawalRow | null> {
      const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
      return row ?? null;
    },

    /** Requests of the user on that UTC day that still count: a refunded (failed) payout gives its turn back. */
    async countOnDay(userId: bigint, utcDay: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(withdrawals)
        .where(and(eq(withdrawals.userId, userId), eq(withdrawals.utcDay, utcDay), ne(withdrawals.status, 'refunded')));
      return row?.n ?? 0;
    },

    async insert(row: typeof withdrawals.$inferInsert): Promise<WithdrawalRow> {
      const [inserted] = await db.insert(withdrawals).values(row).returning();
      if (!inserted) throw new Error('withdrawal insert returned nothing');
      return inserted;
    },

    async ofUser(userId: bigint, limit: number, offset: number) {
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(withdrawals)
          .where(eq(withdrawals.userId, userId))
          .orderBy(desc(withdrawals.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(withdrawals).where(eq(withdrawals.userId, userId)),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },

    async withStatus(statuses: WithdrawalStatus[], limit = 50): Promise<WithdrawalRow[]> {
      return db
        .select()
        .from(withdrawals)
        .where(inArray(withdrawals.status, statuses))
        .orderBy(asc(withdrawals.id))
        .limit(limit);
    },

    async countByStatus() {
      return db.select({ status: withdrawals.status, n: count() }).from(withdrawals).groupBy(withdrawals.status);
    },

    /** The signed transaction is recorded before it is ever sent: after a crash the same bytes go out again. */
    async markSigned(id: bigint, s: { hotWallet: string; nonce: bigint; signedTx: string; txHash: string }) {
      const rows = await db
        .update(withdrawals)
        .set({ ...s, status: 'signed', signedAt: sql`now()` })
        .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'requested')))
        .returning({ id: withdrawals.id });
      return rows.length === 1;
    },

    async markSent(id: bigint) {
      await db
        .update(withdrawals)
        .set({ status: 'sent', sentAt: sql`now()` })
        .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'signed')));
    },

    /** Last rebroadcast time, so a transaction the node dropped goes out again now and then. */
    async touchSent(id: bigint) {
      await db.update(withdrawals).set({ sentAt: sql`now()` }).where(eq(withdrawals.id, id));
    },

    /** Ends a payout once; false when another worker ended it first. */
    async finish(
      id: bigint,
      end: {
        status: 'confirmed' | 'refunded';
        blockNumber: bigint | null;
        failure: string | null;
        settleMovementId: bigint;
      },
    ) {
      const rows = await db
        .update(withdrawals)
        .set({ ...end, finishedAt: sql`now()` })
        .where(and(eq(withdrawals.id, id), inArray(withdrawals.status, ['signed', 'sent'])))
        .returning({ id: withdrawals.id });
      return rows.length === 1;
    },

    /** The hot wallet's next nonce, locked for the signing transaction; null before the first payout. */
    async lockNonce(chain: string, address: string): Promise<bigint | null> {
      const [row] = await db
        .select({ next: hotWalletNonces.nextNonce })
        .from(hotWalletNonces)
        .where(and(eq(hotWalletNonces.chain, chain), eq(hotWalletNonces.address, address)))
        .for('update');
      return row?.next ?? null;
    },

    /**
     * Raises the stored next nonce to at least the node's pending count (never lowers it): the first payout
     * starts from the node's count, and a transaction someone else sent from the hot wallet is stepped over.
     */
    async catchUpNonce(chain: string, address: string, pendingOnChain: bigint) {
      await db
        .insert(hotWalletNonces)
        .values({ chain, address, nextNonce: pendingOnChain })
        .onConflictDoUpdate({
          target: [hotWalletNonces.chain, hotWalletNonces.address],
          set: { nextNonce: sql`GREATEST(${hotWalletNonces.nextNonce}, EXCLUDED.next_nonce)` },
        });
    },

    async setNonce(chain: string, address: string, next: bigint) {
      await db
        .update(hotWalletNonces)
        .set({ nextNonce: next })
        .where(and(eq(hotWalletNonces.chain, chain), eq(hotWalletNonces.address, address)));
    },

    /** Forgets the nonces of a chain that no longer exists (a restarted dev chain). */
    async resetNonces(chain: string) {
      await db.delete(hotWalletNonces).where(eq(hotWalletNonces.chain, chain));
    },
  };
}
