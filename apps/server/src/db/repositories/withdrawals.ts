import { and, asc, count, desc, eq, gte, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { rowsOf } from '../raw.ts';
import { hotWalletNonces, payoutVariants, withdrawals } from '../schema.ts';
import { usersRepository } from './users.ts';

export type WithdrawalStatus = 'requested' | 'awaiting-funds' | 'signed' | 'sent' | 'held' | 'confirmed' | 'refunded';
/** States of a payout never signed: the worker may sign it (0036_withdrawals_awaiting_funds.sql). */
export type UnsignedStatus = 'requested' | 'awaiting-funds';
export type WithdrawalRow = typeof withdrawals.$inferSelect;
/**
 * Payouts the hot wallet still has to make: not signed yet, signed or sent but not confirmed, or held for an
 * operator (who may release it). What they pay stays on the hot wallet, above its hotMax.
 */
export const OWED_BY_HOT_WALLET: readonly WithdrawalStatus[] = [
  'requested',
  'awaiting-funds',
  'signed',
  'sent',
  'held',
];

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
    /**
     * Today (UTC) by the database's clock: every instance counts a user's withdrawals of one day alike, whatever
     * its own clock says near midnight.
     */
    async today(): Promise<string> {
      const result = await db.execute(sql`SELECT (now() AT TIME ZONE 'UTC')::date::text AS day`);
      return (rowsOf<{ day: string }>(result)[0] as { day: string }).day;
    },

    async countOnDay(userId: bigint, utcDay: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(withdrawals)
        .where(and(eq(withdrawals.userId, userId), eq(withdrawals.utcDay, utcDay), ne(withdrawals.status, 'refunded')));
      return row?.n ?? 0;
    },

    /** What the payouts not yet confirmed will send from the hot wallet of `chain` in `currency` (decimal string). */
    async owedByHotWallet(chain: string, currency: string): Promise<string> {
      const [row] = await db
        .select({ owed: sql<string>`coalesce(sum(${withdrawals.receiveAmount}), 0)::text` })
        .from(withdrawals)
        .where(
          and(
            eq(withdrawals.chain, chain),
            eq(withdrawals.currency, currency),
            inArray(withdrawals.status, [...OWED_BY_HOT_WALLET]),
          ),
        );
      return row?.owed ?? '0';
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

    /** Payouts set aside for an operator, oldest first (chain-status). */
    async held(limit = 50): Promise<WithdrawalRow[]> {
      return db
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.status, 'held'))
        .orderBy(asc(withdrawals.heldAt))
        .limit(limit);
    },

    async countByStatus() {
      return db.select({ status: withdrawals.status, n: count() }).from(withdrawals).groupBy(withdrawals.status);
    },

    /**
     * The signed transaction is recorded before it is ever sent: after a crash the same bytes go out again.
     * Run inside the signing transaction, which also records the variant (addVariant).
     */
    async markSigned(
      id: bigint,
      s: { hotWallet: string; nonce: bigint; signedTx: string; txHash: string; pricedAtBlock: bigint },
      from: UnsignedStatus = 'requested',
    ) {
      const rows = await db
        .update(withdrawals)
        .set({ ...s, status: 'signed', signedAt: sql`now()` })
        .where(and(eq(withdrawals.id, id), eq(withdrawals.status, from)))
        .returning({ id: withdrawals.id });
      return rows.length === 1;
    },

    /** Keeps a signed variant of a payout (its first bytes or a gas-price replacement), before it is sent. */
    async addVariant(withdrawalId: bigint, v: { txHash: string; signedTx: string }) {
      await db
        .insert(payoutVariants)
        .values({ withdrawalId, ...v })
        .onConflictDoNothing();
    },

    /** Hashes of every signed variant of a payout, the current one first. */
    async variantHashes(w: { id: bigint; txHash: string | null }): Promise<string[]> {
      const rows = await db
        .select({ txHash: payoutVariants.txHash })
        .from(payoutVariants)
        .where(eq(payoutVariants.withdrawalId, w.id))
        .orderBy(desc(payoutVariants.createdAt));
      const hashes = rows.map((r) => r.txHash);
      return w.txHash ? [w.txHash, ...hashes.filter((h) => h !== w.txHash)] : hashes;
    },

    /**
     * The replacement of a payout's current bytes (same nonce, higher gas price) becomes the current one; false
     * when the payout moved on meanwhile (mined, settled, or replaced by another worker).
     */
    async replaceSigned(id: bigint, from: string, to: { signedTx: string; txHash: string; pricedAtBlock: bigint }) {
      const rows = await db
        .update(withdrawals)
        .set({ ...to, sentAt: null })
        .where(and(eq(withdrawals.id, id), eq(withdrawals.txHash, from), eq(withdrawals.status, 'sent')))
        .returning({ id: withdrawals.id });
      return rows.length === 1;
    },

    /** A payout signed before priced_at_block existed starts its bump count now. */
    async setPricedAt(id: bigint, block: bigint) {
      await db
        .update(withdrawals)
        .set({ pricedAtBlock: block })
        .where(and(eq(withdrawals.id, id), sql`${withdrawals.pricedAtBlock} IS NULL`));
    },

    /** Sets a payout aside for an operator, with the reason; only from the state the caller saw. */
    async hold(id: bigint, from: WithdrawalStatus, reason: string) {
      const rows = await db
        .update(withdrawals)
        .set({ status: 'held', heldReason: reason.slice(0, 500), heldAt: sql`now()` })
        .where(and(eq(withdrawals.id, id), eq(withdrawals.status, from)))
        .returning({ id: withdrawals.id });
      return rows.length === 1;
    },

    /** An operator's retry: a held payout goes back to where it was (unsigned: requested; signed: signed). */
    async release(id: bigint) {
      const rows = await db
        .update(withdrawals)
        .set({
          status: sql`CASE WHEN ${withdrawals.signedTx} IS NULL THEN 'requested' ELSE 'signed' END`,
          heldReason: null,
          heldAt: null,
        })
        .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'held')))
        .returning({ status: withdrawals.status });
      return rows[0]?.status ?? null;
    },

    async markSent(id: bigint) {
      await db
        .update(withdrawals)
        .set({ status: 'sent', sentAt: sql`now()` })
        .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'signed')));
    },

    /** Last rebroadcast time, so a transaction the node dropped goes out again now and then. */
    async touchSent(id: bigint) {
      await db
        .update(withdrawals)
        .set({ sentAt: sql`now()` })
        .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'sent')));
    },

    /**
     * Ends a payout, only from the exact state its caller checked (a compare-and-set on the status and the
     * current signed bytes, `tx_hash`): false, changing nothing, when anything moved it meanwhile (a retry sent
     * it back to the worker, the worker signed, sent, replaced or ended it). Run in the transaction that posts
     * the payout's movement, so the money moves only with the state change the caller expected. `minedHash`
     * names the variant that was mined (a gas-price replacement or an earlier one).
     */
    async finish(
      id: bigint,
      expected: { status: WithdrawalStatus; txHash: string | null },
      end: {
        status: 'confirmed' | 'refunded';
        blockNumber: bigint | null;
        failure: string | null;
        settleMovementId: bigint;
        minedHash?: string | null;
      },
    ) {
      const endable: WithdrawalStatus[] = ['requested', 'awaiting-funds', 'signed', 'sent', 'held'];
      if (!endable.includes(expected.status)) return false;
      // Never signed: never paid.
      if (end.status === 'confirmed' && (expected.status === 'requested' || expected.status === 'awaiting-funds'))
        return false;
      const { minedHash, ...rest } = end;
      const rows = await db
        .update(withdrawals)
        .set({ ...rest, ...(minedHash ? { txHash: minedHash } : {}), finishedAt: sql`now()` })
        .where(
          and(
            eq(withdrawals.id, id),
            eq(withdrawals.status, expected.status),
            sql`${withdrawals.txHash} IS NOT DISTINCT FROM ${expected.txHash}`,
          ),
        )
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

    // --- Payouts that wait for funds (0036_withdrawals_awaiting_funds.sql) ---

    /**
     * A payout the hot wallet cannot cover waits, with the reason; only from the state the caller saw. 'started'
     * when it begins waiting now (the alert is raised once), 'still' when it was waiting already (the reason is
     * refreshed, its start kept), null when it moved meanwhile.
     */
    async markAwaiting(id: bigint, from: UnsignedStatus, reason: string): Promise<'started' | 'still' | null> {
      const rows = await db
        .update(withdrawals)
        .set({
          status: 'awaiting-funds',
          awaitingReason: reason.slice(0, 500),
          awaitingSince: from === 'awaiting-funds' ? sql`coalesce(${withdrawals.awaitingSince}, now())` : sql`now()`,
        })
        .where(and(eq(withdrawals.id, id), eq(withdrawals.status, from)))
        .returning({ id: withdrawals.id });
      if (rows.length !== 1) return null;
      return from === 'awaiting-funds' ? 'still' : 'started';
    },

    /** Payouts waiting for the hot wallet to be refilled, the longest waiting first (operators' list). */
    async awaitingFunds(limit = 50): Promise<WithdrawalRow[]> {
      return db
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.status, 'awaiting-funds'))
        .orderBy(asc(withdrawals.awaitingSince), asc(withdrawals.id))
        .limit(limit);
    },

    /**
     * Payouts of the hot wallet signed with a nonce at or above `fromNonce`: with `fromNonce` the wallet's
     * transaction count at a block, exactly those not mined by that block, whose tokens and gas that block's
     * balances still hold (whatever their state since: one mined and confirmed after it still took its share).
     */
    async signedFromNonce(hotWallet: string, fromNonce: bigint) {
      return db
        .select({ id: withdrawals.id, receiveAmount: withdrawals.receiveAmount, signedTx: withdrawals.signedTx })
        .from(withdrawals)
        .where(
          and(
            eq(withdrawals.chain, 'bsc'),
            eq(withdrawals.hotWallet, hotWallet),
            gte(withdrawals.nonce, fromNonce),
            isNotNull(withdrawals.signedTx),
          ),
        );
    },

    /** Forgets the nonces of a chain that no longer exists (a restarted dev chain). */
    async resetNonces(chain: string) {
      await db.delete(hotWalletNonces).where(eq(hotWalletNonces.chain, chain));
    },
  };
}
