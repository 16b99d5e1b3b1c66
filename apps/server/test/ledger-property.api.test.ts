import { Money, moneyString } from '@aidf/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
        expect((await checkLedger(server.repos)).ok).toBe(true);
      }),
      { numRuns: 25 },
    );
  }, 120_000);

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
