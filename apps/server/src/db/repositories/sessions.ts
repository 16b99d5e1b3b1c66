import { and, desc, eq, gt, isNull, like, ne, sql } from 'drizzle-orm';
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
    async insert(s: {
      tokenHash: string;
      userId: bigint;
      expiresAt: Date;
      userAgent?: string | null;
      ipPrefix?: string | null;
      deviceKey?: string | null;
      signInWallet?: string | null;
      lastSeenAt?: Date;
    }) {
      await db.insert(sessions).values(s);
    },
    /**
     * Whether the user signed in before (a session that recorded its device: the sessions from before devices were
     * recorded do not count, so the first sign-in after the upgrade is not told as new), on this device, and with
     * this wallet (null: no wallet asked).
     */
    async pastSignIns(userId: bigint, deviceKey: string, wallet: string | null) {
      const [row] = await db
        .select({
          any: sql<boolean>`count(${sessions.deviceKey}) > 0`,
          device: sql<boolean>`coalesce(bool_or(${sessions.deviceKey} = ${deviceKey}), false)`,
          wallet: sql<boolean>`coalesce(bool_or(${sessions.signInWallet} = ${wallet}), false)`,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId));
      return { any: row?.any ?? false, device: row?.device ?? false, wallet: row?.wallet ?? false };
    },
    /** The user's live sessions (signed-in devices), the latest used first. */
    listLive(userId: bigint, now: Date) {
      return db
        .select({
          tokenHash: sessions.tokenHash,
          userAgent: sessions.userAgent,
          ipPrefix: sessions.ipPrefix,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
        })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
        .orderBy(desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`));
    },
    /** Signs out the user's live session whose hash starts with `idPrefix`; false when there is none. */
    async revokeOfUser(userId: bigint, idPrefix: string, now: Date) {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(
          and(
            eq(sessions.userId, userId),
            like(sessions.tokenHash, `${idPrefix}%`),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
          ),
        )
        .returning({ tokenHash: sessions.tokenHash });
      return rows.length > 0;
    },
    /** Signs out every session of the user but `keepTokenHash`. */
    async revokeOthers(userId: bigint, keepTokenHash: string, now: Date) {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash), isNull(sessions.revokedAt)));
    },
    /** The live session of a token hash, with its user; null when unknown, revoked or expired. */
    async findLive(tokenHash: string, now: Date) {
      live ??= prepareLive();
      const [row] = await live.execute({ tokenHash, now: now.toISOString() });
      return row ?? null;
    },
    /** Slides the expiry; what the devices list shows as last used is written with it. */
    async extend(tokenHash: string, expiresAt: Date, now = new Date()) {
      await db.update(sessions).set({ expiresAt, lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
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
