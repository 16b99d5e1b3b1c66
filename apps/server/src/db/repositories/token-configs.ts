import { asc } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { tokenConfigs } from '../schema.ts';

export interface TokenConfigRow {
  chainCurrency: string;
  currency: string;
  contractAddress: string | null;
  decimals: number;
}

export function tokenConfigsRepository(db: AppDb) {
  return {
    all(): Promise<TokenConfigRow[]> {
      return db.select().from(tokenConfigs).orderBy(asc(tokenConfigs.chainCurrency), asc(tokenConfigs.currency));
    },
    /** Points a token at its contract (the dev chain's freshly deployed ones). */
    async setContract(chainCurrency: string, currency: string, contractAddress: string, decimals: number) {
      await db
        .insert(tokenConfigs)
        .values({ chainCurrency, currency, contractAddress, decimals })
        .onConflictDoUpdate({
          target: [tokenConfigs.chainCurrency, tokenConfigs.currency],
          set: { contractAddress, decimals },
        });
    },
    /** Adds the rows that are missing; an operator's later change of a row is kept. */
    async insertMissing(rows: TokenConfigRow[]) {
      await db.insert(tokenConfigs).values(rows).onConflictDoNothing();
    },
  };
}
