import { and, eq } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { usedSignatures } from '../schema.ts';

export function usedSignaturesRepository(db: AppDb) {
  return {
    /** Records a signed text as used; false when it already was (a replay). */
    async claim(address: string, signContent: string): Promise<boolean> {
      const rows = await db
        .insert(usedSignatures)
        .values({ address, signContent })
        .onConflictDoNothing()
        .returning({ address: usedSignatures.address });
      return rows.length === 1;
    },

    /** Whether this address's signature of this text was accepted before. */
    async isUsed(address: string, signContent: string): Promise<boolean> {
      const rows = await db
        .select({ address: usedSignatures.address })
        .from(usedSignatures)
        .where(and(eq(usedSignatures.address, address), eq(usedSignatures.signContent, signContent)))
        .limit(1);
      return rows.length === 1;
    },
  };
}
