import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { rowsOf } from '../src/db/raw.ts';
import { isDatabaseUnreachable } from '../src/db/unreachable.ts';
import { type OwnCluster, startOwnCluster } from './own-cluster.ts';

const POOL_SIZE = 10; // db/client.ts: the pool's `max`

// A restart under a full pool of idle connections: the pool hands out connections the server has already closed
// before it hears of it, and each transaction's BEGIN fails on one. Such a connection must go back to the pool (and
// be dropped), else every restart leaks up to the pool's size: the pool ends up with no connection to give, every
// request waits out the connect timeout, and closing the pool never ends.
describe('[postgres] the pool after a restart that closed its idle connections', () => {
  let cluster: OwnCluster;
  let database: Database;
  const lost: Error[] = [];

  beforeAll(async () => {
    cluster = await startOwnCluster();
    database = await openDatabase({
      databaseUrl: cluster.url,
      dataDir: ':memory:',
      onConnectionLost: (e) => lost.push(e),
      connectionTimeoutMs: 2_000,
    });
  }, 60_000);
  afterAll(() => cluster?.remove());

  it('gives back each connection whose BEGIN failed, serves the next transactions and closes', async () => {
    const { db } = database;
    // Fill the pool with idle connections.
    await Promise.all(
      Array.from({ length: POOL_SIZE }, () => db.transaction((tx) => tx.execute(sql`SELECT pg_sleep(0.05)`))),
    );
    // Stopped and started again while this process does nothing else (pg_ctl runs synchronously): the pool has not
    // yet heard that its idle connections are closed when the transactions below take them.
    cluster.stop('immediate');
    cluster.start();
    const first = await Promise.allSettled(
      Array.from({ length: POOL_SIZE }, () => db.transaction((tx) => tx.execute(sql`SELECT 1`))),
    );
    const failed = first.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(failed.length).toBeGreaterThan(0); // the stale connections were handed out
    for (const error of failed) expect(isDatabaseUnreachable(error), String(error)).toBe(true);

    // More transactions than the pool holds: each gets a fresh connection.
    const again = await Promise.all(
      Array.from({ length: POOL_SIZE * 2 }, (_, i) =>
        db.transaction(async (tx) => rowsOf<{ i: number }>(await tx.execute(sql`SELECT ${i}::int AS i`))[0]?.i),
      ),
    );
    expect(again).toEqual(Array.from({ length: POOL_SIZE * 2 }, (_, i) => i));
    // Closing waits for every checked-out connection: it ends only if none was leaked.
    const closed = await Promise.race([
      database.close().then(() => 'closed'),
      new Promise((resolve) => setTimeout(resolve, 10_000, 'still open')),
    ]);
    expect(closed).toBe('closed');
  }, 60_000);
});
