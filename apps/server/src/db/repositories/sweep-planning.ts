import { sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { rowsOf } from '../raw.ts';

/** A deposit address and currency with credited deposits not yet swept, and no open sweep. */
export interface SweepCandidate {
  address: string;
  derivationIndex: number;
  userId: bigint;
  currency: string;
  decimals: number;
  /** Credited − swept, in the currency's base units. */
  unswept: bigint;
  /** The latest sweep of this address and currency (skipped, swept …), for the re-plan rule. */
  lastStatus: string | null;
  lastAmount: bigint | null;
}

/**
 * The sweeper's set-based reads (domain/treasury/bsc-sweep/plan-deposits.ts), apart from repos.sweeps: one query finds every
 * deposit address and currency whose credited deposits exceed what its swept sweeps took.
 */
export function sweepPlanningRepository(db: AppDb) {
  return {
    /**
     * Credited = the sum of chain_deposits to the address in the currency (whole units, scaled to base units by the
     * token's decimals: token_configs, the native coin's `nativeDecimals` where no row is); swept = the sum of its
     * swept deposit sweeps (base units). Addresses with an open sweep of the currency are left out.
     */
    async candidates(p: {
      chain: 'bsc';
      chainCurrency: string;
      currencies: readonly string[];
      nativeDecimals: number;
      limit: number;
    }): Promise<SweepCandidate[]> {
      const currencies = sql.join(
        p.currencies.map((c) => sql`${c}`),
        sql`, `,
      );
      const result = await db.execute(sql`
        WITH credited AS (
          SELECT lower(d.to_address) AS addr, d.currency, sum(d.amount) AS credited
          FROM chain_deposits d
          WHERE d.chain = ${p.chain} AND d.currency IN (${currencies})
          GROUP BY lower(d.to_address), d.currency
        ), swept AS (
          SELECT lower(w.from_address) AS addr, w.currency, sum(w.amount) AS swept
          FROM sweeps w
          WHERE w.chain = ${p.chain} AND w.kind = 'deposit' AND w.status = 'swept'
          GROUP BY lower(w.from_address), w.currency
        ), due AS (
          SELECT a.address, a.derivation_index, a.user_id, c.currency,
            coalesce(t.decimals, ${p.nativeDecimals}) AS decimals,
            trunc(c.credited * power(10::numeric, coalesce(t.decimals, ${p.nativeDecimals})))
              - coalesce(s.swept, 0) AS unswept
          FROM credited c
          JOIN deposit_addresses a ON lower(a.address) = c.addr AND a.chain_currency = ${p.chainCurrency}
          LEFT JOIN token_configs t ON t.chain_currency = ${p.chainCurrency} AND t.currency = c.currency
          LEFT JOIN swept s ON s.addr = c.addr AND s.currency = c.currency
        )
        SELECT due.address, due.derivation_index, due.user_id::text AS user_id, due.currency, due.decimals,
          due.unswept::text AS unswept, last.status AS last_status, last.amount::text AS last_amount
        FROM due
        LEFT JOIN LATERAL (
          SELECT w.status, w.amount FROM sweeps w
          WHERE w.chain = ${p.chain} AND w.from_address = due.address AND w.currency = due.currency
          ORDER BY w.id DESC LIMIT 1
        ) last ON true
        WHERE due.unswept > 0
          AND NOT EXISTS (
            SELECT 1 FROM sweeps o
            WHERE o.chain = ${p.chain} AND o.from_address = due.address AND o.currency = due.currency
              AND o.status IN ('planned', 'gas-funding', 'sweeping', 'failed', 'held'))
        ORDER BY due.address, due.currency
        LIMIT ${p.limit}`);
      return rowsOf<{
        address: string;
        derivation_index: number;
        user_id: string;
        currency: string;
        decimals: number;
        unswept: string;
        last_status: string | null;
        last_amount: string | null;
      }>(result).map((r) => ({
        address: r.address,
        derivationIndex: Number(r.derivation_index),
        userId: BigInt(r.user_id),
        currency: r.currency,
        decimals: Number(r.decimals),
        unswept: BigInt(r.unswept),
        lastStatus: r.last_status,
        lastAmount: r.last_amount === null ? null : BigInt(r.last_amount),
      }));
    },

    /** How many sweeps a chain has in each state (the aidf_sweeps metric). */
    async countByStatus(): Promise<{ chain: string; status: string; n: number }[]> {
      const result = await db.execute(sql`SELECT chain, status, count(*)::int AS n FROM sweeps GROUP BY chain, status`);
      return rowsOf<{ chain: string; status: string; n: number }>(result).map((r) => ({ ...r, n: Number(r.n) }));
    },
  };
}
