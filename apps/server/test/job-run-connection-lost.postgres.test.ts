import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_OPERATOR_TOKEN } from '../src/config.ts';
import { rowsOf } from '../src/db/raw.ts';
import { dailyJobs } from '../src/jobs/daily-jobs.ts';
import { jobRunner } from '../src/jobs/job-runner.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, credit, ops, signUp, uniqueTimestamp } from './users.ts';
import { signed } from './wallets.ts';

const JOB = 'pledge-settlement';
const dayAfter = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** An operator's run by hand, its Retry-After kept (ops() reads only the envelope). */
async function forceRun(server: TestServer, day: string) {
  const res = await fetch(`${server.baseUrl}/ops/v1/jobs/${JOB}/run`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${DEV_OPERATOR_TOKEN}`,
      'x-operator': 'tests',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ date: day }),
  });
  const json = (await res.json()) as { code: number; data: { status?: string; items?: number } | null };
  return { status: res.status, retryAfter: res.headers.get('retry-after'), json };
}

async function pledge(server: TestServer, user: Account): Promise<string> {
  const body = await signed(user.wallet, 'pledge-', uniqueTimestamp());
  const res = await call(server.baseUrl, '/v1/cow/fund/pledge/1000/30/00', { body, token: user.token });
  if (res.status !== 200) throw new Error(`pledge failed: ${res.text}`);
  return res.json.data.id;
}

/** Connections of the test's own to the server's database: one holds row locks, one watches and cuts. */
async function adminClients(server: TestServer) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('the PostgreSQL pass needs TEST_DATABASE_URL');
  const result = await server.database.db.execute(sql`SELECT current_database() AS db`);
  const url = new URL(base);
  url.pathname = `/${rowsOf<{ db: string }>(result)[0]?.db}`;
  const locker = new pg.Client({ connectionString: url.toString() });
  const watcher = new pg.Client({ connectionString: url.toString() });
  await Promise.all([locker.connect(), watcher.connect()]);
  return { locker, watcher };
}

describe('[postgres] a forced daily job whose database connection is cut or whose lease is lost', () => {
  let server: TestServer;
  let locker: pg.Client;
  let watcher: pg.Client;

  beforeAll(async () => {
    server = await startTestServer();
    ({ locker, watcher } = await adminClients(server));
    await ops(server, 'POST', '/ops/v1/config', { key: 'pledge.dailyLimit', value: '10', reason: 'job cut tests' });
  });
  afterAll(async () => {
    await Promise.all([locker.end(), watcher.end()]);
    await server.close();
  });

  /** Holds `user`'s account rows, so a batch paying that user waits on them mid-run (its slot claimed). */
  async function holdAccounts(user: Account) {
    await locker.query('BEGIN');
    await locker.query('SELECT id FROM accounts WHERE owner_user_id = $1 FOR UPDATE', [user.mid]);
  }
  const letGo = () => locker.query('ROLLBACK');

  /** The backends of the server's pool waiting on a row lock, once there are `count` of them. */
  async function waiting(count: number): Promise<number[]> {
    let pids: number[] = [];
    await expect
      .poll(
        async () => {
          const { rows } = await watcher.query<{ pid: number }>(
            `SELECT pid FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
          );
          pids = rows.map((r) => r.pid);
          return pids.length;
        },
        { timeout: 20_000, interval: 20 },
      )
      .toBe(count);
    return pids;
  }

  const slot = async (day: string) =>
    (await watcher.query<{ status: string }>('SELECT status FROM job_runs WHERE job = $1 AND day = $2', [JOB, day]))
      .rows[0]?.status;
  const paidOn = async (pledgeId: string, day: string) =>
    (await server.repos.pledges.payoutsOf(BigInt(pledgeId))).filter((p) => p.day === day).length;

  it('cut mid-batch: 503 with Retry-After, never 500; a cut rerun leaves the day done; the retry pays each pledge once', async () => {
    const day = dayAfter(2);
    const alice = await signUp(server);
    await credit(server, alice.username, 'aidf', '5000');
    const first = await pledge(server, alice);

    // The first run of the day, its batch waiting on alice's accounts when its connection is cut.
    await holdAccounts(alice);
    const cutFirst = forceRun(server, day);
    const [pid] = await waiting(1);
    await watcher.query('SELECT pg_terminate_backend($1)', [pid]);
    const answered = await cutFirst;
    await letGo();
    expect(answered).toMatchObject({ status: 503, retryAfter: '5', json: { code: 503 } });
    expect(await paidOn(first, day)).toBe(0);
    // Handed back at once: the operator's retry runs the day now, not after the lease.
    expect((await forceRun(server, day)).json.data).toMatchObject({ status: 'done', items: 1 });
    expect(await paidOn(first, day)).toBe(1);

    // A pledge started since: a rerun of the done day pays it, and is cut the same way.
    const bob = await signUp(server);
    await credit(server, bob.username, 'aidf', '5000');
    const second = await pledge(server, bob);
    await holdAccounts(bob);
    const cutRerun = forceRun(server, day);
    const [rerunPid] = await waiting(1);
    await watcher.query('SELECT pg_terminate_backend($1)', [rerunPid]);
    const rerunAnswer = await cutRerun;
    await letGo();
    expect(rerunAnswer).toMatchObject({ status: 503, retryAfter: '5', json: { code: 503 } });
    // The day was done before the rerun: it still is, not a 'running' slot nobody runs.
    expect(await slot(day)).toBe('done');
    expect((await forceRun(server, day)).json.data).toMatchObject({ status: 'done', items: 1 });
    expect([await paidOn(first, day), await paidOn(second, day)]).toEqual([1, 1]);
    // Once more: nothing is paid twice.
    expect((await forceRun(server, day)).json.data).toMatchObject({ status: 'done', items: 0 });
    expect([await paidOn(first, day), await paidOn(second, day)]).toEqual([1, 1]);
  });

  it('cut while the database turns connections away: the day its hand-back could not free goes back at the stop', async () => {
    const day = dayAfter(4);
    const dave = await signUp(server);
    await credit(server, dave.username, 'aidf', '5000');
    const own = await pledge(server, dave);
    const database = (await watcher.query<{ db: string }>('SELECT current_database() AS db')).rows[0]?.db;

    // A database's connections are turned away from outside it.
    const outside = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await outside.connect();
    await holdAccounts(dave);
    const cut = forceRun(server, day);
    try {
      const [pid] = await waiting(1);
      // The database away for a moment (a restart): the run's connection is cut and no new one can be had, so the
      // three tries of the hand-back all fail and the day stays claimed by this instance, for its five-minute lease.
      await outside.query(`ALTER DATABASE "${database}" WITH ALLOW_CONNECTIONS false`);
      await watcher.query('SELECT pg_terminate_backend($1)', [pid]);
      expect(await cut).toMatchObject({ status: 503, retryAfter: '5', json: { code: 503 } });
    } finally {
      await outside.query(`ALTER DATABASE "${database}" WITH ALLOW_CONNECTIONS true`);
      await outside.end();
      await letGo();
    }
    expect((await forceRun(server, day)).json.data).toEqual({ job: JOB, day, status: 'busy' });

    // What a graceful stop does once its requests are answered: the day goes back, the next instance runs it now.
    expect(await server.app.jobs.handBackStranded()).toBe(1);
    expect(await server.app.jobs.handBackStranded()).toBe(0);
    // Done now, the earlier tests' pledges paid beside dave's.
    expect((await forceRun(server, day)).json.data).toMatchObject({ status: 'done' });
    expect(await paidOn(own, day)).toBe(1);
  });

  it('held up past its lease and taken over by another instance: answered busy, not 500; the day is paid once', async () => {
    const day = dayAfter(3);
    const carol = await signUp(server);
    await credit(server, carol.username, 'aidf', '5000');
    const own = await pledge(server, carol);

    await holdAccounts(carol);
    const heldUp = forceRun(server, day);
    await waiting(1);
    // The run's lease ends while it waits (as minutes of a slow batch would make it), and another instance's
    // catch-up takes the day over: its batch then waits on the first one's movement key.
    await watcher.query(
      `UPDATE job_runs SET lease_until = now() - interval '1 millisecond' WHERE job = $1 AND day = $2`,
      [JOB, day],
    );
    const other = jobRunner({ repos: server.repos, jobs: dailyJobs(), owner: 'other-instance' });
    const takenOver = other.runDay(JOB, day);
    await waiting(2);
    await letGo();

    const answered = await heldUp;
    expect(answered.status).toBe(200);
    expect(answered.json.data).toEqual({ job: JOB, day, status: 'busy' });
    expect(await takenOver).toMatchObject({ status: 'done' });
    expect(await slot(day)).toBe('done');
    expect(await paidOn(own, day)).toBe(1);
  });
});
