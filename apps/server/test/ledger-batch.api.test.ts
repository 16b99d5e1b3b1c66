import { Money, moneyString, type TTransactionType } from '@aidf/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDb } from '../src/db/client.ts';
import { rowsOf } from '../src/db/raw.ts';
import { repositories } from '../src/db/repositories/index.ts';
import { type BatchMovement, BatchRefused, bookBatch } from '../src/domain/ledger/book-batch.ts';
import { checkLedger } from '../src/domain/ledger/check.ts';
import { PLATFORM, platformAccount, userAccount } from '../src/domain/ledger/platform-accounts.ts';
import { postMovement } from '../src/domain/ledger/post-movement.ts';
import { dailyPayingJob } from '../src/jobs/daily-paying-job.ts';
import { startTestServer, type TestServer } from './test-server.ts';

type Row = { userId: bigint; type: TTransactionType; amount: string };

/** A batch of literal rows, as a daily job's statement would produce them. */
function batchOf(idemKey: string, rows: Row[], counters: TTransactionType[], calls: { source: number }) {
  const values = sql.join(
    rows.map((r) => sql`(${r.userId}::bigint, ${r.type}::text, ${r.amount}::numeric)`),
    sql`, `,
  );
  const users = sql.join(
    rows.map((r) => sql`${r.userId}::bigint`),
    sql`, `,
  );
  const movement: BatchMovement = {
    type: counters[0] as TTransactionType,
    idemKey,
    ref: 'batch-test',
    currency: 'aidf',
    counters: counters.map((type) => ({ type, platform: PLATFORM.issuance })),
    users: sql`SELECT id FROM users WHERE id IN (${users})`,
    source: () => {
      calls.source++;
      return {
        rows: 'test_rows',
        claimed: sql`(SELECT count(*) FROM test_rows)`,
        ctes: sql`test_rows (user_id, type, amount) AS (VALUES ${values})`,
      };
    },
  };
  return movement;
}

