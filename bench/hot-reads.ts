import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  balancesOfSession,
  buildApp,
  jobRunner,
  loadConfig,
  machineConfig,
  machineIndexOfSession,
  machineMiningJob,
  migrate,
  pollOrder,
  repositories,
  statementPageOfSession,
  teamViewOfSession,
  throwawayDatabase,
} from '@aidf/server';
import Fastify from 'fastify';
import { profiled } from './cpu-profile.ts';
import { databaseBackendsCpuSeconds } from './pg-backend-cpu.ts';
import { type LoadFigures, median, signedLoad, signedRequests, signIn } from './signed-load.ts';

const USERS = Number(process.env.BENCH_READ_USERS ?? 10_000);
/** Days the miner has paid every machine: as many bill lines per user, so a later page is a real offset. */
const MINED_DAYS = 30;
const CONNECTIONS = 10;
/**
 * Short rounds of each read, the route and its bare counterpart back to back in each (which goes first alternating):
 * a burst of someone else's work on the shared cores lands in one or two rounds' ratios, and the median ratio
 * passes over it.
 */
const ROUNDS = Number(process.env.BENCH_HOT_READS_ROUNDS ?? 7);
const ROUND_S = Number(process.env.BENCH_HOT_READS_ROUND_S ?? 2);
/** Each read's budget: its median ratio at least this share of a bare route running the same SELECTs. */
export const HOT_READ_BUDGET = 0.7;
/** Only the reads whose name starts with this (a profile of one read). */
const only = process.env.BENCH_HOT_READS_ONLY;

type Database = Awaited<ReturnType<typeof throwawayDatabase>>;
type Repos = ReturnType<typeof repositories>;

interface User {
  id: string;
  orderId: string;
  token: string;
}

/** One hot read: the real route a phone calls, and what its handler runs without the route around it. */
interface HotRead {
  name: string;
  method: 'GET' | 'POST';
  path: (u: User) => string;
  body: string;
  bare: (repos: Repos, u: { userId: bigint; orderId: bigint; token: string }) => Promise<unknown>;
}

const config = (repos: Repos) => machineConfig(repos);
/** The bench's app has no dev chains: no collection address beside the settings, no browser Solana RPC. */
const BESIDE_SETTINGS = { fallback: { bsc: null, solana: null }, publicSolanaRpcUrl: null };
// Each bare counterpart runs the route's own statement (the session read with the answer), as the route reads it.
const READS: HotRead[] = [
  {
    name: 'assets',
    method: 'GET',
    path: (u) => `/v1/ma/account/assets/${u.id}`,
    body: '',
    bare: async (repos, u) => (await balancesOfSession(repos, u.token)).balances,
  },
  ...[1, 3].map(
    (pageNum): HotRead => ({
      name: `bills, page ${pageNum}`,
      method: 'POST',
      path: () => `/v1/ma/account/finance/aidf/p/${pageNum}-10`,
      body: '{}',
      bare: async (repos, u) =>
        (
          await statementPageOfSession(repos, u.token, {
            currency: 'aidf',
            submode: '00',
            pageNum,
            pageSize: 10,
            incomeOnly: false,
            type: undefined,
            bscConfirmations: 15,
          })
        ).page,
    }),
  ),
  {
    name: 'order status',
    method: 'GET',
    path: (u) => `/v1/cow/home/order/${u.orderId}`,
    body: '',
    bare: (repos, u) => pollOrder(repos, u.token, u.orderId, () => config(repos)),
  },
  {
    name: 'machine index',
    method: 'POST',
    path: () => '/v1/cow/home/index',
    body: '{}',
    bare: async (repos, u) => (await machineIndexOfSession(repos, u.token, BESIDE_SETTINGS)).index,
  },
  {
    name: 'team summary',
    method: 'GET',
    path: () => '/v1/cow/user/child',
    body: '',
    bare: async (repos, u) => (await teamViewOfSession(repos, u.token, {})).view,
  },
];

/**
 * USERS users, set-based: a tree of ten direct invitees each (closure rows and stats), one running machine each
 * (its paid order) mined by the miner's own job for MINED_DAYS days (the ledger's batch booking: AIDF balances
 * and bill lines), and one order awaiting payment each.
 */
