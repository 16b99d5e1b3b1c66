import { and, count, eq, gt } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { loginFailures } from '../schema.ts';

export function loginFailuresRepository(db: AppDb) {
  return {
    async record(loginName: string, ip: string) {
      await db.insert(loginFailures).values({ loginName, ip });
    },
    async since(since: Date, by: { loginName: string } | { ip: string }) {
      const where = 'loginName' in by ? eq(loginFailures.loginName, by.loginName) : eq(loginFailures.ip, by.ip);
      const [row] = await db
        .select({ n: count() })
        .from(loginFailures)
        .where(and(where, gt(loginFailures.at, since)));
      return row?.n ?? 0;
    },
  };
}
