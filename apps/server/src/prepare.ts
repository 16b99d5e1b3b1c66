import type { Database } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { repositories } from './db/repositories/index.ts';
import { DEFAULT_TOKEN_CONFIG } from './domain/coin-config/token-config.ts';

/**
 * Brings a database up to date at start: migrations, the token config rows, and the demo data when asked
 * (only beside the dev chains: config-mode.ts).
 */
export async function prepareDatabase(database: Database, options: { seedDemoData: boolean }) {
  const migrations = await migrate(database);
  const repos = repositories(database.db);
  await repos.tokenConfigs.insertMissing(DEFAULT_TOKEN_CONFIG);
  // Loaded only when asked, so a production start never loads the demo users and their public keys.
  const seeded = options.seedDemoData
    ? await (await import('./dev/seed.ts')).seed(repos)
    : { announcements: 0, demoUsers: 0 };
  return { migrations, seeded, repos };
}