async function seed(database: Database) {
  const repos = repositories(database.db);
  const start = new Date(Date.now() - (MINED_DAYS + 1) * 86_400_000).toISOString().slice(0, 10);
  await database.withSession(async (s) => {
    await s.query(`INSERT INTO users (username) SELECT 'reader' || i FROM generate_series(1, $1::int) AS i`, [USERS]);
    await s.exec(`
      WITH b AS (SELECT min(id) AS base FROM users)
      UPDATE users u SET inviter_id = b.base + (u.id - b.base - 1) / 10 FROM b WHERE u.id > b.base;
      INSERT INTO team_tree (ancestor_id, descendant_id, depth)
      WITH RECURSIVE up AS (
        SELECT id AS descendant_id, inviter_id AS ancestor_id, 1 AS depth FROM users WHERE inviter_id IS NOT NULL
        UNION ALL
        SELECT up.descendant_id, u.inviter_id, up.depth + 1 FROM up JOIN users u ON u.id = up.ancestor_id
        WHERE u.inviter_id IS NOT NULL)
      SELECT ancestor_id, descendant_id, depth FROM up;
      INSERT INTO team_stats (user_id, direct_count, team_volume, own_volume, level)
      SELECT u.id, (SELECT count(*) FROM users c WHERE c.inviter_id = u.id), 0, 100, 0 FROM users u;
      INSERT INTO machine_orders (user_id, item_id, worth, status, expires_at, closed_at)
      SELECT u.id, (SELECT min(id) FROM machine_price_items), 100, 1, now(), now() FROM users u;
      INSERT INTO machine_order_amounts (order_id, currency, price) SELECT id, 'usdt', 100 FROM machine_orders;
      INSERT INTO accounts (kind, owner_user_id, currency, submode) SELECT 'user', id, 'aidf', '00' FROM users`);
    await s.query(
      `INSERT INTO machines (user_id, order_id, worth, daily_income, cap, start_day)
       SELECT o.user_id, o.id, o.worth, o.worth * 0.01, o.worth * 2, $1::date FROM machine_orders o`,
      [start],
    );
    await s.exec(`
      INSERT INTO machine_orders (user_id, item_id, worth, status, expires_at)
      SELECT u.id, (SELECT min(id) FROM machine_price_items), 100, 0, now() + interval '1 day' FROM users u;
      INSERT INTO machine_order_amounts (order_id, currency, price, lack)
      SELECT id, 'bnb', 0.15, 0.1 FROM machine_orders WHERE status = 0`);
  });
  const runner = jobRunner({ repos, jobs: [machineMiningJob()] });
  for (let d = 1; d <= MINED_DAYS; d++) {
    const day = new Date(Date.parse(start) + d * 86_400_000).toISOString().slice(0, 10);
    const outcome = await runner.runDay('machine-mining', day);
    if (outcome.status !== 'done') throw new Error(`hot reads: mining ${day} ${outcome.status}`);
  }
  const rows = await database.withSession((s) =>
    s.query<{ id: string; order: string }>(
      'SELECT user_id::text AS id, id::text AS order FROM machine_orders WHERE status = 0 ORDER BY user_id',
    ),
  );
  const tokens = await signIn(
    repos,
    rows.map((r) => r.id),
  );
  const users: User[] = rows.map((r, i) => ({ id: r.id, orderId: r.order, token: tokens[i] as string }));
  // Statistics and visibility maps, as a database in service has them.
  await database.withSession((s) => s.exec('VACUUM ANALYZE'));
  return users;
}

/**
 * One read's figures: the median of its rounds' requests/s on each side, the median of the rounds' ratios (the
 * budgeted figure), and beside it the median ratio of the two sides' requests per CPU second of the server's thread
 * and the database's backends (what a machine doing nothing else would let each side answer; other work on the
 * cores moves it much less than it moves requests/s).
 */
interface ReadFigures {
  route: Omit<LoadFigures, 'requests' | 'serverCpuS'>;
  bareSelect: Omit<LoadFigures, 'requests' | 'serverCpuS'>;
  ratio: number;
  ratios: number[];
  cpuRatio: number;
}

const medianFigures = (runs: LoadFigures[]) => ({
  rps: median(runs.map((r) => r.rps)),
  p50: median(runs.map((r) => r.p50)),
  p99: median(runs.map((r) => r.p99)),
});

/** Requests per CPU second of the run, the server's thread and the database's backends together. */
const perCpuSecond = (run: LoadFigures & { databaseCpuS: number }) =>
  run.requests / Math.max(run.serverCpuS + run.databaseCpuS, 0.01);

type Run = LoadFigures & { databaseCpuS: number };

/**
 * ROUNDS short rounds of the route and its bare counterpart, interleaved (the first of a round alternates), after a
 * warm-up of each: each round's ratio compares two runs a few seconds apart, under about the same load.
 */
async function interleaved(route: () => Promise<Run>, bare: () => Promise<Run>): Promise<ReadFigures> {
  await bare();
  await route();
  const routes: Run[] = [];
  const bares: Run[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      bares.push(await bare());
      routes.push(await route());
    } else {
      routes.push(await route());
      bares.push(await bare());
    }
  }
  const ratios = routes.map((r, i) => r.rps / (bares[i] as Run).rps);
  const cpuRatio = median(routes.map((r, i) => perCpuSecond(r) / perCpuSecond(bares[i] as Run)));
  return { route: medianFigures(routes), bareSelect: medianFigures(bares), ratio: median(ratios), ratios, cpuRatio };
}

