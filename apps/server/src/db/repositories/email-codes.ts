import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { emailCodes } from '../schema.ts';

/** What a code may be used for (email_codes.purpose). */
export type EmailCodePurpose = 'login' | 'bind-address' | 'address-book' | 'change-email' | 'change-email-owner';

export function emailCodesRepository(db: AppDb) {
  return {
    async insert(c: {
      email: string;
      codeHash: string;
      createdAt: Date;
      expiresAt: Date;
      purpose?: EmailCodePurpose;
    }): Promise<bigint> {
      const [row] = await db.insert(emailCodes).values(c).returning({ id: emailCodes.id });
      if (!row) throw new Error('insert into email_codes returned no row');
      return row.id;
    },
    async sentSince(email: string, since: Date) {
      const [row] = await db
        .select({ n: count() })
        .from(emailCodes)
        .where(and(eq(emailCodes.email, email), gt(emailCodes.createdAt, since)));
      return row?.n ?? 0;
    },
    async latestCreatedAt(email: string) {
      const [row] = await db
        .select({ createdAt: emailCodes.createdAt })
        .from(emailCodes)
        .where(eq(emailCodes.email, email))
        .orderBy(desc(emailCodes.createdAt))
        .limit(1);
      return row?.createdAt ?? null;
    },
    /** The code row, locked for the check that follows. */
    async forCheck(id: bigint) {
      const [row] = await db.select().from(emailCodes).where(eq(emailCodes.id, id)).for('update');
      return row ?? null;
    },
    async countAttempt(id: bigint) {
      await db
        .update(emailCodes)
        .set({ attempts: sql`${emailCodes.attempts} + 1` })
        .where(eq(emailCodes.id, id));
    },
    /** A transaction-scoped lock on one e-mail address. */
    async lockEmail(email: string) {
      await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`email:${email}`}))`);
    },
    async consume(id: bigint, now: Date) {
      await db.update(emailCodes).set({ consumedAt: now }).where(eq(emailCodes.id, id));
    },
  };
}
