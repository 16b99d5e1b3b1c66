import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { rowsOf } from '../raw.ts';
import { sweeps, treasuryTransactions, workRequests } from '../schema.ts';

export type SweepStatus = 'planned' | 'gas-funding' | 'sweeping' | 'swept' | 'skipped' | 'failed' | 'held';
/** The states a sweep can still leave: at most one of them per (chain, address, currency). */
export const OPEN_SWEEP_STATUSES: readonly SweepStatus[] = ['planned', 'gas-funding', 'sweeping', 'failed', 'held'];
export type SweepRow = typeof sweeps.$inferSelect;
export type SweepChain = 'bsc' | 'solana';

export type TreasuryTxStatus = 'signed' | 'sent' | 'confirmed' | 'failed' | 'replaced' | 'expired';
export type TreasuryTxRow = typeof treasuryTransactions.$inferSelect;

/**
 * The treasury's sweeps and the transactions it signs for them (0032_treasury_sweeps.sql). Every state change is a
 * compare-and-set on the state its caller saw, so two instances, or a retry after a crash, never move one twice.
 */
export function sweepsRepository(db: AppDb) {
  return {
    /** Plans a sweep; null when one is already open for that address and currency (the unique index). */
    async plan(row: {
      chain: SweepChain;
      currency: string;
      kind: 'deposit' | 'to-cold';
      fromAddress: string;
      userId: bigint | null;
      derivationIndex: number | null;
      toAddress: string;
      amount: bigint;
      status?: 'planned' | 'skipped';
      reason?: string | null;
    }): Promise<SweepRow | null> {
      const [inserted] = await db
        .insert(sweeps)
        .values({ ...row, amount: row.amount.toString(), status: row.status ?? 'planned', reason: row.reason ?? null })
        .onConflictDoNothing()
        .returning();
      return inserted ?? null;
    },

    async byId(id: bigint): Promise<SweepRow | null> {
      const [row] = await db.select().from(sweeps).where(eq(sweeps.id, id));
      return row ?? null;
    },

    async withStatus(chain: SweepChain, statuses: readonly SweepStatus[], limit = 200): Promise<SweepRow[]> {
      return db
        .select()
        .from(sweeps)
        .where(and(eq(sweeps.chain, chain), inArray(sweeps.status, [...statuses])))
        .orderBy(asc(sweeps.id))
        .limit(limit);
    },

    /** Moves a sweep from the state its caller saw; false when it had moved meanwhile. */
    async move(
      id: bigint,
      from: SweepStatus,
      to: SweepStatus,
      patch: Partial<
        Pick<SweepRow, 'gasTopup' | 'feePaid' | 'lastError' | 'reason' | 'operatorId' | 'amount' | 'toAddress'>
      > = {},
    ): Promise<boolean> {
      const moved = await db
        .update(sweeps)
        .set({
          ...patch,
          status: to,
          updatedAt: sql`now()`,
          ...(to === 'swept' ? { sweptAt: sql`now()` } : {}),
        })
        .where(and(eq(sweeps.id, id), eq(sweeps.status, from)))
        .returning({ id: sweeps.id });
      return moved.length === 1;
    },

    /**
     * A step failed: the sweep counts the attempt and goes to 'failed' (a later tick retries it), or to 'held' for
     * an operator once it has failed `maxAttempts` times. Answers the state it went to, or null if it had moved.
     */
    async fail(id: bigint, from: SweepStatus, error: string, maxAttempts: number): Promise<'failed' | 'held' | null> {
      const result = await db.execute(sql`
        UPDATE sweeps SET attempts = attempts + 1, last_error = ${error.slice(0, 500)}, updated_at = now(),
          status = CASE WHEN attempts + 1 >= ${maxAttempts} THEN 'held' ELSE 'failed' END
        WHERE id = ${id} AND status = ${from}
        RETURNING status`);
      const [row] = rowsOf<{ status: 'failed' | 'held' }>(result);
      return row?.status ?? null;
    },

    async insertTransaction(row: typeof treasuryTransactions.$inferInsert): Promise<TreasuryTxRow> {
      const [inserted] = await db.insert(treasuryTransactions).values(row).returning();
      if (!inserted) throw new Error('treasury transaction insert returned nothing');
      return inserted;
    },

    /** A sweep's transactions, oldest first. */
    async transactionsOf(sweepId: bigint): Promise<TreasuryTxRow[]> {
      return db
        .select()
        .from(treasuryTransactions)
        .where(eq(treasuryTransactions.sweepId, sweepId))
        .orderBy(asc(treasuryTransactions.id));
    },

    /** Moves a transaction from the state its caller saw; false when it had moved meanwhile. */
    async moveTransaction(
      id: bigint,
      from: TreasuryTxStatus,
      to: TreasuryTxStatus,
      patch: Partial<Pick<TreasuryTxRow, 'blockNumber' | 'feePaid' | 'feeMovementId'>> = {},
    ): Promise<boolean> {
      const moved = await db
        .update(treasuryTransactions)
        .set({
          ...patch,
          status: to,
          ...(to === 'sent' ? { sentAt: sql`now()` } : {}),
          ...(to === 'confirmed' ? { confirmedAt: sql`now()` } : {}),
        })
        .where(and(eq(treasuryTransactions.id, id), eq(treasuryTransactions.status, from)))
        .returning({ id: treasuryTransactions.id });
      return moved.length === 1;
    },

    /** Asks for a work now (an operator's sweep-now): the treasury's next tick takes it. */
    async requestWork(work: string, operatorId: bigint | null) {
      await db
        .insert(workRequests)
        .values({ work, operatorId })
        .onConflictDoUpdate({
          target: workRequests.work,
          set: { requestedAt: sql`now()`, operatorId, takenAt: null },
        });
    },

    /** Takes a pending request for the work; true once per request, whichever instance asks first. */
    async takeWorkRequest(work: string): Promise<boolean> {
      const taken = await db
        .update(workRequests)
        .set({ takenAt: sql`now()` })
        .where(and(eq(workRequests.work, work), sql`${workRequests.takenAt} IS NULL`))
        .returning({ work: workRequests.work });
      return taken.length === 1;
    },
  };
}
