import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { addressBook, addressBookOnly } from '../schema.ts';

export type AddressBookRow = typeof addressBook.$inferSelect;

/** The withdrawal address book of each user and its 'address book only' switch. */
export function addressBookRepository(db: AppDb) {
  return {
    /** The user's entries not removed, oldest first. */
    async ofUser(userId: bigint): Promise<AddressBookRow[]> {
      return db
        .select()
        .from(addressBook)
        .where(and(eq(addressBook.userId, userId), isNull(addressBook.removedAt)))
        .orderBy(asc(addressBook.id));
    },

    /** One entry of the user (null: none, or removed). */
    async entry(userId: bigint, id: bigint): Promise<AddressBookRow | null> {
      const [row] = await db
        .select()
        .from(addressBook)
        .where(and(eq(addressBook.id, id), eq(addressBook.userId, userId), isNull(addressBook.removedAt)));
      return row ?? null;
    },

    /** The user's entry for this address on `chain` (null: none). */
    async byAddress(userId: bigint, chain: string, address: string): Promise<AddressBookRow | null> {
      const [row] = await db
        .select()
        .from(addressBook)
        .where(
          and(
            eq(addressBook.userId, userId),
            eq(addressBook.chain, chain),
            eq(addressBook.address, address),
            isNull(addressBook.removedAt),
          ),
        );
      return row ?? null;
    },

    /** A new, unconfirmed entry; null when the address is already in the user's book. */
    async insert(row: { userId: bigint; chain: string; label: string; address: string }) {
      const [inserted] = await db.insert(addressBook).values(row).onConflictDoNothing().returning();
      return inserted ?? null;
    },

    /** Confirms an unconfirmed entry: usable from `usableAt`. Answers it, or null when it was confirmed already. */
    async confirm(userId: bigint, id: bigint, now: Date, usableAt: Date) {
      const [row] = await db
        .update(addressBook)
        .set({ confirmedAt: now, usableAt })
        .where(
          and(
            eq(addressBook.id, id),
            eq(addressBook.userId, userId),
            isNull(addressBook.confirmedAt),
            isNull(addressBook.removedAt),
          ),
        )
        .returning();
      return row ?? null;
    },

    async remove(userId: bigint, id: bigint, now: Date) {
      const [row] = await db
        .update(addressBook)
        .set({ removedAt: now })
        .where(and(eq(addressBook.id, id), eq(addressBook.userId, userId), isNull(addressBook.removedAt)))
        .returning();
      return row ?? null;
    },

    /** The switch's row (null: never turned on). */
    async onlySwitch(userId: bigint) {
      const [row] = await db.select().from(addressBookOnly).where(eq(addressBookOnly.userId, userId));
      return row ?? null;
    },

    /** Turns 'address book only' on at once (a pending turning-off is cancelled). */
    async turnOnlyOn(userId: bigint, now: Date) {
      await db
        .insert(addressBookOnly)
        .values({ userId, turnedOnAt: now, offAt: null })
        .onConflictDoUpdate({ target: addressBookOnly.userId, set: { turnedOnAt: now, offAt: sql`NULL` } });
    },

    /** 'Address book only' stops applying at `offAt`. */
    async scheduleOnlyOff(userId: bigint, offAt: Date) {
      await db.update(addressBookOnly).set({ offAt }).where(eq(addressBookOnly.userId, userId));
    },
  };
}
