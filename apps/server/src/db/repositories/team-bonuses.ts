import type { TTransactionType } from '@aidf/contract';
import { sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { rowsOf } from '../raw.ts';
import type { BatchSource } from './batch-booking.ts';
import { type LevelArrays, levelOf } from './team-levels.ts';

export interface PurchaseBonusInput {
  orderId: bigint;
  buyerId: bigint;
  /** The top of the buyer's tree, locked by lockRoot: the purchase reads that tree's tail only. */
  rootId: bigint;
  worth: string;
  /** The bonuses' movement; null when the buyer has no upline (and so no bonus). */
  movementId: bigint | null;
  levels: LevelArrays;
  directRate: string;
  peerRate: string;
  maxBonusPercent: string;
  /** The bonus types: direct, level, peer (domain/team/team-view.ts TEAM_BONUS_TYPES). */
  types: readonly [direct: TTransactionType, level: TTransactionType, peer: TTransactionType];
}

/** The bonuses of one purchase: computed over the buyer's line in one statement, then paid in one. */
export function teamBonusRepository(db: AppDb) {
  return {
    /**
     * ONE statement over the closure table for one purchase (its tree's root locked by lockRoot, its tail row
     * written by claimPurchase), reading and writing no upline's stats row: each upline's team volume is its
     * rolled-up volume plus the tail bought below it (the purchase's own worth included) and its level is
     * recomputed from that; then, walking the line by depth with window functions, the direct bonus (the
     * inviter), the level bonus (each upline its rate minus the highest rate already paid below) and the peer
     * bonus (the first upline of the same level as the highest level below, when exactly one of that level is
     * below), cut in line order to the maximum per purchase; each bonus row is written with its arithmetic.
     * Answers the uplines whose level changed, for saveLine; bookBatch then moves the money of those rows.
     *
     * The tail without a probe per (tail row, upline): the uplines of two users in one tree meet at their
     * nearest common upline and coincide above it, so a tail row counts for every upline from the depth (in the
     * buyer's line) of that meeting point up, found by walking the tail buyer's line upwards (team_tree_up_idx)
     * to the first user also in the buyer's line; a running sum by depth then adds the tail to each upline.
     */
    async computeBonuses(
      p: PurchaseBonusInput,
    ): Promise<{ bonuses: number; paid: string; changed: { userId: bigint; level: number }[] }> {
      const w = sql`${p.worth}::numeric`;
      const b = sql`${p.buyerId}::bigint`;
      const [row] = rowsOf<{ bonuses: string; paid: string; changed: string | null }>(
        await db.execute(sql`
        WITH line AS (
          SELECT ancestor_id AS user_id, depth FROM team_tree WHERE descendant_id = ${b}
        ),
        tail AS MATERIALIZED (
          SELECT p.worth,
                 CASE WHEN p.buyer_id = ${b} THEN 1 ELSE coalesce(
                   -- The tail buyer is in this line: its worth counts from the upline above it.
                   (SELECT l.depth + 1 FROM team_tree l WHERE l.descendant_id = ${b} AND l.ancestor_id = p.buyer_id),
                   -- Else from the nearest upline of the tail buyer that is this buyer or in this line (a probe
                   -- of this line's key per step up).
                   (SELECT CASE WHEN u.ancestor_id = ${b} THEN 1 ELSE (
                             SELECT lb.depth FROM team_tree lb WHERE lb.descendant_id = ${b} AND lb.ancestor_id = u.ancestor_id)
                           END
                    FROM team_tree u
                    WHERE u.descendant_id = p.buyer_id
                      AND (u.ancestor_id = ${b} OR EXISTS (
                        SELECT 1 FROM team_tree lb WHERE lb.descendant_id = ${b} AND lb.ancestor_id = u.ancestor_id))
                    ORDER BY u.depth LIMIT 1)) END AS from_depth
          FROM team_volume_tail p WHERE p.root_id = ${p.rootId}::bigint
        ),
        added AS (
          SELECT from_depth AS depth, sum(worth) AS worth FROM tail WHERE from_depth IS NOT NULL GROUP BY from_depth
        ),
        volumes AS (
          SELECT l.user_id, l.depth, s.direct_count, s.level AS stored_level,
                 s.team_volume + coalesce(sum(a.worth) OVER (ORDER BY l.depth), 0) AS volume
          FROM line l
          JOIN team_stats s ON s.user_id = l.user_id
          LEFT JOIN added a ON a.depth = l.depth
        ),
        stats AS (
          SELECT v.user_id, v.depth, v.stored_level, ${levelOf(sql`v.volume`, sql`v.direct_count`, p.levels)} AS level
          FROM volumes v
        ),
        ranked AS (
          SELECT st.user_id, st.depth, st.level,
                 CASE WHEN st.level > 0 THEN (${p.levels.rates}::numeric[])[st.level] ELSE 0 END AS rate
          FROM stats st
        ),
        walked AS (
          SELECT r.*,
                 coalesce(max(r.rate) OVER below, 0) AS rate_below,
                 coalesce(max(r.level) OVER below, 0) AS level_below,
                 count(*) OVER (PARTITION BY r.level ORDER BY r.depth
                                ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS same_below
          FROM ranked r
          WINDOW below AS (ORDER BY r.depth ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
        ),
        owed AS (
          SELECT user_id, depth, level, 1 AS ord, ${p.types[0]}::text AS type,
                 ${p.directRate}::numeric AS rate, 0::numeric AS rate_below
          FROM walked WHERE depth = 1
          UNION ALL
          SELECT user_id, depth, level, 2, ${p.types[1]}::text, rate, rate_below
          FROM walked WHERE rate > rate_below
          UNION ALL
          SELECT user_id, depth, level, 3, ${p.types[2]}::text, ${p.peerRate}::numeric, 0
          FROM walked WHERE level > 0 AND level = level_below AND same_below = 1
        ),
        priced AS (
          SELECT o.*, trunc(${w} * (o.rate - o.rate_below) / 100, 18) AS due FROM owed o
        ),
        capped AS (
          SELECT pr.*,
                 greatest(least(pr.due, trunc(${w} * ${p.maxBonusPercent}::numeric / 100, 18)
                   - coalesce(sum(pr.due) OVER (ORDER BY pr.depth, pr.ord ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)),
                   0) AS amount
          FROM priced pr
        ),
        paid AS (
          INSERT INTO team_bonuses (order_id, beneficiary_id, type, buyer_id, depth, level, rate, rate_below, due,
                                    amount, note, movement_id)
          SELECT ${p.orderId}::bigint, c.user_id, c.type, ${p.buyerId}::bigint, c.depth, c.level, c.rate, c.rate_below,
                 c.due, c.amount,
                 CASE c.ord
                   WHEN 1 THEN format('%s %% direct bonus', trim_scale(c.rate))
                   WHEN 2 THEN format('%s %% = %s %% - %s %% paid below', trim_scale(c.rate - c.rate_below),
                                      trim_scale(c.rate), trim_scale(c.rate_below))
                   ELSE format('%s %% peer bonus (level %s, as the one paid below)', trim_scale(c.rate), c.level)
                 END || CASE WHEN c.amount < c.due THEN ' (cut to the maximum per purchase)' ELSE '' END,
                 ${p.movementId}::bigint
          FROM capped c
          WHERE c.amount > 0
          RETURNING beneficiary_id, amount
        )
        SELECT (SELECT count(*) FROM paid)::text AS bonuses,
               (SELECT coalesce(sum(amount), 0) FROM paid)::text AS paid,
               (SELECT string_agg(user_id || ':' || level, ',') FROM stats WHERE level <> stored_level) AS changed`),
      );
      const changed = (row?.changed ?? '')
        .split(',')
        .filter((pair) => pair !== '')
        .map((pair) => {
          const [userId, level] = pair.split(':');
          return { userId: BigInt(userId as string), level: Number(level) };
        });
      return { bonuses: Number(row?.bonuses ?? 0), paid: row?.paid ?? '0', changed };
    },

    /** The beneficiaries of one purchase's bonus rows (a subquery of user ids). */
    bonusBeneficiaries: (orderId: bigint) => sql`SELECT beneficiary_id FROM team_bonuses WHERE order_id = ${orderId}`,

    /**
     * The bonus rows of one purchase as the set-based source of bookBatch (domain/ledger/book-batch.ts): one
     * (beneficiary, type, amount) row per bonus; the purchase row records the movement they are paid in.
     */
    bonusSource: (orderId: bigint, movementId: bigint): BatchSource => ({
      rows: 'bonus_rows',
      claimed: sql`(SELECT count(*) FROM bonus_rows)`,
      ctes: sql`
        purchase_movement AS (
          UPDATE team_purchases SET movement_id = ${movementId}::bigint WHERE order_id = ${orderId}
        ),
        bonus_rows AS (
          SELECT beneficiary_id AS user_id, type, amount FROM team_bonuses WHERE order_id = ${orderId}
        )`,
    }),
  };
}
