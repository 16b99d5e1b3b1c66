import { COUNTERPARTY_TRANSACTION_TYPES } from '@aidf/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { accounts, chainDeposits, entries, withdrawals } from '../schema.ts';

/** The entry types of an internal transfer: a ticket about a transfer names one of these. */

/** A user's record as a ticket names it: what support needs to find it at once. */
export interface RecordRow {
  id: bigint;
  currency: string;
  amount: string;
  status: string | null;
  createdAt: Date;
}

/**
 * The records a ticket can be about, per kind: the user's latest ones (`id` omitted) or one of them by id
 * (null when it is not the user's). Reads the other features' tables; writes nothing.
 */
export function ticketRecordsRepository(db: AppDb) {
  return {
    async withdrawals(userId: bigint, limit: number, id?: bigint): Promise<RecordRow[]> {
      return db
        .select({
          id: withdrawals.id,
          currency: withdrawals.currency,
          amount: withdrawals.amount,
          status: withdrawals.status,
          createdAt: withdrawals.createdAt,
        })
        .from(withdrawals)
        .where(and(eq(withdrawals.userId, userId), id === undefined ? undefined : eq(withdrawals.id, id)))
        .orderBy(desc(withdrawals.id))
        .limit(limit);
    },

    async deposits(userId: bigint, limit: number, id?: bigint): Promise<RecordRow[]> {
      const rows = await db
        .select({
          id: chainDeposits.id,
          currency: chainDeposits.currency,
          amount: chainDeposits.amount,
          createdAt: chainDeposits.createdAt,
        })
        .from(chainDeposits)
        .where(and(eq(chainDeposits.userId, userId), id === undefined ? undefined : eq(chainDeposits.id, id)))
        .orderBy(desc(chainDeposits.id))
        .limit(limit);
      return rows.map((r) => ({ ...r, status: null }));
    },

    /** Transfers out and in, by their movement id; the amount is negative for money that left. */
    async transfers(userId: bigint, limit: number, id?: bigint): Promise<RecordRow[]> {
      const rows = await db
        .select({
          id: entries.movementId,
          currency: accounts.currency,
          amount: entries.amount,
          createdAt: entries.createdAt,
        })
        .from(entries)
        .innerJoin(accounts, eq(accounts.id, entries.accountId))
        .where(
          and(
            eq(accounts.ownerUserId, userId),
            inArray(entries.type, COUNTERPARTY_TRANSACTION_TYPES),
            id === undefined ? undefined : eq(entries.movementId, id),
          ),
        )
        .orderBy(desc(entries.id))
        .limit(limit);
      return rows.map((r) => ({ ...r, status: null }));
    },
  };
}
