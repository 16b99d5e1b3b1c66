import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.ts';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any fixed number: instances starting together queue on it instead of migrating twice.
const MIGRATION_LOCK = 7_301_001;

/** Applies the SQL files in ./migrations not yet applied, in name order, in one transaction. */
export async function migrate(database: Pick<Database, 'withSession'>): Promise<string[]> {
  const files = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  return database.withSession(async (session) => {
    await session.exec('BEGIN');
    try {
      await session.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await session.exec(
        'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      const applied = new Set(
        (await session.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
      );
      const pending = files.filter((f) => !applied.has(f));
      for (const file of pending) {
        await session.exec(fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8'));
        await session.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      }
      await session.exec('COMMIT');
      return pending;
    } catch (error) {
      await session.exec('ROLLBACK');
      throw error;
    }
  });
}
