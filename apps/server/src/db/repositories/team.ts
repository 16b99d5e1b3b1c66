import { type SQL, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { rowsOf } from '../raw.ts';
import { teamBonusRepository } from './team-bonuses.ts';
import { type LevelArrays, levelOf } from './team-levels.ts';

export type { LevelArrays } from './team-levels.ts';

/**
 * A user's team volume: the rolled-up team_stats.team_volume of `s` plus the purchases in its downline still in
 * team_volume_tail (migration 0021), read in the same statement so a rollup committing meanwhile is seen whole
 * or not at all.
 */
export const teamVolume = (s: SQL) => sql`(${s}.team_volume + coalesce((
  SELECT sum(p.worth) FROM team_volume_tail p
  JOIN team_tree t ON t.descendant_id = p.buyer_id AND t.ancestor_id = ${s}.user_id), 0))`;

/** The advisory lock space of tree roots (two-key form: apart from the one-key locks used elsewhere). */
const ROOT_LOCK = 1212;

export interface TeamStatsRow {
  userId: bigint;
  directCount: number;
  teamVolume: string;
  ownVolume: string;
  level: number;
}

export function teamRepository(db: AppDb) {
  /**
   * Serialises the team changes of one tree (a purchase, a bind, an invited sign-in): a transaction-scoped lock
   * on the tree's root, taken again on the new root if a bind moved the tree meanwhile. Answers the root.
   * Purchases in one tree thus see each other's worth in commit order, as the model does.
   */
  async function lockRoot(userId: bigint): Promise<bigint> {
    const rootOf = sql`coalesce((SELECT ancestor_id FROM team_tree WHERE descendant_id = ${userId}
                                 ORDER BY depth DESC LIMIT 1), ${userId}::bigint)`;
    // Looked up and locked in one statement; then looked up again (a new snapshot) in case a bind moved it.
    let [row] = rowsOf<{ root: string }>(
      await db.execute(sql`
        SELECT r.root::text AS root, pg_advisory_xact_lock(${ROOT_LOCK}, (r.root % 2147483647)::int) AS locked
        FROM (SELECT ${rootOf} AS root) r`),
    );
    for (;;) {
      const held = BigInt(row?.root ?? userId);
      [row] = rowsOf<{ root: string }>(await db.execute(sql`SELECT ${rootOf}::text AS root`));
      const root = BigInt(row?.root ?? userId);
      if (root === held) return root;
      await db.execute(sql`SELECT pg_advisory_xact_lock(${ROOT_LOCK}, (${root}::bigint % 2147483647)::int)`);
    }
  }

  /**
   * Moves up to `limit` (all when null) purchases from team_volume_tail into their uplines' team_stats rows,
   * exactly once: the rows are deleted by the statement that adds them, one rollup at a time, under the invite
   * tree's lock (shared), so no bind moves a line between reading the tail's uplines and adding to them.
   */
  async function rollUpVolumes(limit: number | null): Promise<number> {
    await db.execute(sql`SELECT pg_advisory_xact_lock_shared(hashtext('invite-tree'))`);
    await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('team-volume-rollup'))`);
    const orders = rowsOf<{ order_id: string }>(
      await db.execute(sql`
        SELECT order_id::text FROM team_volume_tail ORDER BY order_id ${limit === null ? sql`` : sql`LIMIT ${limit}`}`),
    ).map((r) => r.order_id);
    if (orders.length === 0) return 0;
    const ids = `{${orders.join(',')}}`;
    await db.execute(sql`
      SELECT user_id FROM team_stats
      WHERE user_id IN (SELECT t.ancestor_id FROM team_volume_tail p JOIN team_tree t ON t.descendant_id = p.buyer_id
                        WHERE p.order_id = ANY(${ids}::bigint[]))
      ORDER BY user_id FOR UPDATE`);
    await db.execute(sql`
      WITH gone AS (DELETE FROM team_volume_tail WHERE order_id = ANY(${ids}::bigint[]) RETURNING buyer_id, worth),
      added AS (
        SELECT t.ancestor_id, sum(g.worth) AS worth FROM gone g JOIN team_tree t ON t.descendant_id = g.buyer_id
        GROUP BY t.ancestor_id
      )
      UPDATE team_stats s SET team_volume = s.team_volume + a.worth FROM added a WHERE s.user_id = a.ancestor_id`);
    return orders.length;
  }

  return {
    /**
     * The invite tree's lock in shared mode: first sign-ins that add a leaf and purchases that walk a line run
     * together, while a bind (users.lockInviteTree, exclusive) moves a whole subtree alone.
     */
    async lockTreeShared() {
      await db.execute(sql`SELECT pg_advisory_xact_lock_shared(hashtext('invite-tree'))`);
    },

    /**
     * Hangs `userId` (and its downline, for a late bind) under `inviterId` in the closure table; the inviter's
     * line gains the moved team's volume, the inviter a direct invitee, and their levels are recomputed.
     * The caller holds the invite-tree lock and has refused cycles.
     */
    async attach(userId: bigint, inviterId: bigint, levels: LevelArrays) {
      // No purchase in either tree meanwhile, and every pending purchase's worth in team_stats first: the volume
      // moved below and the levels recomputed from team_stats are then whole.
      await lockRoot(inviterId);
      await lockRoot(userId);
      await rollUpVolumes(null);
      await db.execute(sql`
        INSERT INTO team_tree (ancestor_id, descendant_id, depth)
        SELECT a.ancestor_id, d.descendant_id, a.depth + 1 + d.depth
        FROM (SELECT ancestor_id, depth FROM team_tree WHERE descendant_id = ${inviterId}
              UNION ALL SELECT ${inviterId}::bigint, 0) a
        CROSS JOIN (SELECT descendant_id, depth FROM team_tree WHERE ancestor_id = ${userId}
                    UNION ALL SELECT ${userId}::bigint, 0) d`);
      await db.execute(sql`
        INSERT INTO team_stats (user_id) VALUES (${userId}), (${inviterId}) ON CONFLICT DO NOTHING`);
      // Stats rows in id order (the lock order purchases use too), then the moved volume onto the new line.
      await db.execute(sql`
        SELECT user_id FROM team_stats
        WHERE user_id = ${userId} OR user_id IN (SELECT ancestor_id FROM team_tree WHERE descendant_id = ${userId})
        ORDER BY user_id FOR UPDATE`);
      await db.execute(sql`
        WITH moved AS (SELECT team_volume + own_volume AS volume FROM team_stats WHERE user_id = ${userId})
        UPDATE team_stats s
        SET team_volume = s.team_volume + m.volume,
            direct_count = s.direct_count + CASE WHEN s.user_id = ${inviterId} THEN 1 ELSE 0 END,
            level = ${levelOf(
              sql`s.team_volume + m.volume`,
              sql`s.direct_count + CASE WHEN s.user_id = ${inviterId} THEN 1 ELSE 0 END`,
              levels,
            )}
        FROM moved m
        WHERE s.user_id IN (SELECT ancestor_id FROM team_tree WHERE descendant_id = ${userId})`);
    },

    /**
     * Counts a purchase once, in one statement: the purchase row, the buyer's stats row and the purchase's row in
     * the volume tail. Answers null when this order was counted before (a replay adds nothing; a replay at the
     * same moment waits on the purchase's key, then finds the order), else whether the buyer has an upline (the
     * bonuses' movement is booked only then, by onMachinePurchased through bookBatch).
     */
    async claimPurchase(p: {
      orderId: bigint;
      buyerId: bigint;
      rootId: bigint;
      worth: string;
      at: Date;
    }): Promise<{ hasUpline: boolean } | null> {
      const [row] = rowsOf<{ claimed: string; has_upline: string }>(
        await db.execute(sql`
          WITH fresh AS (
            SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM team_purchases WHERE order_id = ${p.orderId})
          ),
          claimed AS (
            INSERT INTO team_purchases (order_id, buyer_id, worth, bought_at)
            SELECT ${p.orderId}, ${p.buyerId}, ${p.worth}::numeric, ${p.at.toISOString()}::timestamptz
            FROM fresh
            ON CONFLICT DO NOTHING RETURNING order_id
          ),
          own AS (
            INSERT INTO team_stats (user_id) SELECT ${p.buyerId}::bigint FROM claimed ON CONFLICT DO NOTHING
          ),
          -- The worth for the uplines' team volumes, appended once (none when the buyer has no upline).
          tail AS (
            INSERT INTO team_volume_tail (order_id, buyer_id, root_id, worth)
            SELECT order_id, ${p.buyerId}::bigint, ${p.rootId}::bigint, ${p.worth}::numeric FROM claimed
            WHERE ${p.rootId}::bigint <> ${p.buyerId}::bigint
          )
          SELECT (SELECT count(*) FROM claimed)::text AS claimed,
                 EXISTS (SELECT 1 FROM team_tree WHERE descendant_id = ${p.buyerId})::text AS has_upline`),
      );
      if (row?.claimed !== '1') return null;
      return { hasUpline: row.has_upline === 'true' };
    },

    lockRoot,
    rollUpVolumes,

    /**
     * Writes what a purchase changed on stats rows: the buyer's own volume and the new level of the uplines
     * whose level moved (few: a level changes when a threshold is crossed), rows locked in id order, the lock
     * order of the rollup too.
     */
    async saveLine(buyerId: bigint, worth: string, changed: { userId: bigint; level: number }[]) {
      const ids = `{${[buyerId, ...changed.map((c) => c.userId)].join(',')}}`;
      const levels = `{${['NULL', ...changed.map((c) => c.level)].join(',')}}`;
      // One row (the buyer's, when no level moved) needs no lock order.
      if (changed.length > 0) {
        await db.execute(sql`
          SELECT user_id FROM team_stats WHERE user_id = ANY(${ids}::bigint[]) ORDER BY user_id FOR UPDATE`);
      }
      await db.execute(sql`
        UPDATE team_stats s
        SET own_volume = s.own_volume + CASE WHEN s.user_id = ${buyerId} THEN ${worth}::numeric ELSE 0 END,
            level = coalesce(c.level, s.level)
        FROM unnest(${ids}::bigint[], ${levels}::int[]) AS c(user_id, level)
        WHERE s.user_id = c.user_id`);
    },

    ...teamBonusRepository(db),

    async stats(userId: bigint): Promise<TeamStatsRow> {
      const [row] = rowsOf<{ direct_count: number; team_volume: string; own_volume: string; level: number }>(
        await db.execute(sql`
          SELECT direct_count, ${teamVolume(sql`s`)}::text AS team_volume, own_volume::text, level
          FROM team_stats s WHERE user_id = ${userId}`),
      );
      return {
        userId,
        directCount: Number(row?.direct_count ?? 0),
        teamVolume: row?.team_volume ?? '0',
        ownVolume: row?.own_volume ?? '0',
        level: Number(row?.level ?? 0),
      };
    },

    /** Whether `descendantId` is in `ancestorId`'s downline (any depth). */
    async isInDownline(ancestorId: bigint, descendantId: bigint): Promise<boolean> {
      const rows = rowsOf(
        await db.execute(sql`
          SELECT 1 FROM team_tree WHERE ancestor_id = ${ancestorId} AND descendant_id = ${descendantId}`),
      );
      return rows.length > 0;
    },

    /** One page of a user's direct invitees, newest first, with their own team's level and volume. */
    async directInvitees(userId: bigint, page: { limit: number; offset: number }) {
      const rows = rowsOf<{
        id: string;
        username: string;
        created_at: string | Date;
        level: number | null;
        team_volume: string | null;
        own_volume: string | null;
        direct_count: number | null;
      }>(
        await db.execute(sql`
          SELECT u.id::text AS id, u.username, u.created_at, s.level, ${teamVolume(sql`s`)}::text AS team_volume,
                 s.own_volume::text AS own_volume, s.direct_count
          FROM team_tree t
          JOIN users u ON u.id = t.descendant_id
          LEFT JOIN team_stats s ON s.user_id = u.id
          WHERE t.ancestor_id = ${userId} AND t.depth = 1
          ORDER BY u.id DESC
          LIMIT ${page.limit} OFFSET ${page.offset}`),
      );
      return rows.map((r) => ({
        id: BigInt(r.id),
        username: r.username,
        joinedAt: new Date(r.created_at),
        level: Number(r.level ?? 0),
        teamVolume: r.team_volume ?? '0',
        ownVolume: r.own_volume ?? '0',
        directCount: Number(r.direct_count ?? 0),
      }));
    },

    /** How many users are in the downline at all. */
    async teamSize(userId: bigint): Promise<number> {
      const [row] = rowsOf<{ n: string }>(
        await db.execute(sql`SELECT count(*)::text AS n FROM team_tree WHERE ancestor_id = ${userId}`),
      );
      return Number(row?.n ?? 0);
    },

    /** What the user earned from the team, by bonus type. */
    async incomeByType(userId: bigint): Promise<Map<string, string>> {
      const rows = rowsOf<{ type: string; total: string }>(
        await db.execute(sql`
          SELECT type, sum(amount)::text AS total FROM team_bonuses WHERE beneficiary_id = ${userId} GROUP BY type`),
      );
      return new Map(rows.map((r) => [r.type, r.total]));
    },

    /** The bonuses paid on one purchase, for tests and the operator. */
    async bonusesOf(orderId: bigint) {
      return rowsOf<{
        beneficiary_id: string;
        type: string;
        amount: string;
        due: string;
        rate: string;
        rate_below: string;
        note: string;
        depth: number;
      }>(
        await db.execute(sql`
          SELECT beneficiary_id::text, type, amount::text, due::text, rate::text, rate_below::text, note, depth
          FROM team_bonuses WHERE order_id = ${orderId} ORDER BY depth, type`),
      );
    },
  };
}
