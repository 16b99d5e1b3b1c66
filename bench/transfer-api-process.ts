/**
 * One API process of the transfer bench's K (bench/transfer-throughput.ts): ROLES=api over the database of
 * DATABASE_URL, on a free loopback port. Prints {"url": …} once it listens, and stops when its parent closes stdin.
 */
import { buildApp, loadConfig, openDatabase } from '@aidf/server';

const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  ROLES: 'api',
  WEB_DIST_DIR: '/nonexistent',
  DATA_DIR: ':memory:',
  DATABASE_URL: process.env.DATABASE_URL,
});
const database = await openDatabase(config);
const app = await buildApp({ config, database });
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ url })}\n`);
process.stdin.resume();
process.stdin.on('end', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
