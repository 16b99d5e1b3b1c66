import { type SQL, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { rowsOf } from '../raw.ts';

const ms = (column: SQL) => sql`floor(extract(epoch from ${column}) * 1000)::float8`;

/** The status a withdrawal waits in while the hot wallet cannot cover it (set by the payout worker). */
export const AWAITING_FUNDS = 'awaiting-funds';

export interface SweepListRow {
  id: string;
  chain: string;
  currency: string;
  kind: string;
  status: string;
  amount: string;
  from_address: string;
  to_address: string;
  username: string | null;
  attempts: number;
  last_error: string | null;
  reason: string | null;
  created_at: number;
  updated_at: number;
  swept_at: number | null;
}

export interface TreasuryTxListRow {
  id: string;
  sweep_id: string;
  chain: string;
  purpose: string;
  tx_hash: string;
  status: string;
  nonce: string | null;
  fee_paid: string | null;
  created_at: number;
  confirmed_at: number | null;
}

/**
 * What the operators' treasury screen and commands read (docs/operator-guide.md "Treasury"): sweeps page by page
 * with their transactions, sweeps counted by state, withdrawals awaiting funds, the clearing accounts now.
 * Read-only: every change of a sweep goes through the sweeps repository's compare-and-set.
 */
export function treasuryConsoleRepository(db: AppDb) {
  return {
    /** Sweeps newest first, with the deposit address's owner; `status` / `chain` null for any. */
    async sweepsPage(filter: { status: string | null; chain: string | null }, limit: number, offset: number) {
      const conditions = [
        ...(filter.status ? [sql`s.status = ${filter.status}`] : []),
        ...(filter.chain ? [sql`s.chain = ${filter.chain}`] : []),
      ];
      const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
      const rows = rowsOf<SweepListRow>(
        await db.execute(sql`
          SELECT s.id::text AS id, s.chain, s.currency, s.kind, s.status, s.amount::text AS amount,
                 s.from_address, s.to_address, u.username, s.attempts, s.last_error, s.reason,
                 ${ms(sql`s.created_at`)} AS created_at, ${ms(sql`s.updated_at`)} AS updated_at,
                 ${ms(sql`s.swept_at`)} AS swept_at
          FROM sweeps s LEFT JOIN users u ON u.id = s.user_id ${where}
          ORDER BY s.id DESC LIMIT ${limit} OFFSET ${offset}`),
      );
      const [count] = rowsOf<{ n: string }>(await db.execute(sql`SELECT count(*)::text AS n FROM sweeps s ${where}`));
      return { rows, total: Number(count?.n ?? 0) };
    },

    /** The transactions of these sweeps, oldest first. */
    async transactionsOfSweeps(sweepIds: readonly string[]): Promise<TreasuryTxListRow[]> {
      if (sweepIds.length === 0) return [];
      return rowsOf<TreasuryTxListRow>(
        await db.execute(sql`
          SELECT id::text AS id, sweep_id::text AS sweep_id, chain, purpose, tx_hash, status, nonce::text AS nonce,
                 fee_paid::text AS fee_paid, ${ms(sql`created_at`)} AS created_at,
                 ${ms(sql`confirmed_at`)} AS confirmed_at
          FROM treasury_transactions
          WHERE sweep_id IN (${sql.join(
            sweepIds.map((id) => sql`${id}::bigint`),
            sql`, `,
          )})
          ORDER BY id`),
      );
    },

    /** How many sweeps each chain has in each state. */
    async sweepCounts() {
      return rowsOf<{ chain: string; status: string; count: number }>(
        await db.execute(sql`
          SELECT chain, status, count(*)::int AS count FROM sweeps GROUP BY chain, status ORDER BY chain, status`),
      );
    },

    /**
     * Withdrawals waiting for funds, oldest first. The status is matched as text and the columns saying since when
     * and why are read through to_jsonb, so this reads the same before and after the migration that adds them
     * (null until then).
     */
    async awaitingWithdrawals(limit: number) {
      return rowsOf<{
        id: string;
        user_id: string;
        username: string;
        chain: string;
        currency: string;
        amount: string;
        to_address: string;
        reason: string | null;
        created_at: number;
        awaiting_since: string | null;
      }>(
        await db.execute(sql`
          SELECT w.id::text AS id, w.user_id::text AS user_id, u.username, w.chain, w.currency,
                 w.amount::text AS amount, w.to_address,
                 coalesce(to_jsonb(w) ->> 'awaiting_reason', w.failure) AS reason,
                 ${ms(sql`w.created_at`)} AS created_at, to_jsonb(w) ->> 'awaiting_since' AS awaiting_since
          FROM withdrawals w JOIN users u ON u.id = w.user_id
          WHERE w.status = ${AWAITING_FUNDS}
          ORDER BY w.id LIMIT ${limit}`),
      );
    },

    async awaitingWithdrawalCount(): Promise<number> {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`SELECT count(*)::int AS n FROM withdrawals WHERE status = ${AWAITING_FUNDS}`),
      );
      return row?.n ?? 0;
    },

    /** Balances of platform accounts per currency now, every submode summed (the clearing accounts). */
    async platformBalances(codes: readonly string[]) {
      if (codes.length === 0) return [];
      return rowsOf<{ code: string; currency: string; balance: string }>(
        await db.execute(sql`
          SELECT platform_code AS code, currency, sum(balance)::text AS balance FROM accounts
          WHERE kind = 'platform' AND platform_code IN (${sql.join(
            codes.map((c) => sql`${c}`),
            sql`, `,
          )})
          GROUP BY platform_code, currency`),
      );
    },

    /** The latest reserves report's summary fields the treasury screen shows, or null before the first. */
    async latestReport() {
      const [row] = rowsOf<{
        id: string;
        created_at: number;
        status: string;
        liabilities: Record<string, string>;
        clearing: Record<string, Record<string, string>>;
        chain_holdings: unknown;
      }>(
        await db.execute(sql`
          SELECT id::text AS id, ${ms(sql`created_at`)} AS created_at, status, liabilities, clearing, chain_holdings
          FROM reserves_reports ORDER BY id DESC LIMIT 1`),
      );
      return row ?? null;
    },
  };
}
