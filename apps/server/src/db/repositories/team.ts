import { type SQL, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { rowsOf } from '../raw.ts';

/** Level thresholds (index 0 = star level 1) and the rates as an SQL array literal ('{3,5,8,...}'). */
export interface LevelArrays {
  volumes: string[];
  directs: number[];
  rates: string;
}

/**
 * The star level (0-7) of a team volume and a count of direct invitees: the highest level whose both needs are
 * met, as a CASE over constants (cheaper per row than a subquery over arrays, on 1,000 uplines a purchase).
 */
function levelOf(volume: SQL, direct: SQL, a: LevelArrays): SQL {
  const arms = a.volumes
    .map((v, i) => sql`WHEN ${volume} >= ${v}::numeric AND ${direct} >= ${a.directs[i] ?? 0}::int THEN ${i + 1}`)
    .reverse();
  return sql`(CASE ${sql.join(arms, sql` `)} ELSE 0 END)`;
}

/**
 * A user's team volume: the rolled-up team_stats.team_volume of `s` plus the purchases in its downline still in
 * team_volume_tail (migration 0021), read in the same statement so a rollup committing meanwhile is seen whole
 * or not at all.
 */
const teamVolume = (s: SQL) => sql`(${s}.team_volume + coalesce((
  SELECT sum(p.worth) FROM team_volume_tail p
  JOIN team_tree t ON t.descendant_id = p.buyer_id AND t.ancestor_id = ${s}.user_id), 0))`;

/** The advisory lock space of tree roots (two-key form: apart from the one-key locks used elsewhere). */
const ROOT_LOCK = 1212;

export interface PurchaseBonusInput {
  orderId: bigint;
  buyerId: bigint;
  /** The top of the buyer's tree, locked by lockRoot: the purchase reads that tree's tail only. */
  rootId: bigint;
  worth: string;
  movementId: bigint | null;
  levels: LevelArrays;
  directRate: string;
  peerRate: string;
  maxBonusPercent: string;
}

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
     * Counts a purchase once, in one statement: the purchase row, the movement its bonuses will be paid in (only
     * when the buyer has an upline), the buyer's stats row and the purchase's row in the volume tail. Answers null when this order was counted before
     * (a replay adds nothing; a replay at the same moment waits on the movement's key, then finds the order).
     */
    async claimPurchase(p: {
      orderId: bigint;
      buyerId: bigint;
      rootId: bigint;
      worth: string;
      at: Date;
      movementType: string;
      idemKey: string;
    }): Promise<{ movementId: bigint | null } | null> {
      const [row] = rowsOf<{ claimed: string; movement_id: string | null }>(
        await db.execute(sql`
          WITH fresh AS (
            SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM team_purchases WHERE order_id = ${p.orderId})
          ),
          m AS (
            INSERT INTO movements (type, idem_key, ref)
            SELECT ${p.movementType}, ${p.idemKey}, ${String(p.orderId)} FROM fresh
            WHERE EXISTS (SELECT 1 FROM team_tree WHERE descendant_id = ${p.buyerId})
            ON CONFLICT DO NOTHING RETURNING id
          ),
          claimed AS (
            INSERT INTO team_purchases (order_id, buyer_id, worth, bought_at, movement_id)
            SELECT ${p.orderId}, ${p.buyerId}, ${p.worth}::numeric, ${p.at.toISOString()}::timestamptz, (SELECT id FROM m)
            FROM fresh
            ON CONFLICT DO NOTHING RETURNING order_id, movement_id
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
          SELECT (SELECT count(*) FROM claimed)::text AS claimed, (SELECT movement_id::text FROM claimed) AS movement_id`),
      );
      if (row?.claimed !== '1') return null;
      return { movementId: row.movement_id === null ? null : BigInt(row.movement_id) };
    },

    lockRoot,
    rollUpVolumes,

    /**
     * ONE statement over the closure table for one purchase (its tree's root locked by lockRoot, its tail row
     * written by claimPurchase), reading and writing no upline's stats row: each upline's team volume is its
     * rolled-up volume plus the tail bought below it (the purchase's own worth included) and its level is
     * recomputed from that; then, walking the line by depth with window functions, the direct bonus (the
     * inviter), the level bonus (each upline its rate minus the highest rate already paid below) and the peer
     * bonus (the first upline of the same level as the highest level below, when exactly one of that level is
     * below), cut in line order to the maximum per purchase; each bonus row is written with its arithmetic.
     * Answers the uplines whose level changed, for saveLine, and payBonuses then moves the money of those rows.
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
          SELECT user_id, depth, level, 1 AS ord, 'cow-push-income'::text AS type,
                 ${p.directRate}::numeric AS rate, 0::numeric AS rate_below
          FROM walked WHERE depth = 1
          UNION ALL
          SELECT user_id, depth, level, 2, 'cow-sns-level-income', rate, rate_below
          FROM walked WHERE rate > rate_below
          UNION ALL
          SELECT user_id, depth, level, 3, 'cow-sns-same-level-income', ${p.peerRate}::numeric, 0
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

    /**
     * Pays the bonus rows of one purchase: makes sure each beneficiary has an AIDF account, locks those accounts
     * and the issuance account in id order, then one set-based statement credits them, debits issuance and
     * writes the entries with their balance after.
     */
    async payBonuses(orderId: bigint, movementId: bigint, issuance: string) {
      await db.execute(sql`
        INSERT INTO accounts (kind, owner_user_id, platform_code, currency, submode)
        SELECT DISTINCT 'user', b.beneficiary_id, NULL, 'aidf', '00' FROM team_bonuses b WHERE b.order_id = ${orderId}
        UNION ALL SELECT 'platform', NULL, ${issuance}, 'aidf', '00'
        ON CONFLICT DO NOTHING`);
      const [locked] = rowsOf<{ issuance_id: string }>(
        await db.execute(sql`
          WITH l AS (
            SELECT a.id, a.kind FROM accounts a
            WHERE (a.kind = 'platform' AND a.platform_code = ${issuance} AND a.currency = 'aidf' AND a.submode = '00')
               OR (a.kind = 'user' AND a.currency = 'aidf' AND a.submode = '00'
                   AND a.owner_user_id IN (SELECT beneficiary_id FROM team_bonuses WHERE order_id = ${orderId}))
            ORDER BY a.id FOR UPDATE
          )
          SELECT id::text AS issuance_id FROM l WHERE kind = 'platform'`),
      );
      if (!locked) throw new Error('the issuance account vanished');
      const issuanceAccountId = BigInt(locked.issuance_id);
      await db.execute(sql`
        WITH paid AS (
          SELECT beneficiary_id, type, amount, depth,
                 CASE type WHEN 'cow-push-income' THEN 1 WHEN 'cow-sns-level-income' THEN 2 ELSE 3 END AS ord
          FROM team_bonuses WHERE order_id = ${orderId}
        ),
        -- Every CTE reads the snapshot from before this statement: a.balance is the balance before the bonuses.
        user_lines AS (
          SELECT a.id AS account_id, a.balance AS before, pd.depth, pd.ord, pd.type, pd.amount
          FROM paid pd
          JOIN accounts a ON a.kind = 'user' AND a.owner_user_id = pd.beneficiary_id
                         AND a.currency = 'aidf' AND a.submode = '00'
        ),
        lines AS (
          SELECT * FROM user_lines
          UNION ALL
          SELECT ${issuanceAccountId}::bigint, (SELECT balance FROM accounts WHERE id = ${issuanceAccountId}),
                 0, min(ord), type, -sum(amount)
          FROM user_lines GROUP BY type
        ),
        running AS (
          SELECT l.*,
                 sum(l.amount) OVER (PARTITION BY l.account_id) AS total,
                 sum(l.amount) OVER (PARTITION BY l.account_id ORDER BY l.depth, l.ord) AS upto
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
          SELECT ${movementId}::bigint, r.account_id, r.type, r.amount, r.before + r.upto
          FROM running r
          RETURNING 1
        )
        SELECT (SELECT count(*) FROM written) + (SELECT count(*) FROM moved) AS touched`);
    },

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
