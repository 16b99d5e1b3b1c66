import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { operatorSessions, operators } from '../schema.ts';

export type OperatorRow = typeof operators.$inferSelect;

/** Operators' accounts and sessions (0022_operators.sql). */
export function operatorsRepository(db: AppDb) {
  return {
    /** The new row, or null when the name is taken. */
    async insert(o: { username: string; role: string; passwordHash: string; totpSecret: string; createdBy: string }) {
      const [row] = await db.insert(operators).values(o).onConflictDoNothing().returning();
      return row ?? null;
    },
    async byUsername(username: string) {
      const [row] = await db.select().from(operators).where(eq(operators.username, username)).limit(1);
      return row ?? null;
    },
    /** Locked for the sign-in that checks it, so parallel sign-ins count their failures one after another. */
    async byUsernameForUpdate(username: string) {
      const [row] = await db.select().from(operators).where(eq(operators.username, username)).for('update');
      return row ?? null;
    },
    async list() {
      return db
        .select({
          username: operators.username,
          role: operators.role,
          lockedUntil: operators.lockedUntil,
          createdBy: operators.createdBy,
          createdAt: operators.createdAt,
          firstLoginAt: operators.firstLoginAt,
        })
        .from(operators)
        .orderBy(operators.id);
    },
    async recordFailure(id: bigint, lockAfter: number, lockedUntil: Date) {
      await db
        .update(operators)
        .set({
          failedAttempts: sql`CASE WHEN ${operators.failedAttempts} + 1 >= ${lockAfter} THEN 0 ELSE ${operators.failedAttempts} + 1 END`,
          lockedUntil: sql`CASE WHEN ${operators.failedAttempts} + 1 >= ${lockAfter} THEN ${lockedUntil.toISOString()}::timestamptz ELSE ${operators.lockedUntil} END`,
        })
        .where(eq(operators.id, id));
    },
    /** A sign-in passed; the first one ends the enrolment (the TOTP QR is never shown again). */
    async recordSuccess(id: bigint, totpStep: number, now: Date) {
      await db
        .update(operators)
        .set({
          failedAttempts: 0,
          lockedUntil: null,
          totpLastStep: totpStep,
          firstLoginAt: sql`coalesce(${operators.firstLoginAt}, ${now.toISOString()}::timestamptz)`,
        })
        .where(eq(operators.id, id));
    },
    async insertSession(s: { tokenHash: string; operatorId: bigint; expiresAt: Date }) {
      await db.insert(operatorSessions).values(s);
    },
    /** The operator of a live session; null when unknown, revoked or expired. */
    async liveSession(tokenHash: string, now: Date) {
      const [row] = await db
        .select({ username: operators.username, role: operators.role, expiresAt: operatorSessions.expiresAt })
        .from(operatorSessions)
        .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
        .where(
          and(
            eq(operatorSessions.tokenHash, tokenHash),
            isNull(operatorSessions.revokedAt),
            gt(operatorSessions.expiresAt, now),
          ),
        )
        .orderBy(desc(operatorSessions.createdAt))
        .limit(1);
      return row ?? null;
    },
    async revokeSession(tokenHash: string, now: Date) {
      await db
        .update(operatorSessions)
        .set({ revokedAt: now })
        .where(and(eq(operatorSessions.tokenHash, tokenHash), isNull(operatorSessions.revokedAt)));
    },
  };
}
