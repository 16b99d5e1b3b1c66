import { and, eq, gt, isNull, lt, notLike, or, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { rowsOf } from '../raw.ts';
import { authenticatorRecoveryCodes, userAuthenticators } from '../schema.ts';

/**
 * Seals and opens users' authenticator secrets (made in domain/auth/authenticator-seal.ts from the API's key); the
 * API's repositories carry one.
 */
export interface AuthenticatorSeal {
  /** The id of the current key; every value sealed now carries it. */
  readonly keyId: string;
  seal(userId: bigint, secret: string): string;
  /**
   * The secret of `stored`, and whether it is sealed under the current key already; null when it does not open
   * (sealed for another user, or altered). A key id neither key has is a configuration fault: it throws.
   */
  open(userId: bigint, stored: string): { secret: string; current: boolean } | null;
}

export type AuthenticatorRow = typeof userAuthenticators.$inferSelect;

/** Users' authenticators (TOTP) and their recovery codes. */
export function authenticatorsRepository(db: AppDb) {
  return {
    async of(userId: bigint): Promise<AuthenticatorRow | null> {
      const [row] = await db.select().from(userAuthenticators).where(eq(userAuthenticators.userId, userId));
      return row ?? null;
    },

    /** Replaces the stored secret `from` by `to` (the same secret sealed anew); nothing when it changed meanwhile. */
    async reseal(userId: bigint, from: string, to: string) {
      await db
        .update(userAuthenticators)
        .set({ secret: to })
        .where(and(eq(userAuthenticators.userId, userId), eq(userAuthenticators.secret, from)));
    },

    /**
     * Up to `limit` stored secrets not sealed under the key `keyId` (plain ones, or under an earlier key), of users
     * after `afterUserId`, in user order.
     */
    async notSealedUnder(keyId: string, afterUserId: bigint, limit: number) {
      return db
        .select({ userId: userAuthenticators.userId, secret: userAuthenticators.secret })
        .from(userAuthenticators)
        .where(and(gt(userAuthenticators.userId, afterUserId), notLike(userAuthenticators.secret, `v1.${keyId}.%`)))
        .orderBy(userAuthenticators.userId)
        .limit(limit);
    },

    /** Puts many resealed secrets back in one statement, each only where its stored value is still `from`. */
    async resealMany(rows: readonly { userId: bigint; from: string; to: string }[]) {
      if (rows.length === 0) return 0;
      const json = JSON.stringify(
        rows.map((r) => ({ user_id: r.userId.toString(), from_value: r.from, to_value: r.to })),
      );
      const result = await db.execute(sql`
        UPDATE user_authenticators a SET secret = r.to_value
          FROM json_to_recordset(${json}::json) AS r(user_id bigint, from_value text, to_value text)
         WHERE a.user_id = r.user_id AND a.secret = r.from_value
        RETURNING a.user_id`);
      return rowsOf(result).length;
    },

    /** A new secret waiting for its first code; replaces one not enabled (never an enabled one: null then). */
    async startSetup(userId: bigint, secret: string) {
      const [row] = await db
        .insert(userAuthenticators)
        .values({ userId, secret })
        .onConflictDoUpdate({
          target: userAuthenticators.userId,
          set: { secret, lastStep: null, createdAt: sql`now()` },
          setWhere: isNull(userAuthenticators.enabledAt),
        })
        .returning();
      return row ?? null;
    },

    /**
     * Accepts `step` once: true when it is later than every step accepted before (and records it), false for a
     * code of a step already used or earlier (a replay).
     */
    async acceptStep(userId: bigint, step: number): Promise<boolean> {
      const rows = await db
        .update(userAuthenticators)
        .set({ lastStep: step })
        .where(
          and(
            eq(userAuthenticators.userId, userId),
            or(isNull(userAuthenticators.lastStep), lt(userAuthenticators.lastStep, step)),
          ),
        )
        .returning({ userId: userAuthenticators.userId });
      return rows.length === 1;
    },

    /** Turns the authenticator on with ten fresh recovery codes (the earlier ones, if any, are dropped). */
    async enable(userId: bigint, now: Date, codeHashes: readonly string[]) {
      await db.update(userAuthenticators).set({ enabledAt: now }).where(eq(userAuthenticators.userId, userId));
      await db.delete(authenticatorRecoveryCodes).where(eq(authenticatorRecoveryCodes.userId, userId));
      await db.insert(authenticatorRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
    },

    /** Removes the user's authenticator and its codes; false when there was none any more (another request won). */
    async disable(userId: bigint): Promise<boolean> {
      const removed = await db
        .delete(userAuthenticators)
        .where(eq(userAuthenticators.userId, userId))
        .returning({ userId: userAuthenticators.userId });
      if (removed.length === 0) return false;
      await db.delete(authenticatorRecoveryCodes).where(eq(authenticatorRecoveryCodes.userId, userId));
      return true;
    },

    /** Uses one unused recovery code: true once, false for an unknown or used one. */
    async useRecoveryCode(userId: bigint, codeHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(authenticatorRecoveryCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(authenticatorRecoveryCodes.userId, userId),
            eq(authenticatorRecoveryCodes.codeHash, codeHash),
            isNull(authenticatorRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: authenticatorRecoveryCodes.id });
      return rows.length === 1;
    },

    async recoveryCodesLeft(userId: bigint): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(authenticatorRecoveryCodes)
        .where(and(eq(authenticatorRecoveryCodes.userId, userId), isNull(authenticatorRecoveryCodes.usedAt)));
      return row?.n ?? 0;
    },
  };
}
