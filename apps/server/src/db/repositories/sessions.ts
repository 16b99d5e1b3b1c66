import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { sessions, users } from '../schema.ts';

export function sessionsRepository(db: AppDb) {
  // Every signed-in call looks its session up (the order-status poll ~3,333 times a second): one prepared
  // statement, built once, planned once per connection.
  let live: ReturnType<typeof prepareLive> | null = null;
  function prepareLive() {
    return db
      .select({ userId: sessions.userId, expiresAt: sessions.expiresAt, username: users.username })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql.placeholder('now')),
        ),
      )
      .limit(1)
      .prepare('session_find_live');
  }
  return {
    async insert(s: { tokenHash: string; userId: bigint; expiresAt: Date }) {
      await db.insert(sessions).values(s);
    },
    /** The live session of a token hash, with its user; null when unknown, revoked or expired. */
    async findLive(tokenHash: string, now: Date) {
      live ??= prepareLive();
      const [row] = await live.execute({ tokenHash, now: now.toISOString() });
      return row ?? null;
    },
    async extend(tokenHash: string, expiresAt: Date) {
      await db.update(sessions).set({ expiresAt }).where(eq(sessions.tokenHash, tokenHash));
    },
    async revoke(tokenHash: string, now: Date) {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
    },
    async revokeAllOfUser(userId: bigint, now: Date) {
      await db
        .update(sessions)
        .set({ revokedAt: sql`coalesce(${sessions.revokedAt}, ${now})` })
        .where(eq(sessions.userId, userId));
    },
  };
}
