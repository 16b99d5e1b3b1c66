import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { buildApp } from '../src/http/app.ts';
import { RETRY_AFTER_SECONDS } from '../src/http/plugins/errors.ts';
import { type OwnCluster, startOwnCluster } from './own-cluster.ts';
import { call } from './test-server.ts';

// A cluster of the test's own, stopped and started under a running server; the server is never restarted.
describe('[postgres] the database goes away under a running server', () => {
  let cluster: OwnCluster;
  let database: Database;
  let app: FastifyInstance;
  let baseUrl: string;
  const lost: Error[] = [];
  beforeAll(async () => {
    cluster = await startOwnCluster();
    database = await openDatabase({
      databaseUrl: cluster.url,
      dataDir: ':memory:',
      onConnectionLost: (e) => lost.push(e),
    });
    await migrate(database);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent',
      CONSOLE_DIST_DIR: '/nonexistent',
      DATABASE_URL: cluster.url,
    });
    app = await buildApp({ config, database, devChains: null });
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    cluster?.remove();
  });

  const announcements = () => call(baseUrl, '/v1/cms/content/p/1-10', { language: 'ar' });

  const expectUnavailable = async () => {
    const res = await announcements();
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(res.json.code).toBe(503);
    expect(res.json.msg).toMatch(/nothing was changed/);
    const ready = await fetch(`${baseUrl}/readyz`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { data: { database: string } }).data.database).not.toBe('ok');
  };

  for (const mode of ['fast', 'immediate'] as const) {
    it(`answers 503 with Retry-After while stopped (${mode} shutdown), and serves again once it is back`, async () => {
      expect((await announcements()).status).toBe(200);
      cluster.stop(mode);
      await expectUnavailable();
      // A second request while down: the pool keeps answering 503, it neither hangs nor crashes the process.
      await expectUnavailable();
      cluster.start();
      await expect.poll(async () => (await announcements()).status, { timeout: 30_000 }).toBe(200);
      expect((await fetch(`${baseUrl}/readyz`)).status).toBe(200);
    }, 90_000);
  }

  it('a connection cut in the middle of a query is a 503, and the next request is served', async () => {
    // The request's query waits in PostgreSQL on a lock another session holds, and its backend is then terminated.
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    try {
      await admin.query('BEGIN');
      await admin.query('LOCK TABLE announcements IN ACCESS EXCLUSIVE MODE');
      const pending = announcements();
      let waiting: number | undefined;
      await expect
        .poll(async () => {
          const res = await admin.query<{ pid: number }>(
            "SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
          );
          waiting = res.rows[0]?.pid;
          return waiting;
        })
        .toBeTypeOf('number');
      await admin.query('SELECT pg_terminate_backend($1)', [waiting]);
      const res = await pending;
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    } finally {
      await admin.query('ROLLBACK');
      await admin.end();
    }
    expect((await announcements()).status).toBe(200);
  }, 60_000);
});
