import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEV_REQUEST_SIGN_SECRET, requestSignature } from '@aidf/contract';
import { buildApp, createSession, loadConfig, migrate, repositories, throwawayDatabase } from '@aidf/server';
import autocannon from 'autocannon';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
/** The capacity run: as many polls as 50 connections, each waiting for its answer, get. */
const CONNECTIONS = 50;
/**
 * The target run's connections. Each connection waits for one answer before it sends the next, so N connections
 * offer at most N / latency polls a second: 50 at ~15 ms is 3,333 a second, exactly the rate offered, and the
 * generator, not the server, would fall short. 10,000 phones each polling every 3 s are 10,000 clients; 200
 * connections leave the generator room so the run shows what the server answers at the offered rate.
 */
const TARGET_CONNECTIONS = 200;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const PICKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'order-poll-request.cjs');

/** Pending orders and a signed poll of each, as its own user's session. */
async function seed(database: Awaited<ReturnType<typeof throwawayDatabase>>) {
  const repos = repositories(database.db);
  await database.withSession(async (session) => {
    await session.query(`INSERT INTO users (username) SELECT 'poller' || i FROM generate_series(1, $1::int) AS i`, [
      ORDERS,
    ]);
    await session.exec(`
      INSERT INTO machine_orders (user_id, item_id, worth, bnb_amount, sol_amount, usdt_amount, eoeo_amount,
                                  lack_bnb, status, expires_at)
      SELECT u.id, (SELECT min(id) FROM machine_price_items), 100, 0.15, 0, 0, 0, 0.1, 0, now() + interval '1 day'
      FROM users u`);
  });
  const rows = await database.withSession((s) =>
    s.query<{ id: string; user: string }>(
      'SELECT id::text AS id, user_id::text AS user FROM machine_orders ORDER BY id',
    ),
  );
  // One timestamp for all: the server accepts it for 5 minutes, longer than the run.
  const timestamp = String(Date.now());
  const pollers: { path: string; token: string; timestamp: string; signature: string }[] = [];
  for (let i = 0; i < rows.length; i += 200) {
    const chunk = rows.slice(i, i + 200);
    const tokens = await Promise.all(chunk.map((r) => createSession(repos, BigInt(r.user))));
    chunk.forEach((r, j) => {
      const pollPath = `/v1/cow/home/order/${r.id}`;
      const signature = requestSignature({
        pathWithQuery: pollPath,
        body: '',
        timestamp,
        secret: DEV_REQUEST_SIGN_SECRET,
      });
      pollers.push({ path: pollPath, token: tokens[j] as string, timestamp, signature });
    });
  }
  return pollers;
}

/** A CPU profile of the server's thread while `work` runs, written to BENCH_CPU_PROFILE when set. */
async function profiled<T>(work: () => Promise<T>): Promise<T> {
  const file = process.env.BENCH_CPU_PROFILE;
  if (!file) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    fs.writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  }
}

/**
 * Order-status polls (issue 11): ORDERS users each with an order awaiting payment (seeded set-based), polled with
 * GET /v1/cow/home/order/{orderId} by random users through the whole stack (request signature, session, the
 * order view with its hints and unconfirmed payments). The load comes from autocannon in a worker thread, so the
 * server's thread does only the server's work, as with remote clients. Two runs: `capacity`, 50 connections as
 * fast as the server answers; `target`, the rate the target names (ORDERS orders polled every 3 s, ORDERS / 3
 * polls a second) over TARGET_CONNECTIONS connections, whose p99 must stay under 50 ms.
 */
export async function orderPollThroughput(adminUrl?: string) {
  const database = await throwawayDatabase(adminUrl);
  const pollersFile = path.join(os.tmpdir(), `aidf-order-polls-${process.pid}.json`);
  try {
    await migrate(database);
    const pollers = await seed(database);
    fs.writeFileSync(pollersFile, JSON.stringify(pollers));
    process.env.BENCH_POLLERS_FILE = pollersFile; // read by the picker in autocannon's worker
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
    const run = async (duration: number, overallRate?: number) => {
      const result = await autocannon({
        url,
        connections: overallRate ? TARGET_CONNECTIONS : CONNECTIONS,
        workers: 1,
        duration,
        ...(overallRate ? { overallRate } : {}),
        requests: [{ setupRequest: PICKER }],
      } as autocannon.Options);
      if (result.non2xx > 0 || result.errors > 0) {
        throw new Error(`order polls: ${result.non2xx} non-2xx, ${result.errors} errors`);
      }
      return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
    };
    try {
      await run(1); // warm-up
      const capacity = await profiled(() => run(DURATION_S));
      const target = await run(DURATION_S, Math.ceil(needed));
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
