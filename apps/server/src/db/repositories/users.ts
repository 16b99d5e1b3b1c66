import { eq } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { users } from '../schema.ts';

export function usersRepository(db: AppDb) {
  return {
    async insert(u: { username: string }): Promise<bigint> {
      const [row] = await db.insert(users).values(u).returning({ id: users.id });
      if (!row) throw new Error('insert into users returned no row');
      return row.id;
    },
    async byId(id: bigint) {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },
  };
}
