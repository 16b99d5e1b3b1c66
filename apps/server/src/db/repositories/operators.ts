import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { operatorBootstrap, operatorSessions, operators } from '../schema.ts';

/** Operators' accounts and sessions (0022_operators.sql). */
export function operatorsRepository(db: AppDb) {
  return {
    /** The new row, or null when the name is taken. */
    async insert(o: {
      username: string;
      role: string;
      passwordHash: string;
      totpSecret: string;
      createdBy: string;
      approvedBy: string | null;
    }) {
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
          createdBy: operators.createdBy,
          approvedBy: operators.approvedBy,
          createdAt: operators.createdAt,
          firstLoginAt: operators.firstLoginAt,
          disabledAt: operators.disabledAt,
          disabledBy: operators.disabledBy,
        })
        .from(operators)
        .orderBy(operators.id);
    },
    /** Held until the transaction ends: changes of who is an operator happen one at a time. */
    async lockRoster() {
      await db.execute(sql`SELECT pg_advisory_xact_lock(7301027)`);
    },
    /**
     * The bootstrap's record (0038_operator_bootstrap.sql): null before any admin; `endedAt` set once a second
     * admin has existed, after which OPERATOR_TOKEN creates no operator at once, whatever happens to them later.
     */
    async bootstrap() {
      const [row] = await db.select().from(operatorBootstrap).limit(1);
      return row ?? null;
    },
    /**
     * `username` has just become an admin (under lockRoster): the first admin ever is noted, a second one ends the
     * bootstrap at `at` in the same transaction; afterwards nothing changes.
     */
    async noteAdmin(username: string, at: Date) {
      await db.execute(sql`
        INSERT INTO operator_bootstrap (first_admin) VALUES (${username})
        ON CONFLICT (id) DO UPDATE SET second_admin = ${username}, ended_at = ${at.toISOString()}::timestamptz
        WHERE operator_bootstrap.ended_at IS NULL AND operator_bootstrap.first_admin <> ${username}`);
    },
    /** Admins who can still sign in: a disabling that would leave fewer than two is a proposal. */
    async enabledAdmins(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(operators)
        .where(and(eq(operators.role, 'admin'), isNull(operators.disabledAt)));
      return row?.n ?? 0;
    },
    /** The changed row, or null when the operator is unknown or already disabled. */
    async setRole(username: string, role: string) {
      const [row] = await db
        .update(operators)
        .set({ role })
        .where(and(eq(operators.username, username), isNull(operators.disabledAt)))
        .returning();
      return row ?? null;
    },
    /** Disables the account and ends its sessions in the same statement's transaction; null when not enabled. */
    async disable(username: string, by: string, now: Date) {
      const [row] = await db
        .update(operators)
        .set({ disabledAt: now, disabledBy: by })
        .where(and(eq(operators.username, username), isNull(operators.disabledAt)))
        .returning();
      if (!row) return null;
      await db
        .update(operatorSessions)
        .set({ revokedAt: now })
        .where(and(eq(operatorSessions.operatorId, row.id), isNull(operatorSessions.revokedAt)));
      return row;
    },
    /** A sign-in passed; the first one ends the enrolment (the TOTP QR is never shown again). */
    async recordSuccess(id: bigint, totpStep: number, now: Date) {
      await db
        .update(operators)
        .set({
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
            // A disabled operator's sessions end at once, even one racing the disabling.
            isNull(operators.disabledAt),
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
