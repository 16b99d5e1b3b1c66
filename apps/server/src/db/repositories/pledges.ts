import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { rowsOf } from '../raw.ts';
import { pledgePayouts, pledges } from '../schema.ts';
import { bookingCtes, bookingUnbooked, indexWalksOnly, lockBookingAccounts } from './batch-booking.ts';

export type PledgeRow = typeof pledges.$inferSelect;

/** Any fixed number: the advisory lock that settlement batches take one at a time. */
const SETTLEMENT_LOCK = 7_301_010;
export type PledgeFilter = 'all' | 'running' | 'completed';

/**
 * A pledge with what it was paid so far read from its latest payout row (the settlement job no longer updates
 * the pledge row each day, only on its last day); its days paid follow from the latest payout's day
 * (pledgeProgress in the contract).
 */
const withPaid = {
  ...getTableColumns(pledges),
  paid: sql<string>`coalesce((SELECT x.total FROM pledge_payouts x WHERE x.pledge_id = ${pledges.id}
                              ORDER BY x.day DESC LIMIT 1), 0)::text`,
  lastPaidDay: sql<string | null>`(SELECT max(x.day)::text FROM pledge_payouts x WHERE x.pledge_id = ${pledges.id})`,
};

export function pledgesRepository(db: AppDb) {
  return {
    async insert(p: {
      userId: bigint;
      amount: string;
      days: number;
      rate: string;
      submode: string;
      startDay: string;
      idemKey: string;
      movementId: bigint;
    }): Promise<PledgeRow> {
      const [row] = await db
        .insert(pledges)
        .values({ ...p, endDay: sql`${p.startDay}::date + ${p.days}::int` })
        .returning();
      if (!row) throw new Error('pledge insert returned nothing');
      return row;
    },

    async byIdem(idemKey: string) {
      const [row] = await db.select(withPaid).from(pledges).where(eq(pledges.idemKey, idemKey));
      return row ?? null;
    },

    async countStartedOn(userId: bigint, day: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(pledges)
        .where(and(eq(pledges.userId, userId), eq(pledges.startDay, day)));
      return row?.n ?? 0;
    },

    async page(userId: bigint, filter: PledgeFilter, limit: number, offset: number) {
      const where = and(eq(pledges.userId, userId), filter === 'all' ? undefined : eq(pledges.status, filter));
      const [rows, totals] = await Promise.all([
        db.select(withPaid).from(pledges).where(where).orderBy(desc(pledges.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(pledges).where(where),
      ]);
      return { rows, total: totals[0]?.n ?? 0 };
    },

    async payoutsOf(pledgeId: bigint) {
      return db
        .select({ day: pledgePayouts.day, amount: pledgePayouts.amount, principal: pledgePayouts.principal })
        .from(pledgePayouts)
        .where(eq(pledgePayouts.pledgeId, pledgeId))
        .orderBy(pledgePayouts.day);
    },

    /**
     * The last user of the next settlement batch after user `afterUser`: the user of the `size`-th running pledge
     * after it (a batch takes whole users, so each user gets one ledger line a day), or the last user with a
     * running pledge when fewer are left; null when none is.
     */
    async nextBatchEnd(afterUser: bigint, size: number): Promise<bigint | null> {
      await indexWalksOnly(db); // an index walk of `size` entries, never a sort of every running item
      const [row] = rowsOf<{ last: string | null }>(
        await db.execute(sql`
          SELECT coalesce(
            (SELECT user_id FROM pledges WHERE status = 'running' AND user_id > ${afterUser}
             ORDER BY user_id OFFSET ${size - 1} LIMIT 1),
            (SELECT max(user_id) FROM pledges WHERE status = 'running' AND user_id > ${afterUser}))::text AS last`),
      );
      return row?.last ? BigInt(row.last) : null;
    },

    /**
     * Pays, for `day`, the running pledges of the users after `afterUser` up to `lastUser`, in set-based statements
     * inside the caller's transaction: each pledge its cumulative true-up (due up to the day, truncated to the base
     * unit, less the total of its latest payout row), and on its last day also its principal back. The
     * (pledge, day) key of pledge_payouts makes a second payment of the same day claim nothing; a day older than
     * a pledge's latest payout pays nothing (the true-up already covered it). The ledger gets one line per user
     * and type (the sum of the user's pledges), through batch-booking.ts. Answers how many pledges it paid.
     */
    async settleBatch(b: {
      day: string;
      afterUser: bigint;
      lastUser: bigint;
      movementIdemKey: string;
      issuanceAccountId: bigint;
      poolAccountId: bigint;
    }): Promise<number> {
      // One settlement batch at a time across instances: each batch then reads every pledge's latest payout as
      // the batch before it left it (two runs of different days never pay from the same stale total), at the cost
      // of one lock instead of a row lock on each pledge.
      await indexWalksOnly(db);
      await db.execute(sql`SELECT pg_advisory_xact_lock(${SETTLEMENT_LOCK})`);
      const [movement] = rowsOf<{ id: string }>(
        await db.execute(sql`
          INSERT INTO movements (type, idem_key, ref) VALUES ('cow-fund-settlement', ${b.movementIdemKey}, ${b.day})
          ON CONFLICT (idem_key) DO NOTHING RETURNING id::text AS id`),
      );
      if (!movement) return 0; // another runner paid this very batch
      const booking = {
        currency: 'aidf',
        submode: '00',
        counters: [
          { type: 'cow-fund-settlement', accountId: b.issuanceAccountId },
          { type: 'cow-fund-release', accountId: b.poolAccountId },
        ],
      };
      const inBatch = sql`p.status = 'running' AND p.user_id > ${b.afterUser} AND p.user_id <= ${b.lastUser}`;
      await lockBookingAccounts(db, booking, sql`SELECT p.user_id FROM pledges p WHERE ${inBatch}`);
      const [counts] = rowsOf<{ claimed: string; unbooked: string }>(
        await db.execute(sql`
        WITH due AS (
          SELECT p.id, p.user_id, p.amount, p.days, p.start_day, coalesce(l.total, 0) AS paid,
                 trunc(p.amount * p.rate / 100 * least(${b.day}::date - p.start_day, p.days) / p.days, 18) AS due
          FROM pledges p
          LEFT JOIN LATERAL (
            SELECT x.day, x.total FROM pledge_payouts x WHERE x.pledge_id = p.id ORDER BY x.day DESC LIMIT 1
          ) l ON true
          WHERE ${inBatch} AND p.start_day < ${b.day}::date AND (l.day IS NULL OR l.day < ${b.day}::date)
        ),
        claimed AS (
          INSERT INTO pledge_payouts (pledge_id, day, amount, principal, total, movement_id)
          SELECT d.id, ${b.day}::date, greatest(d.due - d.paid, 0),
                 CASE WHEN ${b.day}::date - d.start_day >= d.days THEN d.amount ELSE 0 END,
                 greatest(d.due, d.paid), ${movement.id}::bigint
          FROM due d
          ON CONFLICT DO NOTHING
          RETURNING pledge_id, amount, principal, total
        ),
        -- Only the pledges that end today are updated; their figures are written once, final.
        completed AS (
          UPDATE pledges p
          SET status = 'completed', completed_at = now(), paid = c.total, paid_days = p.days,
              last_paid_day = ${b.day}::date
          FROM claimed c
          WHERE p.id = c.pledge_id AND c.principal > 0
          RETURNING p.id
        ),
        paid (user_id, type, amount) AS (
          SELECT p.user_id, k.type, k.amount
          FROM claimed c JOIN pledges p ON p.id = c.pledge_id -- a primary-key probe (CTE row counts are unknown)
          CROSS JOIN LATERAL (VALUES ('cow-fund-settlement', c.amount), ('cow-fund-release', c.principal)) AS k(type, amount)
        ),
        ${bookingCtes({ ...booking, source: 'paid', movementId: BigInt(movement.id) })}
        SELECT (SELECT count(*) FROM claimed)::text AS claimed, ${bookingUnbooked}::text AS unbooked`),
      );
      // A payment claimed without its ledger line would be money owed and never booked: undo the batch.
      if (counts?.unbooked !== '0')
        throw new Error(`settlement batch for ${b.day} left ${counts?.unbooked} lines unbooked`);
      return Number(counts?.claimed ?? 0);
    },
  };
}
