import { type SQL, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { type PreparedRaw, prepareRaw, rowsOf } from '../raw.ts';
import { type ItemAmounts, orderAmountsOf } from './machines.ts';
import { type OrderExtras, orderOfRawRow } from './order-status.ts';
import { teamVolume } from './team.ts';
import type { TokenConfigRow } from './token-configs.ts';

/*
 * The hot reads beside the bills (session-statement.ts), each in ONE named prepared statement with the session it is
 * asked under: the assets, the machine index and the team summary. A phone polls them every few seconds, and a
 * session looked up first was one more round trip before the read's own queries (docs/capacity.md, the hot reads).
 * Each statement starts from the session of the token's hash at `now` (the rules of sessionsRepository.findLive:
 * unrevoked, not expired) and reads what the read's repositories read, with the same SQL; no row when the token
 * names no live session.
 */

const SESSION = sql`s AS (
    SELECT s.user_id, u.username, s.expires_at FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.token_hash = ${sql.placeholder('tokenHash')}::text AND s.revoked_at IS NULL
      AND s.expires_at > ${sql.placeholder('now')}::timestamptz
    LIMIT 1)`;
const SESSION_COLUMNS = sql`s.user_id::text AS session_user_id, s.username AS session_username,
    (extract(epoch FROM s.expires_at) * 1000)::float8 AS session_expires_ms`;
/** The settings asked for, as one JSON object (settingsRepository.get). */
const SETTINGS = sql`(SELECT json_object_agg(st.key, st.value) FROM settings st
    WHERE st.key = ANY(${sql.placeholder('settingKeys')}::text[]))`;

/** balancesOfUser (ledgerRepository) and the reference prices' settings. */
const ASSETS = sql`
  WITH ${SESSION}
  SELECT ${SESSION_COLUMNS},
    (SELECT json_agg(json_build_object('currency', a.currency, 'submode', a.submode, 'balance', a.balance::text)
             ORDER BY a.currency, a.submode)
     FROM accounts a WHERE a.owner_user_id = s.user_id) AS assets_balances,
    ${SETTINGS} AS assets_settings
  FROM s`;

/**
 * The miner's settings, itemsOnSale, highestWorth, hasRunningMachine, openOrderOf with the extras toOrder reads
 * (as the order-status poll reads them) and the pinned token contracts (tokenConfigsRepository.all). The order's
 * columns come as `o.*`; the others are prefixed `index_` so they cannot meet one of them.
 */
const MACHINE_INDEX = sql`
  WITH ${SESSION}
  SELECT ${SESSION_COLUMNS}, ${SETTINGS} AS index_settings,
    (SELECT json_agg(json_build_object('id', i.id::text, 'worth', i.worth::text, 'amounts',
              (SELECT coalesce(jsonb_object_agg(a.currency, a.amount::text), '{}')
               FROM machine_price_item_amounts a WHERE a.item_id = i.id))
            ORDER BY i.worth, i.id)
     FROM machine_price_items i WHERE i.on_sale) AS index_items,
    (SELECT coalesce(max(m.worth), 0)::text FROM machines m WHERE m.user_id = s.user_id) AS index_highest_worth,
    EXISTS (SELECT 1 FROM machines m WHERE m.user_id = s.user_id AND m.status = 'running') AS index_running,
    (SELECT json_agg(json_build_object('chainCurrency', t.chain_currency, 'currency', t.currency,
              'contractAddress', t.contract_address, 'decimals', t.decimals) ORDER BY t.chain_currency, t.currency)
     FROM token_configs t) AS index_tokens,
    o.*, ${orderAmountsOf(sql`o.id`)} AS index_amounts,
    (SELECT json_object_agg(x.currency, x.amount) FROM (
       SELECT p.currency, sum(p.amount)::text AS amount FROM machine_payments p
       WHERE p.state = 'seen'
         AND (p.order_id = o.id OR p.user_id = o.user_id
           OR EXISTS (SELECT 1 FROM machine_order_hints h
                      WHERE h.chain = p.chain AND h.tx_hash = p.tx_hash AND h.order_id = o.id))
       GROUP BY p.currency) x) AS index_unconfirmed,
    (SELECT json_object_agg(b.currency, b.wallet_address) FROM bound_addresses b
     WHERE b.user_id = o.user_id) AS index_bound
  FROM s LEFT JOIN machine_orders o ON o.user_id = s.user_id AND o.status IN (0, 2)`;

/**
 * teamView's reads: the subject (the caller, or `of` when it names a user in the caller's downline: byUsername and
 * isInDownline), its stats, the team's settings, a page of its direct invitees, its team size, and the caller's
 * income by bonus type. `refused` when `of` names someone else who is not in the downline (or nobody).
 */
const TEAM = sql`
  WITH ${SESSION},
  m AS (
    SELECT u.id, u.username FROM s JOIN users u ON u.username = ${sql.placeholder('of')}::text
    WHERE u.username <> s.username
      AND EXISTS (SELECT 1 FROM team_tree t WHERE t.ancestor_id = s.user_id AND t.descendant_id = u.id)),
  sub AS (SELECT coalesce(m.id, s.user_id) AS user_id, coalesce(m.username, s.username) AS username
          FROM s LEFT JOIN m ON true)
  SELECT ${SESSION_COLUMNS},
    (${sql.placeholder('of')}::text IS NOT NULL AND ${sql.placeholder('of')}::text <> s.username
      AND NOT EXISTS (SELECT 1 FROM m)) AS team_refused,
    sub.user_id::text AS team_subject_id, sub.username AS team_subject,
    (SELECT json_build_object('directCount', x.direct_count, 'teamVolume', ${teamVolume(sql`x`)}::text,
              'ownVolume', x.own_volume::text, 'level', x.level)
     FROM team_stats x WHERE x.user_id = sub.user_id) AS team_stats,
    ${SETTINGS} AS team_settings,
    (SELECT json_agg(json_build_object('id', i.id::text, 'username', i.username, 'joinedMs', i.joined_ms,
              'level', i.level, 'teamVolume', i.team_volume, 'ownVolume', i.own_volume, 'directCount', i.direct_count)
            ORDER BY i.id DESC)
     FROM (SELECT u.id, u.username, floor(extract(epoch FROM u.created_at) * 1000)::int8::text AS joined_ms, x.level,
                  ${teamVolume(sql`x`)}::text AS team_volume, x.own_volume::text AS own_volume, x.direct_count
           FROM team_tree t JOIN users u ON u.id = t.descendant_id LEFT JOIN team_stats x ON x.user_id = u.id
           WHERE t.ancestor_id = sub.user_id AND t.depth = 1
           ORDER BY u.id DESC
           LIMIT ${sql.placeholder('limit')}::int OFFSET ${sql.placeholder('offset')}::int) i) AS team_invitees,
    (SELECT count(*) FROM team_tree t WHERE t.ancestor_id = sub.user_id)::int AS team_size,
    (SELECT json_object_agg(b.type, b.total) FROM (
       SELECT type, sum(amount)::text AS total FROM team_bonuses WHERE beneficiary_id = s.user_id GROUP BY type) b)
      AS team_income
  FROM s CROSS JOIN sub`;

interface SessionColumns {
  session_user_id: string;
  session_username: string;
  session_expires_ms: number;
}

/** A json column: node-postgres and PGlite parse it, a driver that does not gives its text. */
const parsed = <T>(value: T | string | null | undefined): T | null =>
  typeof value === 'string' ? JSON.parse(value) : (value ?? null);
const mapOf = (value: Record<string, string> | string | null | undefined) =>
  new Map(Object.entries(parsed(value) ?? {}));

const sessionOf = (row: SessionColumns) => ({
  userId: BigInt(row.session_user_id),
  username: row.session_username,
  expiresAt: new Date(Number(row.session_expires_ms)),
});

interface SessionQuery {
  tokenHash: string;
  now: Date;
}

/** One named statement per read, prepared on its first use. */
function preparedRead(db: AppDb, statement: SQL, name: string) {
  let prepared: PreparedRaw | null = null;
  return async <T extends SessionColumns>(values: Record<string, unknown>): Promise<T | null> => {
    prepared ??= prepareRaw(db, statement, name);
    const [row] = rowsOf<T>(await prepared.execute(values));
    return row ?? null;
  };
}

export function sessionReadsRepository(db: AppDb) {
  const assets = preparedRead(db, ASSETS, 'session_assets');
  const machineIndex = preparedRead(db, MACHINE_INDEX, 'session_machine_index');
  const team = preparedRead(db, TEAM, 'session_team');
  const session = (q: SessionQuery) => ({ tokenHash: q.tokenHash, now: q.now.toISOString() });
  return {
    /** The session, the user's balances and the settings asked for; null without a live session. */
    async assets(q: SessionQuery & { settingKeys: readonly string[] }) {
      const row = await assets<SessionColumns & { assets_balances: unknown; assets_settings: unknown }>({
        ...session(q),
        settingKeys: [...q.settingKeys],
      });
      if (!row) return null;
      return {
        session: sessionOf(row),
        balances: parsed(row.assets_balances as { currency: string; submode: string; balance: string }[]) ?? [],
        settings: mapOf(row.assets_settings as Record<string, string>),
      };
    },

    /** The session and what the machine index shows the user; null without a live session. */
    async machineIndex(q: SessionQuery & { settingKeys: readonly string[] }) {
      const row = await machineIndex<SessionColumns & Record<string, unknown>>({
        ...session(q),
        settingKeys: [...q.settingKeys],
      });
      if (!row) return null;
      const order = orderOfRawRow(row, row.index_amounts);
      const extras: OrderExtras = {
        unconfirmed: mapOf(row.index_unconfirmed as Record<string, string>),
        bound: mapOf(row.index_bound as Record<string, string>),
        // An open order has no machine yet.
        machineId: null,
      };
      const items = parsed(row.index_items as { id: string; worth: string; amounts: ItemAmounts }[]) ?? [];
      return {
        session: sessionOf(row),
        settings: mapOf(row.index_settings as Record<string, string>),
        items: items.map((i) => ({ id: BigInt(i.id), worth: i.worth, amounts: i.amounts })),
        highestWorth: String(row.index_highest_worth),
        hasRunningMachine: row.index_running === true,
        tokens: parsed(row.index_tokens as TokenConfigRow[]) ?? [],
        openOrder: order && { order, extras },
      };
    },

    /** The session and the team summary's reads; null without a live session. */
    async team(q: SessionQuery & { of: string | null; limit: number; offset: number; settingKeys: readonly string[] }) {
      const row = await team<SessionColumns & Record<string, unknown>>({
        ...session(q),
        of: q.of,
        limit: q.limit,
        offset: q.offset,
        settingKeys: [...q.settingKeys],
      });
      if (!row) return null;
      const stats = parsed(
        row.team_stats as { directCount: number; teamVolume: string; ownVolume: string; level: number },
      );
      const invitees = parsed(row.team_invitees as RawInvitee[]) ?? [];
      const subjectId = BigInt(row.team_subject_id as string);
      return {
        session: sessionOf(row),
        refused: row.team_refused === true,
        subject: { id: subjectId, username: row.team_subject as string },
        stats: {
          userId: subjectId,
          directCount: Number(stats?.directCount ?? 0),
          teamVolume: stats?.teamVolume ?? '0',
          ownVolume: stats?.ownVolume ?? '0',
          level: Number(stats?.level ?? 0),
        },
        settings: mapOf(row.team_settings as Record<string, string>),
        invitees: invitees.map((r) => ({
          id: BigInt(r.id),
          username: r.username,
          joinedAt: new Date(Number(r.joinedMs)),
          level: Number(r.level ?? 0),
          teamVolume: r.teamVolume ?? '0',
          ownVolume: r.ownVolume ?? '0',
          directCount: Number(r.directCount ?? 0),
        })),
        teamSize: Number(row.team_size),
        income: mapOf(row.team_income as Record<string, string>),
      };
    },
  };
}

interface RawInvitee {
  id: string;
  username: string;
  joinedMs: string;
  level: number | null;
  teamVolume: string | null;
  ownVolume: string | null;
  directCount: number | null;
}
