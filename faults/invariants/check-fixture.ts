import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type Database, openDatabase } from '../../apps/server/src/db/client.ts';
import { pgliteTemplate } from '../../apps/server/test/database-template.ts';
import type { Attempt, InvariantInput, LoggedRequest, OperationKind, WorkloadLog } from '../workload/types.ts';
import { type CheckDb, checkDbOf } from './db.ts';

// The checker's own tests' fixture: a throwaway database, hand-written rows, hand-written workload logs.

let database: Database;

/** The checks' view of the test file's database (open once the file's beforeAll has run). */
export const db: CheckDb = {
  get database() {
    return database;
  },
  rows: <T>(query: SQL) => checkDbOf(database).rows<T>(query),
};
export const run = (query: SQL) => database.db.execute(query);

/**
 * One database for the file (PGlite from the migrated template); each test writes its rows in a transaction rolled
 * back after it (PGlite has one session, so the checks read the test's own rows). Called once at a file's top.
 */
export function useCheckDatabase() {
  beforeAll(async () => {
    database = await openDatabase({ dataDir: ':memory:', loadDataDir: await pgliteTemplate() });
  }, 120_000);
  afterAll(() => database.close());
  beforeEach(async () => {
    await run(sql`BEGIN`);
    await seed();
    return async () => {
      await run(sql`ROLLBACK`);
    };
  });
}

/** Users alice (1) and bob (2), aidf and cow accounts, the platform's, and 100 of each credited to alice. */
async function seed() {
  await run(sql`INSERT INTO users (id, username) VALUES (1, 'alice'), (2, 'bob')`);
  await run(sql`
    INSERT INTO accounts (id, kind, owner_user_id, platform_code, currency) VALUES
      (10, 'platform', NULL, 'issuance', 'aidf'), (11, 'user', 1, NULL, 'aidf'), (12, 'user', 2, NULL, 'aidf'),
      (20, 'platform', NULL, 'issuance', 'cow'), (21, 'user', 1, NULL, 'cow')`);
  await book(1, 'operator-credit', null, [
    [10, 'operator-credit', '-100'],
    [11, 'operator-credit', '100'],
  ]);
  await book(2, 'operator-credit', null, [
    [20, 'operator-credit', '-100'],
    [21, 'operator-credit', '100'],
  ]);
}

/** One movement with its entries, every balance moved by them (as the ledger module books). */
export async function book(id: number, type: string, ref: string | null, lines: [number, string, string][]) {
  await run(sql`INSERT INTO movements (id, type, idem_key, ref) VALUES (${id}, ${type}, ${`test:${id}`}, ${ref})`);
  for (const [account, lineType, amount] of lines) {
    await run(sql`UPDATE accounts SET balance = balance + ${amount}::numeric WHERE id = ${account}`);
    await run(sql`
      INSERT INTO entries (movement_id, account_id, type, amount, balance_after)
      SELECT ${id}, ${account}, ${lineType}, ${amount}::numeric, balance FROM accounts WHERE id = ${account}`);
  }
}

export const attempt = (status: number | null, body: unknown = null, retryAfter: string | null = null): Attempt => ({
  at: Date.now(),
  endedAt: Date.now(),
  status,
  retryAfter,
  body,
});

export function request(
  seq: number,
  kind: OperationKind,
  meta: Record<string, string>,
  attempts: Attempt[],
): LoggedRequest {
  return {
    seq,
    kind,
    key: `${kind}:${seq}`,
    method: 'POST',
    path: `/${kind}`,
    body: {},
    meta,
    attempts,
    finalStatus: attempts.at(-1)?.status ?? null,
  };
}

export function logOf(requests: LoggedRequest[], deposits: WorkloadLog['deposits'] = []): WorkloadLog {
  return {
    seed: 1,
    startedAt: Date.now() - 60_000,
    endedAt: Date.now(),
    requests,
    deposits,
    usernames: ['alice', 'bob'],
  };
}

export const input = (log: WorkloadLog, more: Partial<InvariantInput> = {}): InvariantInput => ({
  databaseUrl: 'unused: the checks get the database',
  log,
  ...more,
});
