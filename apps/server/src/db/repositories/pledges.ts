import { and, count, desc, eq, getTableColumns, isNull, type SQL, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { pledgePayouts, pledges } from '../schema.ts';
import { type BatchSource, beginDailyBatch, nextBatchEnd } from './batch-booking.ts';

export type PledgeRow = typeof pledges.$inferSelect;

/** Any fixed number: the advisory lock that settlement batches take one at a time. */
const SETTLEMENT_LOCK = 7_301_010;
export type PledgeFilter = 'all' | 'running' | 'completed';

const inSettlementBatch = (b: { afterUser: bigint; lastUser: bigint }) =>
  sql`p.status = 'running' AND p.user_id > ${b.afterUser} AND p.user_id <= ${b.lastUser}`;

/**
 * RULES.md "Pledge": what a pledge has earned after `elapsed` whole days (capped at its `days`), truncated to the
 * base unit: the SQL twin of the contract's pledgeDueUpTo, held to the same figures by a property test
 * (pledge-interest-property.api.test.ts). Computed as one exact integer division in base units (div truncates
 * exactly): NUMERIC's `/` rounds its quotient at a scale of its own, which could round a figure up by one base
 * unit before trunc cut it (for example 100.000000009933333317 at 6.00000003 % over 90 days).
 */
export function pledgeDueSql(amount: SQL, rate: SQL, days: SQL, elapsed: SQL): SQL {
  return sql`(div(${amount} * ${rate} * least(${elapsed}, ${days}) * 1e18, 100 * ${days}) * 1e-18)`;
}

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

/** What auto-renew at maturity needs: the day's rate of each period (a period at rate 0 is not offered), the amount range, the buy's type. */
export interface RenewalTerms {
  rates: Record<number, string>;
  min: string;
  max: string;
  /** The line type of the renewed pledge's principal taken again from the normal balance. */
  buy: string;
}

/**
 * Auto-renew (RULES.md "Pledge"), after the settlement's `claimed` CTE: matured (the pledges whose principal
 * comes back today, with what auto-renew does: null when off, 'renewed', or why not), renewed (the new pledges, one
 * INSERT...SELECT; renewed_from is unique, so a rerun of the day renews nothing twice). A renewed pledge starts on
 * the maturity day, same period, at the day's rate, from the normal balance (the principal released to it), with
 * auto-renew still on; it never counts against the daily pledge limit.
 */
function renewalCtes(terms: RenewalTerms, day: SQL, movementId: bigint): SQL {
  const rates = sql.join(
    Object.entries(terms.rates).map(([days, rate]) => sql`(${Number(days)}::int, ${rate}::numeric)`),
    sql`, `,
  );
  return sql`
        matured AS (
          SELECT p.id, p.user_id, p.amount, p.days, r.rate,
                 CASE WHEN NOT p.auto_renew THEN NULL
                      WHEN r.rate IS NULL OR r.rate <= 0 THEN 'not-offered'
                      WHEN p.amount < ${terms.min}::numeric OR p.amount > ${terms.max}::numeric THEN 'out-of-bounds'
                      ELSE 'renewed' END AS renewal
          FROM claimed c JOIN pledges p ON p.id = c.pledge_id
          LEFT JOIN (VALUES ${rates}) AS r(days, rate) ON r.days = p.days
          WHERE c.principal > 0
        ),
        renewed AS (
          INSERT INTO pledges (user_id, amount, days, rate, submode, start_day, end_day, idem_key, movement_id,
                               auto_renew, renewed_from)
          SELECT m.user_id, m.amount, m.days, m.rate, '00', ${day}, ${day} + m.days, 'renew:' || m.id::text,
                 ${movementId}::bigint, true, m.id
          FROM matured m WHERE m.renewal = 'renewed'
          ON CONFLICT DO NOTHING
          RETURNING user_id, amount
        )`;
}

export function pledgesRepository(db: AppDb) {
  const byId = async (id: bigint) => {
    const [row] = await db.select(withPaid).from(pledges).where(eq(pledges.id, id));
    return row ?? null;
  };
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
      autoRenew: boolean;
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
        .where(and(eq(pledges.userId, userId), eq(pledges.startDay, day), isNull(pledges.renewedFrom)));
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

    /** Sets a running pledge's auto-renew before its maturity day; answers the pledge, or null when none such. */
    async setAutoRenew(userId: bigint, pledgeId: bigint, on: boolean, today: string) {
      const [row] = await db
        .update(pledges)
        .set({ autoRenew: on })
        .where(
          and(
            eq(pledges.id, pledgeId),
            eq(pledges.userId, userId),
            eq(pledges.status, 'running'),
            sql`${pledges.endDay} > ${today}::date`,
          ),
        )
        .returning({ id: pledges.id });
      return row ? byId(row.id) : null;
    },

    byId,

    async payoutsOf(pledgeId: bigint) {
      return db
        .select({ day: pledgePayouts.day, amount: pledgePayouts.amount, principal: pledgePayouts.principal })
        .from(pledgePayouts)
        .where(eq(pledgePayouts.pledgeId, pledgeId))
        .orderBy(pledgePayouts.day);
    },

    /** The last user of the next settlement batch after user `afterUser` (batch-booking.ts nextBatchEnd). */
    nextBatchEnd: (afterUser: bigint, size: number) => nextBatchEnd(db, 'pledges', afterUser, size),

    /** Inside a settlement batch's transaction, before anything else: one settlement batch at a time. */
    beginSettlementBatch: () => beginDailyBatch(db, SETTLEMENT_LOCK),

    /** The users of a settlement batch: those with a running pledge after `afterUser` up to `lastUser`. */
    settlementUsers: (b: { afterUser: bigint; lastUser: bigint }) =>
      sql`SELECT p.user_id FROM pledges p WHERE ${inSettlementBatch(b)}`,

    /**
     * What a settlement batch pays, for `day`, the running pledges of the users after `afterUser` up to
     * `lastUser`, as the set-based source of bookBatch (domain/ledger/book-batch.ts): each pledge its cumulative
     * true-up (due up to the day, pledgeDueSql, less the total of its latest payout row), and on its last day also
     * its principal back. The (pledge, day) key of pledge_payouts makes a second payment of the same day claim
     * nothing; a day older than a pledge's latest payout pays nothing (the true-up already covered it). Rows of
     * type `settlement` (the interest) and `release` (the principal); `claimed` counts the pledges paid.
     */
    settlementSource(b: {
      day: string;
      afterUser: bigint;
      lastUser: bigint;
      movementId: bigint;
      settlement: string;
      release: string;
      renewal: RenewalTerms;
    }): BatchSource {
      const day = sql`${b.day}::date`;
      return {
        rows: 'paid',
        claimed: sql`(SELECT count(*) FROM claimed)`,
        ctes: sql`
        due AS (
          SELECT p.id, p.user_id, p.amount, p.days, p.start_day, coalesce(l.total, 0) AS paid,
                 ${pledgeDueSql(sql`p.amount`, sql`p.rate`, sql`p.days`, sql`${day} - p.start_day`)} AS due
          FROM pledges p
          LEFT JOIN LATERAL (
            SELECT x.day, x.total FROM pledge_payouts x WHERE x.pledge_id = p.id ORDER BY x.day DESC LIMIT 1
          ) l ON true
          WHERE ${inSettlementBatch(b)} AND p.start_day < ${day} AND (l.day IS NULL OR l.day < ${day})
        ),
        claimed AS (
          INSERT INTO pledge_payouts (pledge_id, day, amount, principal, total, movement_id)
          SELECT d.id, ${day}, greatest(d.due - d.paid, 0),
                 CASE WHEN ${day} - d.start_day >= d.days THEN d.amount ELSE 0 END,
                 greatest(d.due, d.paid), ${b.movementId}::bigint
          FROM due d
          ON CONFLICT DO NOTHING
          RETURNING pledge_id, amount, principal, total
        ),
        ${renewalCtes(b.renewal, day, b.movementId)},
        -- Only the pledges that end today are updated; their figures are written once, final.
        completed AS (
          UPDATE pledges p
          SET status = 'completed', completed_at = now(), paid = c.total, paid_days = p.days,
              last_paid_day = ${day}, renewal = m.renewal
          FROM claimed c JOIN matured m ON m.id = c.pledge_id
          WHERE p.id = c.pledge_id
          RETURNING p.id
        ),
        paid (user_id, type, amount) AS (
          SELECT p.user_id, k.type, k.amount
          FROM claimed c JOIN pledges p ON p.id = c.pledge_id -- a primary-key probe (CTE row counts are unknown)
          CROSS JOIN LATERAL (VALUES (${b.settlement}::text, c.amount), (${b.release}::text, c.principal)) AS k(type, amount)
          UNION ALL
          SELECT r.user_id, ${b.renewal.buy}::text, -r.amount FROM renewed r
        )`,
      };
    },
  };
}
