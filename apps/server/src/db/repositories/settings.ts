import { eq, inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { settings } from '../schema.ts';

export function settingsRepository(db: AppDb) {
  return {
    /** The values of `keys` that exist, by key. */
    async get(keys: readonly string[]): Promise<Map<string, string>> {
      const rows = await db
        .select({ key: settings.key, value: settings.value })
        .from(settings)
        .where(inArray(settings.key, [...keys]));
      return new Map(rows.map((r) => [r.key, r.value]));
    },

    async all() {
      return db.select().from(settings).orderBy(settings.key);
    },

    /** Sets one value and answers the one it replaced (null for a new key); the row stays locked until commit. */
    async set(key: string, value: string, by: string): Promise<string | null> {
      const [before] = await db
        .select({ value: settings.value })
        .from(settings)
        .where(eq(settings.key, key))
        .for('update');
      await db
        .insert(settings)
        .values({ key, value, updatedBy: by })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy: by, updatedAt: sql`now()` } });
      return before?.value ?? null;
    },
  };
}
