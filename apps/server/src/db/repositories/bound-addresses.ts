import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { boundAddresses } from '../schema.ts';

export function boundAddressesRepository(db: AppDb) {
  return {
    ofUser(userId: bigint) {
      return db
        .select({ currency: boundAddresses.currency, walletAddress: boundAddresses.walletAddress })
        .from(boundAddresses)
        .where(eq(boundAddresses.userId, userId))
        .orderBy(asc(boundAddresses.currency));
    },
    async ofUserAndCurrency(userId: bigint, currency: string) {
      const [row] = await db
        .select({ walletAddress: boundAddresses.walletAddress })
        .from(boundAddresses)
        .where(and(eq(boundAddresses.userId, userId), eq(boundAddresses.currency, currency)));
      return row?.walletAddress ?? null;
    },
    /**
     * Whether a user has bound one of `forms` (the spellings of one address: EIP-55 and lower case on EVM) for
     * `currency`: such an address is a user's, never one the platform may name as its own.
     */
    async isUserAddress(currency: 'bnb' | 'sol', forms: readonly string[]): Promise<boolean> {
      const [row] = await db
        .select({ userId: boundAddresses.userId })
        .from(boundAddresses)
        .where(and(eq(boundAddresses.currency, currency), inArray(boundAddresses.walletAddress, [...forms])))
        .limit(1);
      return row !== undefined;
    },
    /** A transaction-scoped lock on one address of a currency: one first sign-in of it at a time. */
    async lockAddress(currency: string, walletAddress: string) {
      await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`address:${currency}:${walletAddress}`}))`);
    },
    /** False when the address or the user's slot for that currency is taken. */
    async insert(b: { userId: bigint; currency: string; walletAddress: string }): Promise<boolean> {
      const rows = await db
        .insert(boundAddresses)
        .values(b)
        .onConflictDoNothing()
        .returning({ userId: boundAddresses.userId });
      return rows.length === 1;
    },
    async remove(userId: bigint, currency: string) {
      await db
        .delete(boundAddresses)
        .where(and(eq(boundAddresses.userId, userId), eq(boundAddresses.currency, currency)));
    },
  };
}
