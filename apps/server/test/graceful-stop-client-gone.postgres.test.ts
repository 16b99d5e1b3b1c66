import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { repositories } from '../src/db/repositories/index.ts';
import { checkLedger } from '../src/domain/ledger/check.ts';
import { gracefulStop } from '../src/graceful-stop.ts';
import { startWorkers } from '../src/jobs/workers.ts';
import { call, requestOf, startTestServer, type TestServer } from './test-server.ts';
import { type Account, credit, signUp, transferBody } from './users.ts';

// Runs only in the PostgreSQL pass of the API suite (project 'api-postgres-only'): the test holds a table lock on a
// connection of its own while the server's handler waits on it, which PGlite's single connection cannot do.
const TRANSFER = '/v1/cow/home/transfer';

/**
 * A graceful stop while a transfer's handler is still running and its client has already gone (it closed its
 * socket): the listener has no connection left to wait for, yet the stop waits for the handler, whose movement is
 * written whole, and only then closes the database.
 */
describe('[postgres] a graceful stop with a handler whose client went away', () => {
  let server: TestServer;
  let alice: Account;
  let bob: Account;
  let url: string;
  beforeAll(async () => {
    server = await startTestServer();
    alice = await signUp(server);
    bob = await signUp(server);
    await credit(server, alice.username, 'usdt', '10');
    // A first transfer makes Bob's account: the one under test is the movement alone.
    const first = await call(server.baseUrl, TRANSFER, {
      token: alice.token,
      body: await transferBody(alice, bob.username, 'usdt', '1'),
    });
    expect(first.json.code, first.text).toBe(200);
    const [db] = await server.database.withSession((s) =>
      s.query<{ name: string }>('SELECT current_database() AS name'),
    );
    const at = new URL(process.env.TEST_DATABASE_URL as string);
    at.pathname = `/${db?.name}`;
    url = at.toString();
  }, 120_000);
  // The stop closed the app and its pool: only the database is left to drop.
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
    await admin.end();
  });

  it('waits for the handler, which writes its movement whole; the database closes after it and the ledger balances', {
    timeout: 120_000,
  }, async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    let checking: Database | undefined;
    try {
      // The transfer's first read (transferContext) reads security_changes: held, the handler waits in PostgreSQL.
      await admin.query('BEGIN');
      await admin.query('LOCK TABLE security_changes IN ACCESS EXCLUSIVE MODE');
      let released = false;
      const release = async () => {
        if (released) return;
        released = true;
        await admin.query('ROLLBACK');
      };
      // The server's side of the request, to see its socket close.
      const arrived = new Promise<ServerResponse>((resolve) =>
        server.app.server.once('request', (_request: IncomingMessage, response: ServerResponse) => resolve(response)),
      );
      const body = await transferBody(alice, bob.username, 'usdt', '2.5');
      const sent = requestOf(TRANSFER, { token: alice.token, body });
      const client = http.request(`${server.baseUrl}${TRANSFER}`, { method: sent.method, headers: sent.headers });
      client.on('error', () => {}); // its own destroy, below
      client.end(sent.body);
      const waiting = async () =>
        (
          await admin.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_locks WHERE relation = 'security_changes'::regclass AND NOT granted",
          )
        ).rows[0]?.n;
      await expect.poll(waiting, { timeout: 30_000 }).toBe(1);
      // The client goes away: its socket closes, and so does the server's side of it (its response's 'close'): the
      // listener has no connection left to wait for on its account.
      client.destroy();
      const response = await arrived;
      if (!response.closed) await new Promise((resolve) => response.once('close', resolve));

      // The lock is let go once the stop waits for the handler, or (the fault this test guards against) once the
      // stop goes on to close the database without it.
      const info = vi.spyOn(server.app.log, 'info');
      const stopWaits = () => info.mock.calls.some((args) => String(args[1]).includes('waiting for the requests'));
      let databaseClosedAfterRelease: boolean | undefined;
      const exits: number[] = [];
      const workers = startWorkers({
        roles: [],
        repos: server.repos,
        chains: server.app.chains,
        pollMs: 1000,
        log: server.app.log,
        allowChainReset: false,
      });
      const stop = gracefulStop({
        app: server.app,
        workers,
        close: [
          async () => {
            databaseClosedAfterRelease = released;
            await release();
            await server.database.close();
          },
        ],
        exit: (code) => exits.push(code),
      });
      const stopped = stop('SIGTERM');
      await expect.poll(() => stopWaits() || databaseClosedAfterRelease !== undefined, { timeout: 30_000 }).toBe(true);
      await release();
      await stopped;

      expect(exits).toEqual([0]);
      checking = await openDatabase({ databaseUrl: url, dataDir: ':memory:' });
      const balances = await checking.withSession((s) =>
        s.query<{ owner: string; balance: string }>(
          `SELECT owner_user_id::text AS owner, balance::text AS balance FROM accounts
           WHERE currency = 'usdt' AND owner_user_id IN (${alice.mid}, ${bob.mid}) ORDER BY owner_user_id = ${bob.mid}`,
        ),
      );
      expect(balances.map((b) => Number(b.balance))).toEqual([6.5, 3.5]);
      expect(await checkLedger(repositories(checking.db))).toMatchObject({ ok: true });
      expect(databaseClosedAfterRelease).toBe(true);
    } finally {
      await admin.end();
      await checking?.close();
    }
  });
});
