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
  };
}
