import { eq, max } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { securityChanges } from '../schema.ts';

export type SecurityChangeKind = 'bind-address' | 'unbind-address' | 'password' | 'email';

export function securityChangesRepository(db: AppDb) {
  return {
    async insert(c: {
      userId: bigint;
      kind: SecurityChangeKind;
      currency?: string | null;
      walletAddress?: string | null;
      createdAt: Date;
      holdUntil: Date;
    }) {
      await db.insert(securityChanges).values(c);
    },
    /** The end of the latest hold on the user's outgoing money; null when the account never changed. */
    async holdUntil(userId: bigint): Promise<Date | null> {
      const [row] = await db
        .select({ until: max(securityChanges.holdUntil) })
        .from(securityChanges)
        .where(eq(securityChanges.userId, userId));
      return row?.until ?? null;
    },
    /** Every change of a user, oldest first: what changed, when, and which address. */
    ofUser(userId: bigint) {
      return db.select().from(securityChanges).where(eq(securityChanges.userId, userId)).orderBy(securityChanges.id);
    },
  };
}
