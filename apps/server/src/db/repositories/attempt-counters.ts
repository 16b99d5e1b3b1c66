import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { attemptCounters } from '../schema.ts';

export interface CounterWindow {
  scope: string;
  key: string;
  windowStart: Date;
  expiresAt: Date;
}

export function attemptCountersRepository(db: AppDb) {
  const same = (w: CounterWindow) =>
    and(
      eq(attemptCounters.scope, w.scope),
      eq(attemptCounters.key, w.key),
      eq(attemptCounters.windowStart, w.windowStart),
    );
  return {
    /**
     * Counts one attempt in the window unless it already holds `max`: the new count, or null when full. One
     * statement, so concurrent callers on any instance are serialized by the row and never pass `max` together.
     */
    async take(w: CounterWindow, max: number): Promise<number | null> {
      const rows = await db
        .insert(attemptCounters)
        .values({ ...w, count: 1 })
        .onConflictDoUpdate({
          target: [attemptCounters.scope, attemptCounters.key, attemptCounters.windowStart],
          set: { count: sql`${attemptCounters.count} + 1` },
          setWhere: lt(attemptCounters.count, max),
        })
        .returning({ count: attemptCounters.count });
      return rows[0]?.count ?? null;
    },
    /** Gives one counted attempt back (a success, or a sibling counter that refused). */
    async giveBack(w: CounterWindow) {
      await db
        .update(attemptCounters)
        .set({ count: sql`${attemptCounters.count} - 1` })
        .where(and(same(w), gt(attemptCounters.count, 0)));
    },
    /** Forgets windows that have ended. */
    async sweep(now: Date) {
      await db.delete(attemptCounters).where(lt(attemptCounters.expiresAt, now));
    },
  };
}
