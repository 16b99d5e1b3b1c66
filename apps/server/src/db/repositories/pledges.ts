import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { rowsOf } from '../raw.ts';
import { pledgePayouts, pledges } from '../schema.ts';

export type PledgeRow = typeof pledges.$inferSelect;

/** Any fixed number: the advisory lock that settlement batches take one at a time. */
const SETTLEMENT_LOCK = 7_301_010;
export type PledgeFilter = 'all' | 'running' | 'completed';

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
      const [row] = await db.select().from(pledges).where(eq(pledges.idemKey, idemKey));
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
        db.select().from(pledges).where(where).orderBy(desc(pledges.id)).limit(limit).offset(offset),
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

    /** Ids of running pledges due a payment on `day` and not yet paid for it, after `afterId`, in id order. */
    async unpaidOn(day: string, afterId: bigint, limit: number): Promise<bigint[]> {
      const result = await db.execute(sql`
        SELECT p.id::text AS id FROM pledges p
        WHERE p.status = 'running' AND p.id > ${afterId} AND p.start_day < ${day}::date
          AND NOT EXISTS (SELECT 1 FROM pledge_payouts x WHERE x.pledge_id = p.id AND x.day = ${day}::date)
        ORDER BY p.id LIMIT ${limit}`);
      return rowsOf<{ id: string }>(result).map((r) => BigInt(r.id));
    },

    /**
     * Pays one batch of pledges for `day` in set-based statements, inside the caller's transaction: each pays
     * its cumulative true-up (due up to the day, truncated to the base unit, less what it was paid), and on its
     * last day also its principal back to the normal balance. The (pledge, day) key of pledge_payouts makes a
     * second payment of the same day claim nothing. Answers how many pledges this call paid.
     */
    async settleBatch(b: {
      day: string;
      ids: bigint[];
      movementIdemKey: string;
      issuanceAccountId: bigint;
      poolAccountId: bigint;
    }): Promise<number> {
      const ids = `{${b.ids.join(',')}}`;
      // One settlement batch at a time across instances: each batch then reads every pledge's paid as the
      // batch before it left it (two runs of different days never pay from the same stale figure), at the cost
      // of one lock instead of a row lock on each pledge.
      await db.execute(sql`SELECT pg_advisory_xact_lock(${SETTLEMENT_LOCK})`);
      const [movement] = rowsOf<{ id: string }>(
        await db.execute(sql`
          INSERT INTO movements (type, idem_key, ref) VALUES ('cow-fund-settlement', ${b.movementIdemKey}, ${b.day})
          ON CONFLICT (idem_key) DO NOTHING RETURNING id::text AS id`),
      );
      if (!movement) return 0; // another runner paid this very batch
      // Accounts in id order: the order every movement locks accounts in.
      await db.execute(sql`
        SELECT a.id FROM accounts a
        WHERE a.id IN (${b.issuanceAccountId}, ${b.poolAccountId})
           OR (a.kind = 'user' AND a.currency = 'aidf' AND a.submode = '00'
               AND a.owner_user_id IN (SELECT user_id FROM pledges WHERE id = ANY(${ids}::bigint[])))
        ORDER BY a.id FOR UPDATE`);
      const [counts] = rowsOf<{ claimed: string; entries: string; unbooked: string }>(
        await db.execute(sql`
        WITH claimed AS (
          INSERT INTO pledge_payouts (pledge_id, day, amount, principal, movement_id)
          SELECT p.id, ${b.day}::date,
                 greatest(trunc(p.amount * p.rate / 100 * least(${b.day}::date - p.start_day, p.days) / p.days, 18)
                          - p.paid, 0),
                 CASE WHEN ${b.day}::date - p.start_day >= p.days THEN p.amount ELSE 0 END,
                 ${movement.id}::bigint
          FROM pledges p
          WHERE p.id = ANY(${ids}::bigint[]) AND p.status = 'running' AND p.start_day < ${b.day}::date
          ON CONFLICT DO NOTHING
          RETURNING pledge_id, amount, principal
        ),
        updated AS (
          UPDATE pledges p
          SET paid = p.paid + c.amount, paid_days = least(${b.day}::date - p.start_day, p.days),
              last_paid_day = ${b.day}::date,
              status = CASE WHEN c.principal > 0 THEN 'completed' ELSE 'running' END,
              completed_at = CASE WHEN c.principal > 0 THEN now() END
          FROM claimed c
          WHERE p.id = c.pledge_id
          RETURNING p.id, p.user_id, c.amount, c.principal
        ),
        -- Every CTE reads the snapshot from before this statement: a.balance is the balance before the batch.
        user_lines AS (
          SELECT a.id AS account_id, a.balance AS before, u.id AS pledge_id, k.kind, k.amount, k.type
          FROM updated u
          JOIN accounts a ON a.kind = 'user' AND a.owner_user_id = u.user_id AND a.currency = 'aidf' AND a.submode = '00'
          CROSS JOIN LATERAL (VALUES (1, u.amount, 'cow-fund-settlement'), (2, u.principal, 'cow-fund-release'))
            AS k(kind, amount, type)
          WHERE k.amount > 0
        ),
        lines AS (
          SELECT * FROM user_lines
          UNION ALL
          SELECT ${b.issuanceAccountId}::bigint, (SELECT balance FROM accounts WHERE id = ${b.issuanceAccountId}),
                 0::bigint, 0, -sum(amount), 'cow-fund-settlement'
          FROM user_lines WHERE kind = 1 HAVING count(*) > 0
          UNION ALL
          SELECT ${b.poolAccountId}::bigint, (SELECT balance FROM accounts WHERE id = ${b.poolAccountId}),
                 0::bigint, 0, -sum(amount), 'cow-fund-release'
          FROM user_lines WHERE kind = 2 HAVING count(*) > 0
        ),
        running AS (
          SELECT l.*,
                 sum(l.amount) OVER (PARTITION BY l.account_id) AS total,
                 sum(l.amount) OVER (PARTITION BY l.account_id ORDER BY l.pledge_id, l.kind) AS upto
          FROM lines l
        ),
        moved AS (
          UPDATE accounts a SET balance = a.balance + t.total
          FROM (SELECT DISTINCT account_id, total FROM running) t
          WHERE a.id = t.account_id
          RETURNING a.id
        ),
        written AS (
          INSERT INTO entries (movement_id, account_id, type, amount, balance_after)
          SELECT ${movement.id}::bigint, r.account_id, r.type, r.amount, r.before + r.upto
          FROM running r
          RETURNING 1
        )
        SELECT (SELECT count(*) FROM claimed)::text AS claimed, (SELECT count(*) FROM written)::text AS entries,
               ((SELECT count(*) FROM claimed WHERE amount > 0) + (SELECT count(*) FROM claimed WHERE principal > 0)
                 - (SELECT count(*) FROM user_lines))::text AS unbooked,
               (SELECT count(*) FROM moved)::text AS moved`),
      );
      // A payment claimed without its ledger line would be money owed and never booked: undo the batch.
      if (counts?.unbooked !== '0')
        throw new Error(`settlement batch for ${b.day} left ${counts?.unbooked} lines unbooked`);
      return Number(counts?.claimed ?? 0);
    },
  };
}
