import { COUNTERPARTY_TRANSACTION_TYPES } from '@aidf/contract';
import { sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { type PreparedRaw, prepareRaw, rowsOf } from '../raw.ts';

/**
 * A page of the bills in ONE statement with the session it is asked under: the session (the rules of
 * sessionsRepository.findLive), the page's lines and their total as ledgerRepository.statement reads them, and the
 * settings asked for (the explorers' URL patterns). No row when the token names no live session. The bills are the
 * hottest authenticated read after the order poll, and a session looked up first was one more round trip before
 * the page's own queries (docs/capacity.md, the hot reads).
 */
const PAGE = sql`
  WITH s AS (
    SELECT s.user_id, u.username, s.expires_at FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.token_hash = ${sql.placeholder('tokenHash')}::text AND s.revoked_at IS NULL
      AND s.expires_at > ${sql.placeholder('now')}::timestamptz
    LIMIT 1),
  a AS (
    SELECT a.id, a.owner_user_id FROM accounts a JOIN s ON a.owner_user_id = s.user_id
    WHERE a.currency = ${sql.placeholder('currency')}::text AND a.submode = ${sql.placeholder('submode')}::text),
  page AS (
    SELECT e.id, e.type, e.amount, e.balance_after, e.created_at, e.movement_id, m.ref,
           CASE WHEN e.type = ANY(${sql.placeholder('counterpartyTypes')}::text[]) THEN
             (SELECT u.username FROM entries o JOIN accounts oa ON oa.id = o.account_id
              JOIN users u ON u.id = oa.owner_user_id
              WHERE o.movement_id = e.movement_id AND oa.owner_user_id <> a.owner_user_id LIMIT 1)
           END AS counterparty
    FROM a JOIN entries e ON e.account_id = a.id JOIN movements m ON m.id = e.movement_id
    WHERE ${sql.placeholder('types')}::text[] IS NULL OR e.type = ANY(${sql.placeholder('types')}::text[])
    ORDER BY e.id DESC
    LIMIT ${sql.placeholder('limit')}::int OFFSET ${sql.placeholder('offset')}::int)
  SELECT s.user_id::text AS user_id, s.username, (extract(epoch FROM s.expires_at) * 1000)::float8 AS expires_ms,
         (SELECT count(*) FROM a JOIN entries e ON e.account_id = a.id
          WHERE ${sql.placeholder('types')}::text[] IS NULL OR e.type = ANY(${sql.placeholder('types')}::text[]))::int
           AS total,
         (SELECT json_agg(json_build_object(
                   'id', p.id::text, 'type', p.type, 'amount', p.amount::text, 'balanceAfter', p.balance_after::text,
                   'createdMs', floor(extract(epoch FROM p.created_at) * 1000)::int8::text,
                   'movementId', p.movement_id::text, 'ref', p.ref, 'counterparty', p.counterparty)
                 ORDER BY p.id DESC) FROM page p) AS list,
         (SELECT json_object_agg(st.key, st.value) FROM settings st
          WHERE st.key = ANY(${sql.placeholder('settingKeys')}::text[])) AS settings
  FROM s`;

interface PageRow {
  user_id: string;
  username: string;
  expires_ms: number;
  total: number;
  list: RawLine[] | string | null;
  settings: Record<string, string> | string | null;
}

interface RawLine {
  id: string;
  type: string;
  amount: string;
  balanceAfter: string;
  createdMs: string;
  movementId: string;
  ref: string | null;
  counterparty: string | null;
}

/** A json column: node-postgres and PGlite parse it, a driver that does not gives its text. */
const parsed = <T>(value: T | string | null): T | null => (typeof value === 'string' ? JSON.parse(value) : value);

export function sessionStatementRepository(db: AppDb) {
  let prepared: PreparedRaw | null = null;
  return {
    /** The session of a token hash at `now` and a page of its user's statement; null without a live session. */
    async page(q: {
      tokenHash: string;
      now: Date;
      currency: string;
      submode: string;
      types: readonly string[] | null;
      limit: number;
      offset: number;
      settingKeys: readonly string[];
    }) {
      prepared ??= prepareRaw(db, PAGE, 'session_statement_page');
      const [row] = rowsOf<PageRow>(
        await prepared.execute({
          tokenHash: q.tokenHash,
          now: q.now.toISOString(),
          currency: q.currency,
          submode: q.submode,
          types: q.types === null ? null : [...q.types],
          limit: q.limit,
          offset: q.offset,
          counterpartyTypes: [...COUNTERPARTY_TRANSACTION_TYPES],
          settingKeys: [...q.settingKeys],
        }),
      );
      if (!row) return null;
      return {
        session: { userId: BigInt(row.user_id), username: row.username, expiresAt: new Date(Number(row.expires_ms)) },
        total: Number(row.total),
        rows: (parsed(row.list) ?? []).map((l) => ({
          id: BigInt(l.id),
          type: l.type,
          amount: l.amount,
          balanceAfter: l.balanceAfter,
          createdAt: new Date(Number(l.createdMs)),
          movementId: BigInt(l.movementId),
          ref: l.ref,
          counterparty: l.counterparty,
        })),
        settings: new Map(Object.entries(parsed(row.settings) ?? {})),
      };
    },
  };
}
