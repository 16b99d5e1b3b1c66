import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { repositories } from './db/repositories/index.ts';
import { seed } from './dev/seed.ts';
import { DEFAULT_TOKEN_CONFIG } from './domain/coin-config/token-config.ts';
import { buildApp } from './http/app.ts';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  const applied = await migrate(database);
  const repos = repositories(database.db);
  await repos.tokenConfigs.insertMissing(DEFAULT_TOKEN_CONFIG);
  const seeded = config.env === 'production' ? { announcements: 0 } : await seed(repos);

  const app = await buildApp({ config, database });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  app.log.info({ migrations: applied, seeded, database: where }, 'database ready');
  console.log(`\n  AIDF is running: ${address}\n  API docs:        ${address}/docs\n  Database:        ${where}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
