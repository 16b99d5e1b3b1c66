// The checker's own proof, fast and without the stack: each invariant is fed hand-written rows on a throwaway
// database (PGlite from the migrated template) and a hand-written workload log, once right (it must hold) and
// once wrong the way a bug would leave them (it must fail). The planted runner (faults/planted) proves the same on
// a mutant build under a real scenario; this proves each check can fail and can pass at all, in seconds.
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../apps/server/src/db/client.ts';
import { pgliteTemplate } from '../../apps/server/test/database-template.ts';
import type { Attempt, InvariantInput, LoggedRequest, OperationKind, WorkloadLog } from '../workload/types.ts';
import { acknowledgedOnce, no5xx, replayFirstAnswer } from './acknowledged.ts';
import { type CheckDb, checkDbOf } from './db.ts';
import { depositCreditedOnce } from './deposits.ts';
import { jobDayOnce, leaseNotStale } from './jobs.ts';
import { ledgerCheck } from './ledger.ts';
import { reservesBalanced } from './reserves.ts';
import { withdrawalSettledOnce } from './withdrawals.ts';

let database: Database;
let db: CheckDb;
const run = (query: SQL) => database.db.execute(query);

beforeAll(async () => {
  database = await openDatabase({ dataDir: ':memory:', loadDataDir: await pgliteTemplate() });
  db = checkDbOf(database);
}, 120_000);
afterAll(() => database.close());

// One database for the file; each test writes its rows in a transaction rolled back after it (PGlite has one
// session, so the checks read the test's own rows).
beforeEach(async () => {
  await run(sql`BEGIN`);
  await seed();
  return async () => {
    await run(sql`ROLLBACK`);
  };
});

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
async function book(id: number, type: string, ref: string | null, lines: [number, string, string][]) {
  await run(sql`INSERT INTO movements (id, type, idem_key, ref) VALUES (${id}, ${type}, ${`test:${id}`}, ${ref})`);
  for (const [account, lineType, amount] of lines) {
    await run(sql`UPDATE accounts SET balance = balance + ${amount}::numeric WHERE id = ${account}`);
    await run(sql`
      INSERT INTO entries (movement_id, account_id, type, amount, balance_after)
      SELECT ${id}, ${account}, ${lineType}, ${amount}::numeric, balance FROM accounts WHERE id = ${account}`);
  }
}

const attempt = (status: number | null, body: unknown = null, retryAfter: string | null = null): Attempt => ({
  at: Date.now(),
  endedAt: Date.now(),
  status,
  retryAfter,
  body,
});

