import { and, eq } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { depositAddresses } from '../schema.ts';

export function depositAddressesRepository(db: AppDb) {
  return {
    /** Records the derived address once; answers the stored one (the same, derivation being deterministic). */
    async remember(userId: bigint, chainCurrency: string, address: string): Promise<string> {
      await db.insert(depositAddresses).values({ userId, chainCurrency, address }).onConflictDoNothing();
      const [row] = await db
        .select({ address: depositAddresses.address })
        .from(depositAddresses)
        .where(and(eq(depositAddresses.userId, userId), eq(depositAddresses.chainCurrency, chainCurrency)));
      if (!row) throw new Error('deposit address vanished after insert');
      return row.address;
    },
  };
}
