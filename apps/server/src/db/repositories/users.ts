import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { boundAddresses, users } from '../schema.ts';

export type UserRow = typeof users.$inferSelect;
export interface NewUser {
  username: string;
  walletAddress?: string;
  chainCurrency?: string;
  email?: string;
  inviterId?: bigint | null;
}

export function usersRepository(db: AppDb) {
  return {
    async insert(u: NewUser): Promise<bigint> {
      const [row] = await db.insert(users).values(u).returning({ id: users.id });
      if (!row) throw new Error('insert into users returned no row');
      return row.id;
    },
    /**
     * Inserts the user unless its username is taken, then answers null. ON CONFLICT waits for a concurrent
     * insert of the same name and yields to it, so two sign-ins picking one name never end in an error.
     */
    async insertUnlessUsernameTaken(u: NewUser): Promise<bigint | null> {
      const [row] = await db
        .insert(users)
        .values(u)
        .onConflictDoNothing({ target: users.username })
        .returning({ id: users.id });
      return row?.id ?? null;
    },
    async byId(id: bigint) {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },
    /** Locks the user's row for the rest of the transaction (inviter binding, address changes). */
    async byIdForUpdate(id: bigint) {
      const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
      return row ?? null;
    },
    /**
     * Locks users' rows in id order for a change of their money (a withdrawal request, a deposit credit): the
     * global lock order is these rows first, then the ledger's accounts in id order. NO KEY UPDATE still
     * serialises such changes, yet never blocks another transaction's foreign-key check on the user.
     */
    async lockForMoney(ids: bigint[]) {
      const sorted = [...new Set(ids)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      if (sorted.length === 0) return;
      await db
        .select({ id: users.id })
        .from(users)
        .where(inArray(users.id, sorted))
        .orderBy(asc(users.id))
        .for('no key update');
    },
    /** One change of the invitation tree at a time (transaction-scoped): two binds at once cannot close a cycle. */
    async lockInviteTree() {
      await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('invite-tree'))`);
    },
    async byUsername(username: string) {
      const [row] = await db.select().from(users).where(eq(users.username, username)).limit(1);
      return row ?? null;
    },
    async byEmail(email: string) {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row ?? null;
    },
    /** The user a wallet address is bound to, for that currency. */
    async byBoundAddress(currency: string, walletAddress: string) {
      const [row] = await db
        .select({ user: users })
        .from(boundAddresses)
        .innerJoin(users, eq(users.id, boundAddresses.userId))
        .where(and(eq(boundAddresses.currency, currency), eq(boundAddresses.walletAddress, walletAddress)))
        .limit(1);
      return row?.user ?? null;
    },
    async setEmail(id: bigint, email: string) {
      await db.update(users).set({ email }).where(eq(users.id, id));
    },
    async setPasswordHash(id: bigint, passwordHash: string) {
      await db.update(users).set({ passwordHash }).where(eq(users.id, id));
    },
    async setInviter(id: bigint, inviterId: bigint) {
      await db.update(users).set({ inviterId }).where(eq(users.id, id));
    },
    /** The ids above a user, nearest first, to refuse invitation cycles. */
    async uplineIds(id: bigint, limit = 10_000): Promise<bigint[]> {
      const result = await db.execute(sql`
        WITH RECURSIVE up(id, inviter_id, depth) AS (
          SELECT id, inviter_id, 0 FROM users WHERE id = ${id}
          UNION ALL
          SELECT u.id, u.inviter_id, up.depth + 1 FROM users u JOIN up ON u.id = up.inviter_id WHERE up.depth < ${limit}
        )
        SELECT inviter_id FROM up WHERE inviter_id IS NOT NULL ORDER BY depth`);
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { inviter_id: string }[];
      return rows.map((r) => BigInt(r.inviter_id));
    },
  };
}