function request(seq: number, kind: OperationKind, meta: Record<string, string>, attempts: Attempt[]): LoggedRequest {
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

function logOf(requests: LoggedRequest[], deposits: WorkloadLog['deposits'] = []): WorkloadLog {
  return {
    seed: 1,
    startedAt: Date.now() - 60_000,
    endedAt: Date.now(),
    requests,
    deposits,
    usernames: ['alice', 'bob'],
  };
}

const input = (log: WorkloadLog, more: Partial<InvariantInput> = {}): InvariantInput => ({
  databaseUrl: 'unused: the checks get the database',
  log,
  ...more,
});

describe('ledger-check', () => {
  it('holds on balanced books and fails when a balance moves without its entries', async () => {
    expect(await ledgerCheck(db)).toEqual([]);
    await run(sql`UPDATE accounts SET balance = balance + 0.000001 WHERE id = 11`);
    const found = await ledgerCheck(db);
    expect(found.map((v) => v.message)).toContain('ledger:check: balanceDrift (1)');
  });
});

describe('acknowledged-once', () => {
  const transfer = (statuses: (number | null)[]) =>
    request(
      1,
      'transfer',
      { from: 'alice', to: 'bob', amount: '5.25' },
      statuses.map((s) => attempt(s)),
    );
  const bookTransfer = (id: number) =>
    book(id, 'user-transfer', null, [
      [11, 'user-transfer-out', '-5.25'],
      [12, 'user-transfer-in', '5.25'],
    ]);

  it('holds when an acknowledged transfer is booked once', async () => {
    await bookTransfer(3);
    expect(await acknowledgedOnce(db, logOf([transfer([null, 200])]))).toEqual([]);
  });

  it('fails when a retried transfer is booked twice, and when a refused one is booked', async () => {
    await bookTransfer(3);
    await bookTransfer(4);
    const twice = await acknowledgedOnce(db, logOf([transfer([null, 200])]));
    expect(twice.map((v) => v.message)).toEqual(['transfer #1 acknowledged, booked 2 times']);
    expect(twice[0]?.detail.movements).toEqual(['3', '4']);
    const refused = await acknowledgedOnce(db, logOf([transfer([400])]));
    expect(refused.map((v) => v.message)).toEqual(['transfer #1 refused, booked 2 times']);
  });

  it('fails when an acknowledged transfer is not in the ledger', async () => {
    const lost = await acknowledgedOnce(db, logOf([transfer([200])]));
    expect(lost.map((v) => v.message)).toEqual(['transfer #1 acknowledged, booked 0 times']);
  });
});

describe('replay-first-answer and no-5xx (the log alone)', () => {
  const answered = (id: number) => attempt(200, { code: 0, data: { movementId: String(id), status: 'x' } });

  it('holds when every answer to a key is the first, and fails when a replay answers another movement', () => {
    const same = request(1, 'transfer', {}, [answered(7), { ...answered(7), replay: true }]);
    expect(replayFirstAnswer(logOf([same]))).toEqual([]);
    const other = request(1, 'transfer', {}, [answered(7), { ...answered(8), replay: true }]);
    expect(replayFirstAnswer(logOf([other])).map((v) => v.message)).toEqual([
      'transfer #1: key answered 1 times unlike its first answer',
    ]);
  });

  it('allows a 503 with Retry-After and a lost connection, and fails on a 502 or a bare 503', () => {
    const calm = request(1, 'transfer', {}, [attempt(null), attempt(503, null, '1'), attempt(200)]);
    expect(no5xx(logOf([calm]))).toEqual([]);
    const bad = request(2, 'pledge', {}, [attempt(502), attempt(503), attempt(200)]);
    expect(no5xx(logOf([calm, bad])).map((v) => v.message)).toEqual([
      '1 × 502 POST pledge',
      '1 × 503 POST pledge without Retry-After',
    ]);
  });
});

describe('deposit-credited-once', () => {
  const sent = { username: 'alice', address: '0xdep', currency: 'aidf', amount: '7', txHash: '0xaa', blockNumber: 5 };
  async function credit(id: number, eventIndex: string, amount = '7') {
    await book(id, 'chain-deposit', null, [
      [10, 'chain-deposit', `-${amount}`],
      [11, 'chain-deposit', amount],
    ]);
    await run(sql`
      INSERT INTO chain_deposits (chain, genesis_hash, tx_hash, event_index, block_number, user_id, currency,
        to_address, amount, movement_id)
      VALUES ('bsc', '0xgenesis', '0xaa', ${eventIndex}, 5, 1, 'aidf', '0xdep', ${amount}, ${id})`);
  }

  it('holds when a confirmed deposit is credited once with its amount', async () => {
    await credit(3, '0');
    expect(await depositCreditedOnce(db, input(logOf([], [sent])))).toEqual([]);
  });

  it('fails when a confirmed deposit is credited twice, never, or with another amount', async () => {
    expect((await depositCreditedOnce(db, input(logOf([], [sent])))).map((v) => v.message)).toEqual([
      'deposit 0xaa (confirmed) credited 0 times',
    ]);
    await credit(3, '0');
    await credit(4, '1');
    expect((await depositCreditedOnce(db, input(logOf([], [sent])))).map((v) => v.message)).toEqual([
      'deposit 0xaa (confirmed) credited 2 times',
    ]);
    expect((await depositCreditedOnce(db, input(logOf([], [{ ...sent, amount: '8' }])))).map((v) => v.message)).toEqual(
      ['deposit 0xaa (confirmed) credited 2 times, to the wrong user or amount'],
    );
  });
});

describe('withdrawal-settled-once', () => {
  /** Withdrawal 1 of 10 cow from alice, refunded: its request debited her, each refund credits her back. */
  async function refunded(refunds: number) {
    await book(3, 'chain-withdraw', null, [
      [21, 'chain-withdraw', '-10'],
      [20, 'chain-withdraw', '10'],
    ]);
    await run(sql`
      INSERT INTO withdrawals (id, user_id, chain, currency, to_address, amount, fee, receive_amount, utc_day, idem_key,
        request_movement_id, status)
      VALUES (1, 1, 'bsc', 'cow', '0xdest', 10, 0, 10, current_date, 'withdraw:1', 3, 'refunded')`);
    for (let i = 0; i < refunds; i++)
      await book(4 + i, 'chain-withdraw-refund', null, [
        [20, 'chain-withdraw-refund', '-10'],
        [21, 'chain-withdraw-refund', '10'],
      ]);
  }

  it('holds when a refunded withdrawal is refunded once', async () => {
    await refunded(1);
    expect(await withdrawalSettledOnce(db, input(logOf([])))).toEqual([]);
  });

  it('fails when it is refunded twice', async () => {
    await refunded(2);
    expect((await withdrawalSettledOnce(db, input(logOf([])))).map((v) => v.message)).toEqual([
      'withdrawal 1 (refunded): refunded 2 times',
    ]);
  });

  it('fails when it is marked refunded with no refund line', async () => {
    await refunded(0);
    expect((await withdrawalSettledOnce(db, input(logOf([])))).map((v) => v.message)).toEqual([
      'withdrawal 1 (refunded): refunded without its refund line',
    ]);
  });
});

describe('job-day-once', () => {
  const day = '2026-12-07';
  const forced = request(1, 'daily-job', { job: 'pledge-settlement', date: day }, [attempt(200)]);
  const settle = (id: number) =>
    book(id, 'cow-fund-settlement', day, [
      [10, 'cow-fund-settlement', '-0.5'],
      [11, 'cow-fund-settlement', '0.5'],
    ]);
  const runOf = (status: string) =>
    run(sql`INSERT INTO job_runs (job, day, status, owner, lease_until)
            VALUES ('pledge-settlement', ${day}, ${status}, 'host:1:0000abcd', now())`);

  it('holds when a forced day is done and booked once', async () => {
    await settle(3);
    await runOf('done');
    expect(await jobDayOnce(db, input(logOf([forced])))).toEqual([]);
  });

  it('fails when a day pays a user twice, and when a forced day is acknowledged but not done', async () => {
    await settle(3);
    await settle(4);
    await runOf('running');
    const found = (await jobDayOnce(db, input(logOf([forced])))).map((v) => v.message);
    expect(found).toEqual([
      `account 11 got 2 cow-fund-settlement lines for ${day}`,
      `pledge-settlement:${day} was run (acknowledged) but its day is not done`,
    ]);
  });
});

describe('lease-not-stale', () => {
  const lease = (until: SQL) =>
    run(sql`INSERT INTO worker_leases (name, owner, expires_at) VALUES ('payout', 'host:4321:0000abcd', ${until})`);

  it("holds for a live holder's lease within its time-to-live", async () => {
    await lease(sql`now() + interval '1 minute'`);
    expect(await leaseNotStale(db, input(logOf([])))).toEqual([]);
  });

  it('fails for a lease held far ahead, and for one a killed or stopped process still holds', async () => {
    await lease(sql`now() + interval '1 day'`);
    expect((await leaseNotStale(db, input(logOf([])))).map((v) => v.message)).toEqual([
      'worker lease payout: held 86400 s ahead, beyond the longest lease',
    ]);
    await run(sql`UPDATE worker_leases SET expires_at = now() + interval '1 minute'`);
    const killed = [{ pid: 4321, at: Date.now() - 20 * 60_000, graceful: false }];
    expect((await leaseNotStale(db, input(logOf([]), { ended: killed }))).map((v) => v.message)).toEqual([
      'worker lease payout: held by a killed process past its time-to-live',
    ]);
    const stopped = [{ pid: 4321, at: Date.now() - 10_000, graceful: true }];
    expect((await leaseNotStale(db, input(logOf([]), { ended: stopped }))).map((v) => v.message)).toEqual([
      'worker lease payout: not released by its gracefully stopped holder',
    ]);
  });
});

describe('reserves-balanced', () => {
  /** A liabilities-only report of alice's 100 aidf, its one leaf stating `leaf` base units. */
  async function report(leaf: string) {
    const units = '100000000000000000000';
    await run(sql`
      INSERT INTO reserves_reports (id, status, currencies, base_unit_decimals, user_count, tree_depth, root_sums,
        user_balances, held, liabilities, clearing, operator_credits, issuance)
      VALUES (1, 'liabilities-only', '{aidf}', 18, 1, 0, ${`{${units}}`}::numeric[], '{"aidf": "100"}', '{}', '{}', '{}',
        '{}', '{}')`);
    await run(sql`
      INSERT INTO reserves_leaves (report_id, user_id, leaf_index, salt, balances, share)
      VALUES (1, 1, 0, 'salt', ${`{${leaf}}`}::numeric[], 1)`);
  }

  it('holds when the root, the leaves and the stated balances agree to the base unit', async () => {
    await report('100000000000000000000');
    expect(await reservesBalanced(db, input(logOf([])))).toEqual([]);
  });

  it('fails when the leaves sum to one base unit less than the root', async () => {
    await report('99999999999999999999');
    expect((await reservesBalanced(db, input(logOf([])))).map((v) => v.message)).toEqual([
      'reserves report 1 (liabilities-only): aidf: root 100000000000000000000 ≠ leaves 99999999999999999999',
    ]);
  });
});
