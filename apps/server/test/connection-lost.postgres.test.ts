import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';

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
});
