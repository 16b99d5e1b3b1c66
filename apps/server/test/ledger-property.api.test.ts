import { Money, moneyString } from '@aidf/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/raw.ts';
import { normalize } from '../src/domain/assets/assets.ts';
import { AppError } from '../src/domain/errors.ts';
import { checkLedger } from '../src/domain/ledger/check.ts';
import { PLATFORM, platformAccount, userAccount } from '../src/domain/ledger/platform-accounts.ts';
import { postMovement } from '../src/domain/ledger/post-movement.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const amount = fc
  .tuple(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 999_999 }))
  .map(([w, f]) => new Money(`${w}.${String(f).padStart(6, '0')}`))
  .filter((m) => !m.isZero());

const operation = fc.oneof(
  fc.record({ kind: fc.constant('credit' as const), to: fc.nat(3), amount }),
  fc.record({ kind: fc.constant('transfer' as const), from: fc.nat(3), to: fc.nat(3), amount }),
);

describe('[property] the ledger service against a model', () => {
  let server: TestServer;
  let users: bigint[];
  let run = 0;
  beforeAll(async () => {
    server = await startTestServer();
    users = [];
    for (let i = 0; i < 4; i++) users.push(await server.repos.users.insert({ username: `prop${i}` }));
  });
  afterAll(() => server.close());

  it('matches a model of balances, never goes negative, keeps every invariant', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 25 }), async (ops) => {
        run++;
        const currency = `p${run}`;
        const model = users.map(() => new Money(0));
        for (const [i, op] of ops.entries()) {
          const idemKey = `prop:${run}:${i}`;
          if (op.kind === 'credit') {
            await postMovement(server.repos, {
              type: 'merchant-system-transfer',
              idemKey,
              lines: [
                { account: platformAccount(PLATFORM.operatorCredit, currency), amount: op.amount.neg() },
                { account: userAccount(users[op.to] as bigint, currency), amount: op.amount },
              ],
            });
            model[op.to] = (model[op.to] as Money).plus(op.amount);
            continue;
          }
          if (op.from === op.to) continue;
          const enough = (model[op.from] as Money).gte(op.amount);
          const attempt = postMovement(server.repos, {
            type: 'user-transfer-out',
            idemKey,
            lines: [
              { account: userAccount(users[op.from] as bigint, currency), amount: op.amount.neg() },
              { account: userAccount(users[op.to] as bigint, currency), amount: op.amount, type: 'user-transfer-in' },
            ],
          });
          if (enough) {
            await attempt;
            model[op.from] = (model[op.from] as Money).minus(op.amount);
            model[op.to] = (model[op.to] as Money).plus(op.amount);
          } else {
            await expect(attempt).rejects.toEqual(new AppError(1230));
          }
        }
        const held = await Promise.all(
          users.map(async (u) => {
            const row = (await server.repos.ledger.balancesOfUser(u)).find((b) => b.currency === currency);
            return normalize(row?.balance ?? '0');
          }),
        );
        expect(held).toEqual(model.map((m) => moneyString(m)));
        expect(await brokenRunningBalances()).toEqual([]);
        expect((await checkLedger(server.repos)).ok).toBe(true);
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  /** Entries whose balance_after is not the account's previous entry's plus their own amount. */
  async function brokenRunningBalances() {
    const result = await server.database.db.execute(sql`
      SELECT id::text FROM (
        SELECT e.id, e.amount, e.balance_after,
               lag(e.balance_after, 1, 0::numeric) OVER (PARTITION BY e.account_id ORDER BY e.id) AS before
        FROM entries e) r
      WHERE r.balance_after <> r.before + r.amount`);
    return rowsOf<{ id: string }>(result).map((r) => r.id);
  }

  it('books several lines of one account in line order, and checks the account once, by what it ends with', async () => {
    const user = userAccount(users[1] as bigint, 'multi');
    const source = platformAccount(PLATFORM.operatorCredit, 'multi');
    await postMovement(server.repos, {
      type: 'merchant-system-transfer',
      idemKey: 'multi:credit',
      lines: [
        { account: source, amount: new Money('-5') },
        { account: user, amount: new Money('5') },
      ],
    });
    // 5 + 3 - 8 = 0: the account ends at zero, so the movement stands although its second line alone is above 5.
    const { movementId } = await postMovement(server.repos, {
      type: 'merchant-system-transfer',
      idemKey: 'multi:in-and-out',
      lines: [
        { account: user, amount: new Money('3') },
        { account: user, amount: new Money('-8') },
        { account: source, amount: new Money('5') },
      ],
    });
    const written = await server.database.db.execute(
      sql`SELECT amount::text, balance_after::text FROM entries WHERE movement_id = ${movementId} ORDER BY id`,
    );
    expect(
      rowsOf<{ amount: string; balance_after: string }>(written).map((r) => [
        normalize(r.amount),
        normalize(r.balance_after),
      ]),
    ).toEqual([
      ['3', '8'],
      ['-8', '0'],
      [
        '5',
        normalize(
          rowsOf<{ b: string }>(
            await server.database.db.execute(
              sql`SELECT balance::text AS b FROM accounts WHERE platform_code = ${PLATFORM.operatorCredit} AND currency = 'multi'`,
            ),
          )[0]?.b ?? '',
        ),
      ],
    ]);
    // Ending below zero by a cent: refused, and nothing of it is written.
    await expect(
      postMovement(server.repos, {
        type: 'merchant-system-transfer',
        idemKey: 'multi:below-zero',
        lines: [
          { account: user, amount: new Money('2') },
          { account: user, amount: new Money('-2.01') },
          { account: source, amount: new Money('0.01') },
        ],
      }),
    ).rejects.toEqual(new AppError(1230));
    expect(await server.repos.ledger.movementByIdem('multi:below-zero')).toBeNull();
    const row = (await server.repos.ledger.balancesOfUser(users[1] as bigint)).find((b) => b.currency === 'multi');
    expect(normalize(row?.balance ?? '')).toBe('0');
    expect(await brokenRunningBalances()).toEqual([]);
  });

  it('answers a retried movement without moving money again', async () => {
    const movement = {
      type: 'merchant-system-transfer' as const,
      idemKey: 'prop:retry',
      lines: [
        { account: platformAccount(PLATFORM.operatorCredit, 'retry'), amount: new Money('-5') },
        { account: userAccount(users[0] as bigint, 'retry'), amount: new Money('5') },
      ],
    };
    const first = await postMovement(server.repos, movement);
    const again = await postMovement(server.repos, movement);
    expect(again).toEqual({ movementId: first.movementId, replayed: true });
    const row = (await server.repos.ledger.balancesOfUser(users[0] as bigint)).find((b) => b.currency === 'retry');
    expect(normalize(row?.balance ?? '0')).toBe('5');
  });
});
