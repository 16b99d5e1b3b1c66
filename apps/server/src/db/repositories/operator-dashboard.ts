import { SUBMODES } from '@aidf/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { rowsOf } from '../raw.ts';

/** Withdrawal states still on their way out through the payout worker. */
export const QUEUED_PAYOUT_STATES = ['requested', 'awaiting-funds', 'signed', 'sent'] as const;
export type PayoutFilter = 'held' | 'queued' | 'all';

const ms = (column: SQL) => sql`floor(extract(epoch from ${column}) * 1000)::float8`;

/** The operator console's dashboard and payout list. */
export function operatorDashboardRepository(db: AppDb) {
  const payoutWhere = (filter: PayoutFilter) =>
    filter === 'held'
      ? sql`WHERE w.status = 'held'`
      : filter === 'queued'
        ? sql`WHERE w.status IN (${sql.join(
            QUEUED_PAYOUT_STATES.map((s) => sql`${s}`),
            sql`, `,
          )})`
        : sql``;

  return {
    /** Users' money per currency: available (normal) and frozen sums, and how many users hold any. */
    async userBalances() {
      return rowsOf<{ currency: string; available: string; frozen: string; holders: number }>(
        await db.execute(sql`
          SELECT currency,
                 coalesce(sum(balance) FILTER (WHERE submode = ${SUBMODES.normal}), 0)::text AS available,
                 coalesce(sum(balance) FILTER (WHERE submode <> ${SUBMODES.normal}), 0)::text AS frozen,
                 count(DISTINCT owner_user_id) FILTER (WHERE balance > 0)::int AS holders
          FROM accounts WHERE kind = 'user' GROUP BY currency ORDER BY currency`),
      );
    },

    /** The latest reserves report's number, time, status, alerts (null: it did not read the chains) and publication. */
    async latestReserves() {
      const [row] = rowsOf<{
        id: string;
        created_at: number;
        status: string;
        alerts: unknown;
        publication_status: string;
        publication_block: string | null;
      }>(
        await db.execute(sql`
          SELECT id::text AS id, ${ms(sql`created_at`)} AS created_at, status, alerts, publication_status,
            publication_block::text AS publication_block
          FROM reserves_reports ORDER BY id DESC LIMIT 1`),
      );
      return row ?? null;
    },

    /** Each job's last finished day and when that run finished. */
    async jobsLastDone() {
      return rowsOf<{ job: string; day: string; ran_at: number | null }>(
        await db.execute(sql`
          SELECT DISTINCT ON (job) job, day::text AS day, ${ms(sql`finished_at`)} AS ran_at
          FROM job_runs WHERE status = 'done' ORDER BY job, day DESC`),
      );
    },

    /** Payouts newest first, with the user's name; `held` are those set aside for an operator. */
    async payouts(filter: PayoutFilter, limit: number, offset: number) {
      const where = payoutWhere(filter);
      const rows = rowsOf<{
        id: string;
        user_id: string;
        username: string;
        chain: string;
        currency: string;
        amount: string;
        to_address: string;
        status: string;
        reason: string | null;
        created_at: number;
      }>(
        await db.execute(sql`
          SELECT w.id::text AS id, w.user_id::text AS user_id, u.username, w.chain, w.currency,
                 w.amount::text AS amount, w.to_address, w.status,
                 coalesce(w.held_reason, CASE WHEN w.status = 'awaiting-funds' THEN w.awaiting_reason END, w.failure)
                   AS reason,
                 ${ms(sql`w.created_at`)} AS created_at
          FROM withdrawals w JOIN users u ON u.id = w.user_id ${where}
          ORDER BY w.id DESC LIMIT ${limit} OFFSET ${offset}`),
      );
      const [count] = rowsOf<{ n: string }>(
        await db.execute(sql`SELECT count(*)::text AS n FROM withdrawals w ${where}`),
      );
      return { rows, total: Number(count?.n ?? 0) };
    },
  };
}
