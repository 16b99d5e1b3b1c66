import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { buildApp } from '../src/http/app.ts';
import { DRAINING_RETRY_AFTER_SECONDS } from '../src/http/plugins/draining.ts';
import {
  EVERY_PRODUCTION_SETTING,
  type MainRun,
  removeServerBundle,
  runMain,
  START_TIMEOUT_MS,
} from './main-process.ts';
import { freePort, type OwnCluster, startOwnCluster } from './own-cluster.ts';
import { call } from './test-server.ts';

/**
 * SIGTERM to a production build serving requests and holding leases, on a PostgreSQL cluster of the test's own. The
 * requests in flight wait on a lock another session holds, so they are still running when the signal arrives.
 */
const { HOT_WALLET_PRIVATE_KEY: _key, ...WITHOUT_KEYS } = EVERY_PRODUCTION_SETTING;
const SECRET = EVERY_PRODUCTION_SETTING.REQUEST_SIGN_SECRET;

describe('[postgres] a graceful stop (SIGTERM)', () => {
  let cluster: OwnCluster;
  let admin: pg.Client;
  beforeAll(async () => {
    cluster = await startOwnCluster();
    admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
  }, 60_000);
  afterAll(async () => {
    await admin?.end();
    cluster?.remove();
    removeServerBundle();
  });

  const start = async (env: Record<string, string> = {}) => {
    // Chains nobody answers on: the deposit watchers take their leases, then fail to read (a tick that failed).
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    const run = await runMain(
      {
        ...WITHOUT_KEYS,
        NODE_ENV: 'production',
        CREDIT_APPROVAL_THRESHOLD: '1000',
        ROLES: 'api,workers',
        DATABASE_URL: cluster.url,
        BSC_RPC_URL: nowhere,
        SOLANA_RPC_URL: nowhere,
        LOG_LEVEL: 'info',
        ...env,
      },
      { compiled: true },
    );
    if (run.state !== 'running') throw new Error(`main did not start: ${run.stderr()}`);
    return run;
  };
  const leases = async () => (await admin.query<{ name: string }>('SELECT name FROM worker_leases')).rows;
  const announcements = (run: MainRun) => call(run.baseUrl, '/v1/cms/content/p/1-10', { secret: SECRET });
  /** Holds the announcements table, so requests reading it wait in PostgreSQL; answers how to let them go. */
  const holdAnnouncements = async () => {
    await admin.query('BEGIN');
    await admin.query('LOCK TABLE announcements IN ACCESS EXCLUSIVE MODE');
    return () => admin.query('ROLLBACK');
  };
  // The requests waiting on the announcements' lock, and nothing else: a background work of the server waiting on a
  // lock of its own (an advisory lock, another table) would let a test stop the server before its request arrived.
  const waitingOnLock = async () =>
    Number(
      (
        await admin.query<{ n: string }>(
          "SELECT count(*) AS n FROM pg_locks WHERE relation = 'announcements'::regclass AND NOT granted",
        )
      ).rows[0]?.n,
    );

  it(
    'answers the requests in flight, refuses new ones, hands back its leases and exits 0',
    async () => {
      const run = await start();
      try {
        await expect.poll(async () => (await leases()).length, { timeout: 30_000 }).toBeGreaterThan(0);
        const release = await holdAnnouncements();
        const inFlight = [announcements(run), announcements(run), announcements(run)];
        await expect.poll(waitingOnLock, { timeout: 30_000 }).toBe(3);

        const stopped = run.stop();
        await expect.poll(() => run.stdout().includes('stopping: draining requests'), { timeout: 30_000 }).toBe(true);
        // No new work: the listener is closed (a proxy's connect fails and it sends the request to another instance).
        await expect
          .poll(
            () =>
              announcements(run).then(
                () => 'answered',
                () => 'refused',
              ),
            { timeout: 30_000 },
          )
          .toBe('refused');
        await release();
        for (const res of await Promise.all(inFlight)) {
          expect(res.status).toBe(200);
          expect(res.json.code).toBe(200);
        }
        await stopped;
        expect(await run.exit).toEqual({ code: 0, signal: null });
        expect(run.stdout()).toContain('stopped cleanly');
        // Free right after exit, not after the lease's time: another instance takes them over at once.
        expect(await leases()).toEqual([]);
      } finally {
        // A failed step above must not leave the server running (after a stop, stop only waits for it).
        await run.stop();
      }
    },
    START_TIMEOUT_MS + 60_000,
  );

  it(
    'exits 1 once SHUTDOWN_GRACE_MS has passed with a request still running',
    async () => {
      const run = await start({ SHUTDOWN_GRACE_MS: '1000' });
      let release: (() => Promise<unknown>) | undefined;
      try {
        release = await holdAnnouncements();
        // Cut off by the exit: the socket closes without an answer (a proxy answers 502 and the client sends again).
        const stuck = announcements(run).catch(() => null);
        await expect.poll(waitingOnLock, { timeout: 30_000 }).toBe(1);
        await run.stop();
        expect(await run.exit).toEqual({ code: 1, signal: null });
        expect(run.stdout()).toContain('stop took longer than SHUTDOWN_GRACE_MS');
        await stuck;
      } finally {
        await release?.();
        // A failed step above must not leave the server running.
        await run.stop();
      }
    },
    START_TIMEOUT_MS + 60_000,
  );

  it('turns away, with 503 and Retry-After, a request that reaches it once it began to stop, readiness included', async () => {
    const database = await openDatabase({ databaseUrl: cluster.url, dataDir: ':memory:' });
    await migrate(database);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent',
      CONSOLE_DIST_DIR: '/nonexistent',
      DATABASE_URL: cluster.url,
    });
    const app = await buildApp({ config, database, devChains: null });
    try {
      const before = await app.inject({ method: 'GET', url: '/readyz' });
      expect(before.statusCode).toBe(200);
      app.startDraining();
      for (const url of ['/readyz', '/v1/cms/content/p/1-10']) {
        const res = await app.inject({ method: url === '/readyz' ? 'GET' : 'POST', url });
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe(String(DRAINING_RETRY_AFTER_SECONDS));
        expect(res.headers.connection).toBe('close');
        expect(res.json()).toMatchObject({ code: 503, data: { draining: true } });
      }
    } finally {
      await app.close();
      await database.close();
    }
  });
});
