import { and, eq, gte, ne, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { withdrawals, withdrawLimitOverrides } from '../schema.ts';

export type LimitPeriod = 'day' | 'days30';

/** One user's own withdrawal limits and what counts against them. */
export function withdrawLimitsRepository(db: AppDb) {
  return {
    /** The user's own limits in `currency`, by period (only the periods an operator raised). */
    async overridesOf(userId: bigint, currency: string): Promise<Map<LimitPeriod, string>> {
      const rows = await db
        .select({ period: withdrawLimitOverrides.period, amount: withdrawLimitOverrides.amount })
        .from(withdrawLimitOverrides)
        .where(and(eq(withdrawLimitOverrides.userId, userId), eq(withdrawLimitOverrides.currency, currency)));
      return new Map(rows.map((r) => [r.period as LimitPeriod, r.amount]));
    },

    /** Sets one user's own limit; answers the one it replaced (null when the platform's applied). */
    async setOverride(input: {
      userId: bigint;
      currency: string;
      period: LimitPeriod;
      amount: string;
      proposalId: bigint;
    }): Promise<string | null> {
      const before = (await this.overridesOf(input.userId, input.currency)).get(input.period) ?? null;
      await db
        .insert(withdrawLimitOverrides)
        .values(input)
        .onConflictDoUpdate({
          target: [withdrawLimitOverrides.userId, withdrawLimitOverrides.currency, withdrawLimitOverrides.period],
          set: { amount: input.amount, proposalId: input.proposalId, updatedAt: sql`now()` },
        });
      return before;
    },

    /**
     * What the user's withdrawals in `currency` requested on `fromDay` (UTC) or later add up to; a refunded one
     * (its payout failed) gives its amount back.
     */
    async requestedSince(userId: bigint, currency: string, fromDay: string): Promise<string> {
      const [row] = await db
        .select({ sum: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text` })
        .from(withdrawals)
        .where(
          and(
            eq(withdrawals.userId, userId),
            eq(withdrawals.currency, currency),
            gte(withdrawals.utcDay, fromDay),
            ne(withdrawals.status, 'refunded'),
          ),
        );
      return row?.sum ?? '0';
    },
  };
}
