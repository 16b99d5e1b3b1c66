/**
 * The server the e2e tests drive: the real app on an in-memory PGlite with the seed data, plus one
 * signed-in user whose session token (made by the server's own session code) the tests put in storage.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, createSession, loadConfig, openDatabase, prepareDatabase } from '@aidf/server';

const here = path.dirname(fileURLToPath(import.meta.url));
export const STATE_FILE = path.join(here, '..', '.state', 'session.json');

const config = loadConfig({ ...process.env, NODE_ENV: 'test', DATA_DIR: ':memory:', LOG_LEVEL: 'warn' });
const database = await openDatabase({ dataDir: ':memory:' });
const { repos } = await prepareDatabase(database, { seedDemoData: true });

const username = 'e2e_alice';
const mid = await repos.users.insert({ username });
const token = await createSession(repos, mid);
fs.mkdirSync(path.dirname(STATE_FILE), { recursive: true });
fs.writeFileSync(STATE_FILE, JSON.stringify({ token, mid: mid.toString(), username }));

const app = await buildApp({ config, database });
await app.listen({ port: config.port, host: '127.0.0.1' });
const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
