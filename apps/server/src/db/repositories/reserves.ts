import { sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { rowsOf } from '../raw.ts';

/** Decimal places of a base unit: the ledger's own precision, numeric(48, 18), the same for every currency. */
export const RESERVES_BASE_UNIT_DECIMALS = 18;
const SCALE = sql.raw(`1${'0'.repeat(RESERVES_BASE_UNIT_DECIMALS)}`);

/** Rows written per INSERT: one JSON parameter each, far below any parameter or packet limit. */
const CHUNK = 5_000;

/** Per currency, decimal text: { usdt: '12.5' }. */
export type AmountsByCurrency = Record<string, string>;

export interface StoredReport {
  id: string;
  createdAt: Date;
  status: string;
  currencies: string[];
  baseUnitDecimals: number;
  userCount: number;
  treeDepth: number;
  rootHash: string | null;
  rootSums: string[];
  userBalances: AmountsByCurrency;
  held: Record<string, AmountsByCurrency>;
  liabilities: AmountsByCurrency;
  clearing: Record<string, AmountsByCurrency>;
  operatorCredits: AmountsByCurrency;
  issuance: AmountsByCurrency;
  chainHoldings: unknown;
  /** What the chain reads found wrong (domain/treasury/chain-holdings.ts ReserveAlerts); null: no chain read. */
  alerts: unknown;
  /** 2: share leaves and nodes committing to each child's sums; reports of version 1 give no proofs. */
  treeVersion: number;
  publication: ReportPublication;
}

/** Where a report's root stands on BNB Smart Chain (0039_reserves_publication.sql). */
export interface ReportPublication {
  status: string;
  from: string | null;
  txHash: string | null;
  /** The block it was mined in, once confirmed. */
  blockNumber: string | null;
  error: string | null;
}

const REPORT_COLUMNS = sql`
  r.id::text AS "id", r.created_at AS "createdAt", r.status, r.currencies, r.base_unit_decimals AS "baseUnitDecimals",
  r.user_count AS "userCount", r.tree_depth AS "treeDepth", r.root_hash AS "rootHash",
  r.root_sums::text[] AS "rootSums", r.user_balances AS "userBalances", r.held, r.liabilities, r.clearing,
  r.operator_credits AS "operatorCredits", r.issuance, r.chain_holdings AS "chainHoldings", r.alerts,
  r.tree_version AS "treeVersion",
  jsonb_build_object('status', r.publication_status, 'from', r.publication_from, 'txHash', r.publication_tx_hash,
    'blockNumber', r.publication_block::text, 'error', r.publication_error) AS publication`;

/** One of a user's two leaves in a stored tree, with its path's siblings from the leaves up. */
export interface StoredLeaf {
  share: 1 | 2;
  leafIndex: number;
  salt: string;
  amounts: string[];
  path: { level: number; idx: number; hash: string; sums: string[] }[];
}

/** PGlite answers timestamptz as a Date, node-postgres too; a JSON path would give text. */
const asReport = (row: StoredReport): StoredReport => ({ ...row, createdAt: new Date(row.createdAt) });

/** Reserves reports, their Merkle sum trees and users' leaves (domain/treasury/reserves-report.ts). */
export function reservesRepository(db: AppDb) {
  return {
    /** Every later read of this transaction sees the same snapshot of the ledger. Call first in a transaction. */
    async snapshot(): Promise<void> {
      await db.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`);
    },

    /** Currencies of any user account, so none is left out of the tree. */
    async userCurrencies(): Promise<string[]> {
      return rowsOf<{ currency: string }>(
        await db.execute(sql`SELECT DISTINCT currency FROM accounts WHERE kind = 'user' ORDER BY currency`),
      ).map((r) => r.currency);
    },

    /**
     * Every user, with the sum of all their accounts' submodes (normal and frozen) per currency in base units:
     * a user with no account yet is in the tree with zero balances.
     */
    async userBaseUnits(): Promise<{ userId: string; balances: Record<string, string> }[]> {
      return rowsOf<{ userId: string; balances: Record<string, string> | null }>(
        await db.execute(sql`
          SELECT u.id::text AS "userId", b.balances
          FROM users u
          LEFT JOIN (
            SELECT owner_user_id, jsonb_object_agg(currency, units) AS balances
            FROM (
              SELECT owner_user_id, currency, (sum(balance) * ${SCALE})::numeric(78, 0)::text AS units
              FROM accounts WHERE kind = 'user' GROUP BY owner_user_id, currency
            ) per_currency
            GROUP BY owner_user_id
          ) b ON b.owner_user_id = u.id
          ORDER BY u.id`),
      ).map((r) => ({ userId: r.userId, balances: r.balances ?? {} }));
    },

    /** The ledger's total of user accounts per currency, every submode: what the tree's root must sum to. */
    async userTotals(): Promise<AmountsByCurrency> {
      const rows = rowsOf<{ currency: string; total: string }>(
        await db.execute(sql`
          SELECT currency, sum(balance)::text AS total FROM accounts WHERE kind = 'user' GROUP BY currency`),
      );
      return Object.fromEntries(rows.map((r) => [r.currency, r.total]));
    },

    /** Balances of the named platform accounts per currency, every submode summed (may be negative). */
    async platformBalances(codes: string[]): Promise<{ code: string; currency: string; balance: string }[]> {
      return rowsOf<{ code: string; currency: string; balance: string }>(
        await db.execute(sql`
          SELECT platform_code AS code, currency, sum(balance)::text AS balance FROM accounts
          WHERE kind = 'platform' AND platform_code IN (${sql.join(
            codes.map((c) => sql`${c}`),
            sql`, `,
          )})
          GROUP BY platform_code, currency ORDER BY platform_code, currency`),
      );
    },

    async insertReport(
      report: Omit<StoredReport, 'id' | 'createdAt' | 'chainHoldings' | 'alerts' | 'treeVersion' | 'publication'> & {
        publicationStatus: 'pending' | 'no-chain' | 'no-root';
      },
    ): Promise<StoredReport> {
      const [row] = rowsOf<StoredReport>(
        await db.execute(sql`
          INSERT INTO reserves_reports AS r (status, currencies, base_unit_decimals, user_count, tree_depth, root_hash,
            root_sums, user_balances, held, liabilities, clearing, operator_credits, issuance, tree_version,
            publication_status)
          VALUES (${report.status}, ${`{${report.currencies.join(',')}}`}::text[], ${report.baseUnitDecimals},
            ${report.userCount}, ${report.treeDepth}, ${report.rootHash}, ${`{${report.rootSums.join(',')}}`}::numeric[],
            ${JSON.stringify(report.userBalances)}::jsonb, ${JSON.stringify(report.held)}::jsonb,
            ${JSON.stringify(report.liabilities)}::jsonb, ${JSON.stringify(report.clearing)}::jsonb,
            ${JSON.stringify(report.operatorCredits)}::jsonb, ${JSON.stringify(report.issuance)}::jsonb, 2,
            ${report.publicationStatus})
          RETURNING ${REPORT_COLUMNS}`),
      );
      return asReport(row as StoredReport);
    },

    /** Stores the tree's nodes, level by level (`level` 0 are the leaves' hashes, in leaf order). */
    async insertNodes(reportId: string, nodes: { level: number; idx: number; hash: string; sums: string[] }[]) {
      for (let at = 0; at < nodes.length; at += CHUNK) {
        const chunk = nodes.slice(at, at + CHUNK).map((n) => ({ ...n, sums: `{${n.sums.join(',')}}` }));
        await db.execute(sql`
          INSERT INTO reserves_tree_nodes (report_id, level, idx, hash, sums)
          SELECT ${reportId}::bigint, n.level, n.idx, n.hash, n.sums::numeric[]
          FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) AS n(level int, idx int, hash text, sums text)`);
      }
    },

    async insertLeaves(
      reportId: string,
      leaves: { userId: string; share: number; leafIndex: number; salt: string; amounts: string[] }[],
    ) {
      for (let at = 0; at < leaves.length; at += CHUNK) {
        const chunk = leaves.slice(at, at + CHUNK).map((l) => ({ ...l, amounts: `{${l.amounts.join(',')}}` }));
        await db.execute(sql`
          INSERT INTO reserves_leaves (report_id, user_id, share, leaf_index, salt, balances)
          SELECT ${reportId}::bigint, l."userId"::bigint, l.share, l."leafIndex", l.salt, l.amounts::numeric[]
          FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
            AS l("userId" text, share int, "leafIndex" int, salt text, amounts text)`);
      }
    },

    async latest(): Promise<StoredReport | null> {
      const [row] = rowsOf<StoredReport>(
        await db.execute(sql`SELECT ${REPORT_COLUMNS} FROM reserves_reports r ORDER BY r.id DESC LIMIT 1`),
      );
      return row ? asReport(row) : null;
    },

    /**
     * In one query: the latest report, the user's two leaves in it (none when the user was not in it) and each
     * leaf's path siblings from the leaves up, each read by its key (level d: index (leafIndex >> d) xor 1).
     */
    async latestProofOf(userId: bigint): Promise<{ report: StoredReport; leaves: StoredLeaf[] } | null> {
      const [row] = rowsOf<StoredReport & { leaves: StoredLeaf[] | null }>(
        await db.execute(sql`
          WITH r AS (SELECT * FROM reserves_reports ORDER BY id DESC LIMIT 1)
          SELECT ${REPORT_COLUMNS},
            (SELECT jsonb_agg(jsonb_build_object('share', l.share, 'leafIndex', l.leaf_index, 'salt', l.salt,
                'amounts', l.balances::text[], 'path', coalesce((
                  SELECT jsonb_agg(n.node ORDER BY d.level)
                  FROM generate_series(0, r.tree_depth - 1) AS d(level)
                  -- One primary-key lookup per level: LIMIT keeps the planner from joining the report's whole tree.
                  CROSS JOIN LATERAL (
                    SELECT jsonb_build_object('level', t.level, 'idx', t.idx, 'hash', t.hash, 'sums', t.sums::text[])
                      AS node
                    FROM reserves_tree_nodes t
                    WHERE t.report_id = r.id AND t.level = d.level AND t.idx = ((l.leaf_index >> d.level) # 1)
                    LIMIT 1
                  ) n), '[]'::jsonb)) ORDER BY l.share)
              FROM reserves_leaves l WHERE l.report_id = r.id AND l.user_id = ${userId}) AS leaves
          FROM r`),
      );
      if (!row) return null;
      const { leaves, ...report } = row;
      return { report: asReport(report), leaves: leaves ?? [] };
    },
  };
}

/**
 * What the chain reads of a reserves report need from the database (domain/treasury/chain-holdings.ts), read in
 * the report's snapshot so the addresses and the ledger agree.
 */
export function reservesChainRepository(db: AppDb) {
  return {
    /**
     * The deposit addresses that may hold something not yet swept on a chain: every address a credited deposit
     * went to, and every address with an open sweep. A swept address reads as (about) zero; reading it still
     * finds what a later deposit or a gas top-up's rest left there.
     */
    async depositAddressesToRead(chain: 'bsc' | 'solana'): Promise<string[]> {
      return rowsOf<{ address: string }>(
        await db.execute(sql`
          SELECT DISTINCT address FROM (
            SELECT to_address AS address FROM chain_deposits WHERE chain = ${chain}
            UNION ALL
            SELECT from_address FROM sweeps
            WHERE chain = ${chain} AND kind = 'deposit' AND status IN ('planned', 'gas-funding', 'sweeping', 'failed', 'held')
          ) a ORDER BY address`),
      ).map((r) => r.address);
    },

    /** The next block the chain's deposit watcher will scan (everything before it is credited), if it has run. */
    async depositCursor(chain: 'bsc' | 'solana'): Promise<bigint | null> {
      const [row] = rowsOf<{ next: string }>(
        await db.execute(sql`SELECT next_block::text AS next FROM chain_cursors WHERE chain = ${chain}`),
      );
      return row ? BigInt(row.next) : null;
    },

    /** A chain's tokens from the token config (chain currency 'bnb' or 'sol'), those with a contract or mint. */
    async tokensOf(chainCurrency: 'bnb' | 'sol'): Promise<{ currency: string; contract: string; decimals: number }[]> {
      return rowsOf<{ currency: string; contract: string; decimals: number }>(
        await db.execute(sql`
          SELECT currency, contract_address AS contract, decimals FROM token_configs
          WHERE chain_currency = ${chainCurrency} AND contract_address IS NOT NULL AND contract_address <> ''
          ORDER BY currency`),
      );
    },

    async setting(key: string): Promise<string | null> {
      const [row] = rowsOf<{ value: string }>(await db.execute(sql`SELECT value FROM settings WHERE key = ${key}`));
      return row?.value ?? null;
    },

    async storeChainHoldings(reportId: string, status: string, holdings: unknown, alerts: unknown) {
      await db.execute(sql`
        UPDATE reserves_reports SET status = ${status}, chain_holdings = ${JSON.stringify(holdings)}::jsonb,
          alerts = ${JSON.stringify(alerts)}::jsonb
        WHERE id = ${reportId}::bigint`);
    },
  };
}
