import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { rowsOf } from '../raw.ts';
import { depositAddresses } from '../schema.ts';

export function depositAddressesRepository(db: AppDb) {
  return {
    /** Records the derived address once; answers the stored one (the same, derivation being deterministic). */
    async remember(userId: bigint, chainCurrency: string, address: string, derivationIndex: number): Promise<string> {
      await db
        .insert(depositAddresses)
        .values({ userId, chainCurrency, address, derivationIndex })
        .onConflictDoNothing();
      const [row] = await db
        .select({ address: depositAddresses.address })
        .from(depositAddresses)
        .where(and(eq(depositAddresses.userId, userId), eq(depositAddresses.chainCurrency, chainCurrency)));
      if (!row) throw new Error('deposit address vanished after insert');
      return row.address;
    },

    /** Whether an EVM address (EIP-55 form) is one of the platform's deposit addresses, in either stored case. */
    async isPlatformAddress(address: `0x${string}`): Promise<boolean> {
      const [row] = await db
        .select({ userId: depositAddresses.userId })
        .from(depositAddresses)
        .where(inArray(depositAddresses.address, [address, address.toLowerCase()]))
        .limit(1);
      return row !== undefined;
    },

    /** Whether a Solana address is one of the platform's deposit addresses, handed out or still in the pool. */
    async isSolanaPlatformAddress(address: string): Promise<boolean> {
      const result = await db.execute(sql`
        SELECT 1 FROM deposit_addresses WHERE address = ${address} AND chain_currency = 'sol'
        UNION ALL SELECT 1 FROM solana_deposit_pool WHERE address = ${address} LIMIT 1`);
      return rowsOf(result).length > 0;
    },

    /** The user's deposit address on a chain, when one was made. */
    async of(userId: bigint, chainCurrency: string): Promise<string | null> {
      const [row] = await db
        .select({ address: depositAddresses.address })
        .from(depositAddresses)
        .where(and(eq(depositAddresses.userId, userId), eq(depositAddresses.chainCurrency, chainCurrency)));
      return row?.address ?? null;
    },

    /** Every deposit address of a chain: the ones the watcher asks the node about. */
    async addressesOf(chainCurrency: 'bnb' | 'sol'): Promise<string[]> {
      const rows = await db
        .select({ address: depositAddresses.address })
        .from(depositAddresses)
        .where(eq(depositAddresses.chainCurrency, chainCurrency))
        .orderBy(asc(depositAddresses.address));
      return rows.map((r) => r.address);
    },
  };
}