describe('bookBatch: the set-based way to write ledger entries', () => {
  let server: TestServer;
  let ann: bigint;
  let bob: bigint;
  let cyd: bigint; // has no AIDF account
  let run = 0;
  const key = () => `batch-test:${++run}`;

  /** Every ledger figure a refused batch must leave as it was. */
  async function snapshot() {
    const [row] = rowsOf<Record<string, string>>(
      await server.database.db.execute(sql`
        SELECT (SELECT count(*) FROM movements)::text AS movements, (SELECT count(*) FROM entries)::text AS entries,
               (SELECT string_agg(id || '=' || balance, ',' ORDER BY id) FROM accounts) AS balances`),
    );
    return row;
  }

  const balance = async (userId: bigint) => {
    const balances = await server.repos.ledger.balancesOfUser(userId);
    const text = balances.find((b) => b.currency === 'aidf' && b.submode === '00')?.balance;
    return text === undefined ? null : moneyString(new Money(text));
  };

  beforeAll(async () => {
    server = await startTestServer();
    ann = await server.repos.users.insert({ username: 'batch-ann' });
    bob = await server.repos.users.insert({ username: 'batch-bob' });
    cyd = await server.repos.users.insert({ username: 'batch-cyd' });
    await server.repos.ledger.ensureAccount(userAccount(ann, 'aidf'));
    await server.repos.ledger.ensureAccount(userAccount(bob, 'aidf'));
  });
  afterAll(() => server.close());

  it('books one line per user and type with the types as given, the other side from the counter account', async () => {
    const calls = { source: 0 };
    const idemKey = key();
    const result = await server.repos.transaction((tx) =>
      bookBatch(
        tx,
        batchOf(
          idemKey,
          [
            { userId: ann, type: 'cow-point-income', amount: '1.5' },
            { userId: ann, type: 'cow-point-income', amount: '2.25' },
            { userId: ann, type: 'cow-sns-level-income', amount: '0.000000000000000001' },
            { userId: bob, type: 'cow-sns-level-income', amount: '10' },
          ],
          ['cow-point-income', 'cow-sns-level-income'],
          calls,
        ),
      ),
    );
    expect(result.claimed).toBe(4);
    expect(calls.source).toBe(1);
    const issuance = await server.repos.ledger.ensureAccount(platformAccount(PLATFORM.issuance, 'aidf'));
    const lines = rowsOf<{ account: string; type: string; amount: string; movement_type: string }>(
      await server.database.db.execute(sql`
        SELECT e.account_id::text AS account, e.type, trim_scale(e.amount)::text AS amount, m.type AS movement_type
        FROM entries e JOIN movements m ON m.id = e.movement_id WHERE m.idem_key = ${idemKey}
        ORDER BY e.account_id, e.type`),
    );
    const annAccount = String(await server.repos.ledger.ensureAccount(userAccount(ann, 'aidf')));
    const bobAccount = String(await server.repos.ledger.ensureAccount(userAccount(bob, 'aidf')));
    const expected = [
      { account: annAccount, type: 'cow-point-income', amount: '3.75' },
      { account: annAccount, type: 'cow-sns-level-income', amount: '0.000000000000000001' },
      { account: bobAccount, type: 'cow-sns-level-income', amount: '10' },
      { account: String(issuance), type: 'cow-point-income', amount: '-3.75' },
      { account: String(issuance), type: 'cow-sns-level-income', amount: '-10.000000000000000001' },
    ].sort((a, b) => Number(a.account) - Number(b.account) || a.type.localeCompare(b.type));
    expect(lines.map(({ account, type, amount }) => ({ account, type, amount }))).toEqual(expected);
    expect(new Set(lines.map((l) => l.movement_type))).toEqual(new Set(['cow-point-income']));
    expect(await balance(ann)).toBe('3.750000000000000001');
    expect(await balance(bob)).toBe('10');
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });

  it('a repeated batch (same key) books nothing and never asks for its rows', async () => {
    const calls = { source: 0 };
    const idemKey = key();
    const batch = batchOf(
      idemKey,
      [{ userId: bob, type: 'cow-point-income', amount: '1' }],
      ['cow-point-income'],
      calls,
    );
    const first = await server.repos.transaction((tx) => bookBatch(tx, batch));
    expect(first.movementId).not.toBeNull();
    const before = await snapshot();
    const again = await server.repos.transaction((tx) => bookBatch(tx, batch));
    expect(again).toEqual({ movementId: null, claimed: 0 });
    expect(calls.source).toBe(1);
    expect(await snapshot()).toEqual(before);
  });

  it('an unbalanced batch (a row whose type has no counter account) is refused and changes nothing', async () => {
    const before = await snapshot();
    const calls = { source: 0 };
    await expect(
      server.repos.transaction((tx) =>
        bookBatch(
          tx,
          batchOf(
            key(),
            [
              { userId: ann, type: 'cow-point-income', amount: '5' },
              { userId: bob, type: 'cow-push-income', amount: '5' },
            ],
            ['cow-point-income'],
            calls,
          ),
        ),
      ),
    ).rejects.toThrow(BatchRefused);
    expect(calls.source).toBe(1);
    expect(await snapshot()).toEqual(before);
  });

  it('a row for a user without the account is refused, never dropped, and changes nothing', async () => {
    const before = await snapshot();
    await expect(
      server.repos.transaction((tx) =>
        bookBatch(
          tx,
          batchOf(
            key(),
            [
              { userId: ann, type: 'cow-point-income', amount: '5' },
              { userId: cyd, type: 'cow-point-income', amount: '5' },
            ],
            ['cow-point-income'],
            { source: 0 },
          ),
        ),
      ),
    ).rejects.toThrow(/unbooked/);
    expect(await snapshot()).toEqual(before);
  });

  it('a batch that would make a user balance negative is refused and changes nothing', async () => {
    const annBefore = await balance(ann);
    const before = await snapshot();
    const batch = batchOf(
      key(),
      [
        { userId: bob, type: 'cow-point-income', amount: '1' },
        { userId: ann, type: 'cow-point-income', amount: '-1000' },
      ],
      ['cow-point-income'],
      { source: 0 },
    );
    const error = await server.repos.transaction((tx) => bookBatch(tx, batch)).catch((e: unknown) => e);
    // The accounts' own CHECK refuses it inside the statement; the statement's own check (below) would otherwise.
    expect(String((error as Error).cause ?? error)).toMatch(/user_balance_not_negative|below zero/);
    expect(await snapshot()).toEqual(before);
    expect(await balance(ann)).toBe(annBefore);
  });

  /**
   * The booking statement's own checks sit behind guards that keep a fault from arising (the counter lines are
   * built as the negated sum, the accounts' CHECK refuses a negative user balance): to reach them, each test below
   * breaks a guard inside its own transaction, which the refusal rolls back with everything else.
   */
  async function inBrokenTransaction(breakIt: (db: AppDb) => Promise<void>, batch: BatchMovement) {
    return server.database.db
      .transaction(async (t) => {
        const db = t as unknown as AppDb;
        await breakIt(db);
        return bookBatch(repositories(db), batch);
      })
      .catch((e: unknown) => e);
  }

  it('entries that do not sum to zero, as inserted, are refused by the booking statement and change nothing', async () => {
    const before = await snapshot();
    const annAccount = await server.repos.ledger.ensureAccount(userAccount(ann, 'aidf'));
    const batch = batchOf(key(), [{ userId: ann, type: 'cow-point-income', amount: '5' }], ['cow-point-income'], {
      source: 0,
    });
    // A trigger that writes one more unit on ann's entry than the statement computed.
    const error = await inBrokenTransaction(async (db) => {
      await db.execute(sql`
        CREATE FUNCTION batch_test_tamper() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.account_id = ${sql.raw(String(annAccount))} THEN NEW.amount := NEW.amount + 1; END IF;
          RETURN NEW;
        END $$`);
      await db.execute(
        sql`CREATE TRIGGER batch_test_tamper BEFORE INSERT ON entries FOR EACH ROW EXECUTE FUNCTION batch_test_tamper()`,
      );
    }, batch);
    expect(error).toBeInstanceOf(BatchRefused);
    expect(String(error)).toMatch(/does not balance: aidf 1\.0*$/);
    expect(await snapshot()).toEqual(before);
    const triggers = rowsOf(
      await server.database.db.execute(sql`SELECT 1 FROM pg_trigger WHERE tgname = 'batch_test_tamper'`),
    );
    expect(triggers).toEqual([]);
  });

  it('a user balance below zero, as updated, is refused by the booking statement and changes nothing', async () => {
    const annBefore = await balance(ann);
    const before = await snapshot();
    const annAccount = await server.repos.ledger.ensureAccount(userAccount(ann, 'aidf'));
    const batch = batchOf(
      key(),
      [
        { userId: bob, type: 'cow-point-income', amount: '1' },
        { userId: ann, type: 'cow-point-income', amount: '-1000' },
      ],
      ['cow-point-income'],
      { source: 0 },
    );
    // Without the accounts' CHECK, only the statement's own check stands between the batch and a negative balance.
    const error = await inBrokenTransaction(async (db) => {
      await db.execute(sql`ALTER TABLE accounts DROP CONSTRAINT user_balance_not_negative`);
    }, batch);
    expect(error).toBeInstanceOf(BatchRefused);
    expect(String(error)).toMatch(new RegExp(`below zero: ${annAccount}$`));
    expect(await snapshot()).toEqual(before);
    expect(await balance(ann)).toBe(annBefore);
    const check = rowsOf(
      await server.database.db.execute(sql`SELECT 1 FROM pg_constraint WHERE conname = 'user_balance_not_negative'`),
    );
    expect(check).toHaveLength(1);
  });

  it('a debit the balance covers is booked; the ledger holds after single and batch movements mixed', async () => {
    await postMovement(server.repos, {
      type: 'merchant-system-transfer',
      idemKey: key(),
      lines: [
        { account: platformAccount(PLATFORM.operatorCredit, 'aidf'), amount: new Money(-7) },
        { account: userAccount(ann, 'aidf'), amount: new Money(7) },
      ],
    });
    const annBefore = new Money((await balance(ann)) ?? '0');
    await server.repos.transaction((tx) =>
      bookBatch(
        tx,
        batchOf(key(), [{ userId: ann, type: 'cow-point-income', amount: '-2' }], ['cow-point-income'], { source: 0 }),
      ),
    );
    expect(await balance(ann)).toBe(moneyString(annBefore.minus(2)));
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });

  it('a daily paying job (dailyPayingJob) pays each item once a day, in batches, however often the day runs', async () => {
    const ids = [ann, bob, cyd].sort((a, b) => (a < b ? -1 : 1));
    const job = dailyPayingJob({
      name: 'batch-test-daily',
      type: 'cow-point-income',
      currency: 'cow',
      platform: PLATFORM.issuance,
      batchSize: 2,
      nextBatchEnd: async (_tx, afterUser, size) =>
        ids
          .filter((id) => id > afterUser)
          .slice(0, size)
          .at(-1) ?? null,
      due: (_tx, b) => sql`
        SELECT u.id AS item_id, u.id AS user_id, 0.5::numeric AS amount FROM users u
        WHERE u.id IN (${sql.join(ids, sql`, `)}) AND u.id > ${b.afterUser} AND u.id <= ${b.lastUser}`,
    });
    const cow = async (userId: bigint) =>
      (await server.repos.ledger.balancesOfUser(userId)).find((b) => b.currency === 'cow' && b.submode === '00')
        ?.balance;
    const run = (day: string) => job.runDay({ repos: server.repos, day, checkpoint: async () => {} });
    expect(await run('2031-01-01')).toBe(3);
    expect(await run('2031-01-01')).toBe(0);
    expect(await run('2031-01-02')).toBe(3);
    // cyd had no account of the currency: the job makes it.
    for (const id of ids) expect(moneyString(new Money((await cow(id)) ?? '0'))).toBe('1');
    const paid = rowsOf<{ n: number }>(
      await server.database.db.execute(
        sql`SELECT count(*)::int AS n FROM daily_payouts WHERE job = 'batch-test-daily'`,
      ),
    );
    expect(paid[0]?.n).toBe(6);
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });
});