/**
 * The hot authenticated reads a phone makes every few seconds, each as USERS signed-in users make it (a token
 * rotating over them, through signature check, session, validation and serialization), against (a) a bare
 * Fastify route and (b) a bare route on the same pool running what the route's handler runs (the same domain
 * function with the user's token, so the same statement, the session in it) for the same random user, without the
 * route around it; (b) and the route in interleaved rounds, the median of their ratios against the budget. On
 * PostgreSQL when given its admin URL (a scratch database created and dropped), else on PGlite.
 */
export async function hotReads(adminUrl?: string) {
  const database = await throwawayDatabase(adminUrl);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aidf-hot-reads-'));
  try {
    await migrate(database);
    const users = await seed(database);
    const repos = repositories(database.db);
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', DATA_DIR: ':memory:' }),
      database,
    });
    const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const bare = Fastify({ logger: false });
    bare.get('/bare', async () => ({ code: 200, msg: 'success', data: null }));
    for (const [i, read] of READS.entries()) {
      bare.get<{ Querystring: { u: string; o: string; t: string } }>(`/bare/${i}`, async (request) => {
        const { u, o, t } = request.query;
        const data = await read.bare(repos, { userId: BigInt(u), orderId: BigInt(o), token: t });
        return { code: 200, msg: 'success', data };
      });
    }
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
    const file = (name: string, requests: unknown[]) => {
      const f = path.join(dir, `${name}.json`);
      fs.writeFileSync(f, JSON.stringify(requests));
      return f;
    };
    const [current] = await database.withSession((s) => s.query<{ name: string }>('SELECT current_database() AS name'));
    const databaseCpu = () => (database.kind === 'postgres' ? databaseBackendsCpuSeconds(current?.name ?? '') : 0);
    const load = async (url: string, requestsFile: string): Promise<Run> => {
      const before = databaseCpu();
      const run = await signedLoad(url, requestsFile, {
        connections: CONNECTIONS,
        durationS: ROUND_S,
        label: 'hot reads',
      });
      return { ...run, databaseCpuS: databaseCpu() - before };
    };
    try {
      const loadBefore = os.loadavg()[0] as number;
      const bareRoute = await load(
        bareUrl,
        file(
          'bare',
          signedRequests(users, 'GET', () => '/bare', ''),
        ),
      );
      const reads = [];
      for (const [i, read] of READS.entries()) {
        if (only && !read.name.startsWith(only)) continue;
        const bareQuery = (u: User) => `/bare/${i}?u=${u.id}&o=${u.orderId}&t=${encodeURIComponent(u.token)}`;
        const bareFile = file(`bare-${i}`, signedRequests(users, 'GET', bareQuery, ''));
        const routeFile = file(`route-${i}`, signedRequests(users, read.method, read.path, read.body));
        const figures = await profiled(() =>
          interleaved(
            () => load(appUrl, routeFile),
            () => load(bareUrl, bareFile),
          ),
        );
        const shownPath = `${read.method} ${read.path({ id: '{mid}', orderId: '{orderId}', token: '' })}`;
        reads.push({ name: read.name, path: shownPath, ...figures });
      }
      const load1 = [loadBefore, os.loadavg()[0] as number];
      return { database: database.kind, users: users.length, connections: CONNECTIONS, load1, bareRoute, reads };
    } finally {
      await app.close();
      await bare.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await database.close();
    await database.drop();
  }
}

const pct = (ratio: number) => `${(ratio * 100).toFixed(0).padStart(3)} %`;

/** Prints each read's figures; answers the names of the reads whose median ratio is under HOT_READ_BUDGET. */
export function printHotReads(r: Awaited<ReturnType<typeof hotReads>>): string[] {
  const [before, after] = r.load1.map((l) => l.toFixed(1));
  console.log(
    `\nHot authenticated reads on ${r.database}, ${r.users.toLocaleString('en')} signed-in users, ${r.connections} connections, ${ROUNDS} interleaved rounds of ${ROUND_S} s each side (load average ${before} before, ${after} after)`,
  );
  console.log(`  bare Fastify route ${r.bareRoute.rps.toFixed(0).padStart(7)} req/s   p99 ${r.bareRoute.p99} ms`);
  const missed: string[] = [];
  for (const read of r.reads) {
    console.log(
      `  ${read.name.padEnd(14)} ${read.route.rps.toFixed(0).padStart(6)} req/s p99 ${String(read.route.p99).padStart(3)} ms   bare + same SELECTs ${read.bareSelect.rps.toFixed(0).padStart(6)} req/s p99 ${String(read.bareSelect.p99).padStart(3)} ms   median ratio ${pct(read.ratio)} (budget ${HOT_READ_BUDGET * 100} %; rounds ${read.ratios.map((x) => pct(x).trim()).join(' ')}; per CPU second ${pct(read.cpuRatio).trim()})   ${read.path}`,
    );
    if (read.ratio < HOT_READ_BUDGET) missed.push(`hot read "${read.name}" on ${r.database}`);
  }
  return missed;
}
