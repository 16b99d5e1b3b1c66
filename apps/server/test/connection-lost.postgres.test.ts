import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { rowsOf } from '../src/db/raw.ts';
import { isDatabaseUnreachable } from '../src/db/unreachable.ts';

async function terminateBackend(url: string, pid: number) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('SELECT pg_terminate_backend($1)', [pid]);
  await admin.end();
}

// Runs only in the PostgreSQL pass of the API suite (project 'api-postgres-only'): PGlite has no connections.
describe('[postgres] a pooled connection the server closes', () => {
  it('is reported and replaced, without crashing the process, and the next query works', async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('the PostgreSQL pass needs TEST_DATABASE_URL');
    const lost: Error[] = [];
    const database = await openDatabase({
      databaseUrl: url,
      dataDir: ':memory:',
      onConnectionLost: (e) => lost.push(e),
    });
    try {
      const [idle] = await database.withSession((s) => s.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'));
      if (!idle) throw new Error('no backend pid');
      // The connection now sits idle in the pool; the server ends it, as a restart or failover would.
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend($1)', [idle.pid]);
      await admin.end();

      await expect.poll(() => lost.length).toBe(1);
      expect(lost[0]?.message).toMatch(/terminating connection/);
      const [again] = await database.withSession((s) => s.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'));
      expect(again?.pid).toBeTypeOf('number');
      expect(again?.pid).not.toBe(idle.pid);
    } finally {
      await database.close();
    }
  });

  it('checked out in a transaction, fails that transaction as unreachable without crashing the process', async () => {
    // A failover behind PgBouncer: the proxy sends FATAL to the connections it holds, including one in the middle
    // of a request's transaction. The driver raises it as an 'error' event on that connection; unheard, it would
    // end the process (this test's worker: vitest reports the unhandled error and the run fails).
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('the PostgreSQL pass needs TEST_DATABASE_URL');
    const lost: Error[] = [];
    const database = await openDatabase({
      databaseUrl: url,
      dataDir: ':memory:',
      onConnectionLost: (e) => lost.push(e),
    });
    try {
      const transaction = database.db.transaction(async (tx) => {
        const [row] = rowsOf<{ pid: number }>(await tx.execute(sql`SELECT pg_backend_pid() AS pid`));
        const pid = row?.pid;
        if (!pid) throw new Error('no backend pid');
        // Idle in the transaction, checked out of the pool, when the server ends it.
        await terminateBackend(url, pid);
        await expect.poll(() => lost.length).toBe(1);
        await tx.execute(sql`SELECT 1`);
      });
      const failure = await transaction.then(
        () => null,
        (e: unknown) => e,
      );
      expect(failure).not.toBeNull();
      expect(isDatabaseUnreachable(failure)).toBe(true);
      expect(lost[0]?.message).toMatch(/terminating connection/);
      // The lost connection left the pool: the next request's query gets a live one.
      const [next] = rowsOf<{ one: number }>(await database.db.execute(sql`SELECT 1 AS one`));
      expect(next?.one).toBe(1);
      expect(lost).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});
