import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DEMO_USERS } from './dev/demo-users.ts';
import { buildApp } from './http/app.ts';
import { prepareDatabase } from './prepare.ts';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  const { migrations, seeded } = await prepareDatabase(database, { seedDemoData: config.env !== 'production' });

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
  app.log.info({ migrations, seeded, database: where }, 'database ready');
  console.log(`\n  AIDF is running: ${address}\n  API docs:        ${address}/docs\n  Database:        ${where}`);
  if (config.env !== 'production') {
    console.log(`  Dev mailbox:     ${address}/dev/mailbox`);
    console.log(
      `  Operator token:  ${config.operatorToken}  (npm run operator -- credit <user> <currency> <amount> --reason "...")`,
    );
    console.log('  Demo users (import the dev key into a browser wallet on BNB Smart Chain to sign in):');
    for (const demo of DEMO_USERS)
      console.log(`    ${demo.username.padEnd(6)} ${demo.address}  key ${demo.privateKey}`);
  }
  console.log('');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
