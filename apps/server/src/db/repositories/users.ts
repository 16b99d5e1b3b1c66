import { and, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { boundAddresses, users } from '../schema.ts';

export type UserRow = typeof users.$inferSelect;

export function usersRepository(db: AppDb) {
  return {
    async insert(u: {
      username: string;
      walletAddress?: string;
      chainCurrency?: string;
      email?: string;
      inviterId?: bigint | null;
    }): Promise<bigint> {
      const [row] = await db.insert(users).values(u).returning({ id: users.id });
      if (!row) throw new Error('insert into users returned no row');
      return row.id;
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
    async usernameTaken(username: string) {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
      return row !== undefined;
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
