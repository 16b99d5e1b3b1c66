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

export interface PurchaseBonusInput {
  orderId: bigint;
  buyerId: bigint;
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
     * when the buyer has an upline) and the buyer's stats row. Answers null when this order was counted before
     * (a replay adds nothing; a replay at the same moment waits on the movement's key, then finds the order).
     */
    async claimPurchase(p: {
      orderId: bigint;
      buyerId: bigint;
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
          )
          SELECT (SELECT count(*) FROM claimed)::text AS claimed, (SELECT movement_id::text FROM claimed) AS movement_id`),
      );
      if (row?.claimed !== '1') return null;
      return { movementId: row.movement_id === null ? null : BigInt(row.movement_id) };
    },

    /** Locks the buyer's and its line's stats rows, in id order (the lock order of every team change). */
    async lockLine(buyerId: bigint) {
      await db.execute(sql`
        SELECT user_id FROM team_stats
        WHERE user_id = ${buyerId} OR user_id IN (SELECT ancestor_id FROM team_tree WHERE descendant_id = ${buyerId})
        ORDER BY user_id FOR UPDATE`);
    },

    /**
     * ONE statement over the closure table for one purchase (rows locked by lockLine): the buyer's own volume and
     * every upline's team volume grow by the worth and each upline's level is recomputed; then, walking the line by depth with window
     * functions, the direct bonus (the inviter), the level bonus (each upline its rate minus the highest rate
     * already paid below) and the peer bonus (the first upline of the same level as the highest level below,
     * when exactly one of that level is below), cut in line order to the maximum per purchase; each bonus row
     * is written with its arithmetic. payBonuses then moves the money of those rows.
     */
    async computeBonuses(p: PurchaseBonusInput): Promise<{ bonuses: number; paid: string }> {
      const w = sql`${p.worth}::numeric`;
      const [row] = rowsOf<{ bonuses: string; paid: string }>(
        await db.execute(sql`
        WITH line AS (
          SELECT ancestor_id AS user_id, depth FROM team_tree WHERE descendant_id = ${p.buyerId}
          UNION ALL SELECT ${p.buyerId}::bigint, 0
        ),
        stats AS (
          UPDATE team_stats s
          SET own_volume = s.own_volume + CASE WHEN line.depth = 0 THEN ${w} ELSE 0 END,
              team_volume = s.team_volume + CASE WHEN line.depth = 0 THEN 0 ELSE ${w} END,
              level = CASE WHEN line.depth = 0 THEN s.level
                           ELSE ${levelOf(sql`s.team_volume + ${w}`, sql`s.direct_count`, p.levels)} END
          FROM line
          WHERE s.user_id = line.user_id
          RETURNING s.user_id, line.depth, s.level::int AS level
        ),
        ranked AS (
          SELECT st.user_id, st.depth, st.level,
                 CASE WHEN st.level > 0 THEN (${p.levels.rates}::numeric[])[st.level] ELSE 0 END AS rate
          FROM stats st WHERE st.depth >= 1
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
               (SELECT coalesce(sum(amount), 0) FROM paid)::text AS paid`),
      );
      return { bonuses: Number(row?.bonuses ?? 0), paid: row?.paid ?? '0' };
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
          SELECT direct_count, team_volume::text, own_volume::text, level FROM team_stats WHERE user_id = ${userId}`),
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
          SELECT u.id::text AS id, u.username, u.created_at, s.level, s.team_volume::text AS team_volume,
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
