import type { Database } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { repositories } from './db/repositories/index.ts';
import { seed } from './dev/seed.ts';
import { DEFAULT_TOKEN_CONFIG } from './domain/coin-config/token-config.ts';

/** Brings a database up to date at start: migrations, the token config rows, and demo data outside production. */
export async function prepareDatabase(database: Database, options: { seedDemoData: boolean }) {
  const migrations = await migrate(database);
  const repos = repositories(database.db);
  await repos.tokenConfigs.insertMissing(DEFAULT_TOKEN_CONFIG);
  const seeded = options.seedDemoData ? await seed(repos) : { announcements: 0, demoUsers: 0 };
  return { migrations, seeded, repos };
}
