import { and, desc, eq, gt, lte, ne, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { operatorProposals } from '../schema.ts';

export type ProposalRow = typeof operatorProposals.$inferSelect;

/** Four eyes on money (0023_operator_audit.sql): proposals waiting for a second operator. */
export function operatorProposalsRepository(db: AppDb) {
  return {
    /** The new proposal; with a requestId already proposed, the one proposed then (a retried request). */
    async insert(p: {
      kind: string;
      userId?: bigint | null;
      withdrawalId?: bigint | null;
      payload: Record<string, unknown>;
      reason: string;
      requestId: string | null;
      proposedBy: string;
      expiresAt: Date;
    }): Promise<{ row: ProposalRow; replayed: boolean }> {
      const [row] = await db.insert(operatorProposals).values(p).onConflictDoNothing().returning();
      if (row) return { row, replayed: false };
      const [earlier] = await db
        .select()
        .from(operatorProposals)
        .where(eq(operatorProposals.requestId, p.requestId ?? ''));
      if (!earlier) throw new Error('proposal insert conflicted on nothing');
      return { row: earlier, replayed: true };
    },
    async byId(id: bigint) {
      const [row] = await db.select().from(operatorProposals).where(eq(operatorProposals.id, id));
      return row ?? null;
    },
    /**
     * Marks a proposal applied by `approver`, once: of any number of parallel approvals one gets the row, the
     * others (waiting on its lock, then seeing it applied) get null.
     */
    async claim(id: bigint, approver: string, now: Date) {
      const [row] = await db
        .update(operatorProposals)
        .set({ status: 'applied', approvedBy: approver, appliedAt: now })
        .where(
          and(
            eq(operatorProposals.id, id),
            eq(operatorProposals.status, 'proposed'),
            gt(operatorProposals.expiresAt, now),
            ne(operatorProposals.proposedBy, approver),
          ),
        )
        .returning();
      return row ?? null;
    },
    /** Withdraws an open proposal, once; null when it is no longer open (applied, withdrawn or expired). */
    async withdraw(id: bigint, by: string, now: Date) {
      const [row] = await db
        .update(operatorProposals)
        .set({ status: 'withdrawn', withdrawnBy: by, withdrawnAt: now })
        .where(
          and(
            eq(operatorProposals.id, id),
            eq(operatorProposals.status, 'proposed'),
            gt(operatorProposals.expiresAt, now),
          ),
        )
        .returning();
      return row ?? null;
    },
    async setMovement(id: bigint, movementId: bigint) {
      await db.update(operatorProposals).set({ movementId }).where(eq(operatorProposals.id, id));
    },
    /** Withdraws every open proposal of `proposer` (a disabled operator's); answers their ids. */
    async withdrawAllOf(proposer: string, by: string, now: Date): Promise<string[]> {
      const rows = await db
        .update(operatorProposals)
        .set({ status: 'withdrawn', withdrawnBy: by, withdrawnAt: now })
        .where(and(eq(operatorProposals.proposedBy, proposer), eq(operatorProposals.status, 'proposed')))
        .returning({ id: operatorProposals.id });
      return rows.map((r) => r.id.toString());
    },
    /** Newest first; `status` null for all; 'proposed' means still open (not expired), 'expired' the others. */
    async list(status: 'proposed' | 'applied' | 'withdrawn' | 'expired' | null, now: Date, limit: number) {
      const open = eq(operatorProposals.status, 'proposed');
      const where =
        status === 'proposed'
          ? and(open, gt(operatorProposals.expiresAt, now))
          : status === 'expired'
            ? and(open, lte(operatorProposals.expiresAt, now))
            : status
              ? eq(operatorProposals.status, status)
              : sql`true`;
      return db.select().from(operatorProposals).where(where).orderBy(desc(operatorProposals.id)).limit(limit);
    },
  };
}
