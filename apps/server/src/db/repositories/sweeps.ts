import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { rowsOf } from '../raw.ts';
import { sweeps, treasuryTransactions, workRequests } from '../schema.ts';

export type SweepStatus = 'planned' | 'gas-funding' | 'sweeping' | 'swept' | 'skipped' | 'failed' | 'held';
export type SweepRow = typeof sweeps.$inferSelect;
export type SweepChain = 'bsc' | 'solana';

export type TreasuryTxStatus = 'signed' | 'sent' | 'confirmed' | 'failed' | 'replaced' | 'expired';
export type TreasuryTxRow = typeof treasuryTransactions.$inferSelect;

/** A transaction signed or sent may still land: it is followed, never signed again, and its sweep not given up. */
export const isLive = (t: Pick<TreasuryTxRow, 'status'>) => t.status === 'signed' || t.status === 'sent';

/**
 * Where a sweep taken up again (after a failure, or an operator's retry) resumes, from the transactions it
 * recorded: a live sweep transaction is followed ('sweeping'), a live gas top-up waited for ('gas-funding');
 * otherwise 'planned', which tops up only the gas still missing and signs the transfer anew.
 */
export function resumeState(txs: Pick<TreasuryTxRow, 'status' | 'purpose'>[]): SweepStatus {
  if (txs.some((t) => isLive(t) && t.purpose === 'sweep')) return 'sweeping';
  if (txs.some((t) => isLive(t) && t.purpose === 'gas-topup')) return 'gas-funding';
  return 'planned';
}

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

    // --- Solana sweeps (domain/treasury/solana-sweeper.ts) ---

    /**
     * Per Solana deposit address and currency: what was credited there (chain_deposits, whole units) and what its
     * sweeps took away (base units: swept ones, and those an operator skipped, which are not swept again), whether
     * a sweep is open for it, and the amount of its newest skipped sweep (a skip below the threshold is written
     * once per amount, not on every tick).
     */
    async solanaDepositBalances(): Promise<
      {
        address: string;
        currency: string;
        userId: bigint;
        derivationIndex: number;
        credited: string;
        swept: bigint;
        open: boolean;
        lastSkipped: bigint | null;
      }[]
    > {
      const result = await db.execute(sql`
        SELECT d.to_address AS address, d.currency, a.user_id, a.derivation_index, sum(d.amount)::text AS credited,
          (SELECT coalesce(sum(s.amount), 0)::text FROM sweeps s
            WHERE s.chain = 'solana' AND s.kind = 'deposit' AND s.from_address = d.to_address
              AND s.currency = d.currency
              AND (s.status = 'swept' OR (s.status = 'skipped' AND s.operator_id IS NOT NULL))) AS swept,
          EXISTS (SELECT 1 FROM sweeps s WHERE s.chain = 'solana' AND s.from_address = d.to_address
              AND s.currency = d.currency AND s.status IN ('planned', 'gas-funding', 'sweeping', 'failed', 'held'))
            AS open,
          (SELECT s.amount::text FROM sweeps s WHERE s.chain = 'solana' AND s.from_address = d.to_address
              AND s.currency = d.currency ORDER BY s.id DESC LIMIT 1) AS last_amount,
          (SELECT s.status FROM sweeps s WHERE s.chain = 'solana' AND s.from_address = d.to_address
              AND s.currency = d.currency ORDER BY s.id DESC LIMIT 1) AS last_status
        FROM chain_deposits d
        JOIN deposit_addresses a ON a.address = d.to_address AND a.chain_currency = 'sol'
        WHERE d.chain = 'solana'
        GROUP BY d.to_address, d.currency, a.user_id, a.derivation_index
        ORDER BY a.derivation_index, d.currency`);
      return rowsOf<{
        address: string;
        currency: string;
        user_id: string | bigint;
        derivation_index: number;
        credited: string;
        swept: string;
        open: boolean;
        last_amount: string | null;
        last_status: string | null;
      }>(result).map((r) => ({
        address: r.address,
        currency: r.currency,
        userId: BigInt(r.user_id),
        derivationIndex: Number(r.derivation_index),
        credited: r.credited,
        swept: BigInt(r.swept),
        open: r.open === true || (r.open as unknown) === 't',
        lastSkipped: r.last_status === 'skipped' && r.last_amount !== null ? BigInt(r.last_amount) : null,
      }));
    },

    /** A sweep's newest transaction still in flight ('signed' or 'sent'), if any. */
    async openTransactionOf(sweepId: bigint): Promise<TreasuryTxRow | null> {
      const [row] = await db
        .select()
        .from(treasuryTransactions)
        .where(and(eq(treasuryTransactions.sweepId, sweepId), inArray(treasuryTransactions.status, ['signed', 'sent'])))
        .orderBy(desc(treasuryTransactions.id))
        .limit(1);
      return row ?? null;
    },

    /** Notes a step's error on a sweep without moving it (it resumes from where it is). */
    async noteError(id: bigint, error: string) {
      await db
        .update(sweeps)
        .set({ lastError: error.slice(0, 500), updatedAt: sql`now()` })
        .where(eq(sweeps.id, id));
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
