import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { buildApp, loadConfig, migrate, repositories, throwawayDatabase } from '@aidf/server';
import { profiled } from './cpu-profile.ts';
import { signedLoad, signedRequests, signIn } from './signed-load.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
/** The capacity run: as many polls as 50 connections, each waiting for its answer, get. */
const CONNECTIONS = 50;
/**
 * The target run's connections: as many polls as may be in flight at once before a due poll waits for one. 10,000
 * phones are 10,000 clients; 200 connections leave the generator room, so a poll waits only for the server.
 */
const TARGET_CONNECTIONS = 200;
/** How often the app polls an order awaiting payment (SPEC.md point 5). */
const POLL_PERIOD_MS = 3000;
/**
 * The phones poll for two periods before the measured window: the generator opens its connections and the first
 * polls queue behind them (half a second of p99 in the hundreds of milliseconds on a 2-core machine), which 10,000
 * phones opening the page at unrelated times never do all at once.
 */
const WARMUP_MS = 2 * POLL_PERIOD_MS;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const here = path.dirname(fileURLToPath(import.meta.url));
const PHONES = path.join(here, 'order-poll-phones.mjs');

interface PhonesResult {
  sent: number;
  answered: number;
  failures: number;
  firstFailure: string | null;
  rps: number;
  p50: number;
  p99: number;
  max: number;
}

/** The target run (order-poll-phones.mjs): every order polled every POLL_PERIOD_MS from its own phase, open loop. */
function phones(url: string, pollersFile: string, durationMs: number): Promise<PhonesResult> {
  const worker = new Worker(PHONES, {
    workerData: {
      url,
      pollersFile,
      warmupMs: WARMUP_MS,
      durationMs,
      periodMs: POLL_PERIOD_MS,
      connections: TARGET_CONNECTIONS,
    },
  });
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`order-poll-phones exited with ${code}`)));
  });
}

/** Pending orders and a signed poll of each, as its own user's session. */
async function seed(database: Awaited<ReturnType<typeof throwawayDatabase>>) {
  const repos = repositories(database.db);
  await database.withSession(async (session) => {
    await session.query(`INSERT INTO users (username) SELECT 'poller' || i FROM generate_series(1, $1::int) AS i`, [
      ORDERS,
    ]);
    await session.exec(`
      INSERT INTO machine_orders (user_id, item_id, worth, status, expires_at)
      SELECT u.id, (SELECT min(id) FROM machine_price_items), 100, 0, now() + interval '1 day'
      FROM users u;
      INSERT INTO machine_order_amounts (order_id, currency, price, lack) SELECT id, 'bnb', 0.15, 0.1 FROM machine_orders`);
  });
  const rows = await database.withSession((s) =>
    s.query<{ id: string; user: string }>(
      'SELECT id::text AS id, user_id::text AS user FROM machine_orders ORDER BY id',
    ),
  );
  const tokens = await signIn(
    repos,
    rows.map((r) => r.user),
  );
  const polls = rows.map((r, i) => ({ id: r.id, token: tokens[i] as string }));
  const pollers = signedRequests(polls, 'GET', (p) => `/v1/cow/home/order/${p.id}`, '');
  // Statistics, as a database in service has them: without, autovacuum analyses the new rows during the run.
  await database.withSession((s) =>
    s.exec('ANALYZE users; ANALYZE sessions; ANALYZE machine_orders; ANALYZE machine_order_amounts'),
  );
  return pollers;
}

/**
 * Order-status polls: ORDERS users each with an order awaiting payment (seeded set-based), polled with
 * GET /v1/cow/home/order/{orderId} by random users through the whole stack (request signature, session, the
 * order view with its hints and unconfirmed payments). The load comes from a worker thread, so the server's
 * thread does only the server's work, as with remote clients. Two runs: `capacity`, autocannon's 50 connections as
 * fast as the server answers; `target`, what the target names: each of the ORDERS orders polled every 3 s from its
 * own phase (ORDERS / 3 polls a second, open loop, order-poll-phones.mjs), whose p99 must stay under 50 ms.
 */
export async function orderPollThroughput(adminUrl?: string) {
  const database = await throwawayDatabase(adminUrl);
  const pollersFile = path.join(os.tmpdir(), `aidf-order-polls-${process.pid}.json`);
  try {
    await migrate(database);
    const pollers = await seed(database);
    fs.writeFileSync(pollersFile, JSON.stringify(pollers));
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
        WEB_DIST_DIR: '/nonexistent',
        DATA_DIR: ':memory:',
      }),
      database,
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const needed = pollers.length / 3;
    const run = (durationS: number) =>
      signedLoad(url, pollersFile, { connections: CONNECTIONS, durationS, label: 'order polls' });
    try {
      await run(1); // warm-up
      const capacity = await profiled(() => run(DURATION_S));
      const offered = await phones(url, pollersFile, DURATION_S * 1000);
      if (offered.failures > 0) {
        throw new Error(`order polls: ${offered.failures} of ${offered.sent} failed, first: ${offered.firstFailure}`);
      }
      const target = { rps: offered.rps, p50: offered.p50, p99: offered.p99, max: offered.max };
      return {
        database: database.kind,
        orders: pollers.length,
        needed,
        connections: { capacity: CONNECTIONS, target: TARGET_CONNECTIONS },
        capacity,
        target,
      };
    } finally {
      await app.close();
    }
  } finally {
    fs.rmSync(pollersFile, { force: true });
    await database.close();
    await database.drop();
  }
}
