import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { Money, moneyString } from '@aidf/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/domain/ledger/check.ts';
import { inFlight } from './in-flight.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, balanceOf, credit, signUp, transferBody } from './users.ts';

const TRANSFER = '/v1/cow/home/transfer';
const execFileAsync = promisify(execFile);

const randomAmount = () => {
  const whole = Math.floor(Math.random() * 60);
  const decimals = Math.floor(Math.random() * 19);
  const fraction = Array.from({ length: decimals }, () => Math.floor(Math.random() * 10)).join('');
  const text = fraction ? `${whole}.${fraction}` : `${whole}`;
  return new Money(text).isZero() ? '1' : text;
};

describe('[api] ledger under concurrency (internal transfer)', () => {
  let server: TestServer;
  let users: Account[];

  beforeAll(async () => {
    server = await startTestServer();
    users = [];
    for (let i = 0; i < 20; i++) users.push(await signUp(server));
    for (const u of users) {
      await credit(server, u.username, 'usdt', '1000');
      await credit(server, u.username, 'aidf', '250.5');
    }
  }, 120_000);
  afterAll(() => server.close());

  it('conserves money: 5,000 random transfers from 64 concurrent clients', async () => {
    const before = await server.repos.ledger.totalsByCurrency();
    const outcomes = await inFlight(
      64,
      Array.from({ length: 5000 }, () => async () => {
        const from = users[Math.floor(Math.random() * users.length)] as Account;
        let to = users[Math.floor(Math.random() * users.length)] as Account;
        if (to === from) to = users[(users.indexOf(from) + 1) % users.length] as Account;
        const currency = Math.random() < 0.8 ? 'usdt' : 'aidf';
        const res = await call(server.baseUrl, TRANSFER, {
          token: from.token,
          body: await transferBody(from, to.username, currency, randomAmount()),
        });
        return res.status === 200 ? 'moved' : `${res.status}:${res.json?.code}`;
      }),
    );
    const kinds = new Set(outcomes);
    expect([...kinds].every((k) => k === 'moved' || k === '409:1230')).toBe(true);
    expect(outcomes.filter((o) => o === 'moved').length).toBeGreaterThan(2500);
    expect(await server.repos.ledger.totalsByCurrency()).toEqual(before);
    expect((await checkLedger(server.repos)).ok).toBe(true);
  }, 300_000);

  it('never overdraws: of 64 concurrent requests spending the whole balance exactly one succeeds, 50 times', async () => {
    const spender = await signUp(server);
    for (let round = 0; round < 50; round++) {
      await credit(server, spender.username, 'cow', '10');
      const results = await inFlight(
        64,
        users.slice(0, 16).flatMap((to) =>
          Array.from({ length: 4 }, () => async () => {
            const res = await call(server.baseUrl, TRANSFER, {
              token: spender.token,
              body: await transferBody(spender, to.username, 'cow', '10'),
            });
            return res.status;
          }),
        ),
      );
      expect(results.filter((s) => s === 200)).toHaveLength(1);
      expect(results.filter((s) => s === 409)).toHaveLength(63);
      expect(await balanceOf(server, spender, 'cow')).toBe('0');
    }
  }, 300_000);

  it('moves money once for the same signed request sent 5 times at once', async () => {
    const [alice, bob] = users as [Account, Account];
    const before = new Money(await balanceOf(server, bob, 'usdt'));
    const body = await transferBody(alice, bob.username, 'usdt', '1.25');
    const results = await Promise.all(
      Array.from({ length: 5 }, () => call(server.baseUrl, TRANSFER, { token: alice.token, body })),
    );
    for (const r of results) {
      expect(r.status).toBe(200);
      expect(r.json.code).toBe(200);
    }
    expect(await balanceOf(server, bob, 'usdt')).toBe(moneyString(before.plus('1.25')));
  });

  it('refuses bad input with a 4xx and its code, writing nothing', async () => {
    const [alice, bob] = users as [Account, Account];
    const movementsBefore = await server.database.db.$count((await import('../src/db/schema.ts')).movements);
    const cases: [string, Record<string, unknown>, number][] = [
      ['negative', await transferBody(alice, bob.username, 'usdt', '-1'), 1225],
      ['zero', await transferBody(alice, bob.username, 'usdt', '0'), 1225],
      ['not a number', await transferBody(alice, bob.username, 'usdt', 'ten'), 1225],
      ['19 decimals', await transferBody(alice, bob.username, 'usdt', '1.0000000000000000001'), 1225],
      ['1e309', await transferBody(alice, bob.username, 'usdt', '1e309'), 1225],
      ['a number, not a string', { ...(await transferBody(alice, bob.username, 'usdt', '1')), amount: 1 }, 1225],
      ['unknown currency', await transferBody(alice, bob.username, 'doge', '1'), 1225],
      ['unknown receiver', await transferBody(alice, 'nobody-here', 'usdt', '1'), 1226],
      ['yourself', await transferBody(alice, alice.username, 'usdt', '1'), 1225],
      ['more than the balance', await transferBody(alice, bob.username, 'usdt', '1000000000'), 1230],
      ['another wallet’s signature', await transferBody(bob, bob.username, 'usdt', '1'), 1229],
    ];
    for (const [name, body, code] of cases) {
      const res = await call(server.baseUrl, TRANSFER, { token: alice.token, body });
      expect(res.status, name).toBeGreaterThanOrEqual(400);
      expect(res.status, name).toBeLessThan(500);
      expect(res.json.code, name).toBe(code);
    }
    const { sign: _, ...unsigned } = await transferBody(alice, bob.username, 'usdt', '1');
    expect((await call(server.baseUrl, TRANSFER, { token: alice.token, body: unsigned })).json.code).toBe(1225);
    expect(
      (await call(server.baseUrl, TRANSFER, { body: await transferBody(alice, bob.username, 'usdt', '1') })).status,
    ).toBe(401);
    expect(await server.database.db.$count((await import('../src/db/schema.ts')).movements)).toBe(movementsBefore);
  });
});

describe('[api] operator credit and the ledger check command', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('credits as merchant-system-transfer, audited; refuses a wrong operator token', async () => {
    const carol = await signUp(server);
    await credit(server, carol.username, 'aidf', '12.5', '16');
    expect(await balanceOf(server, carol, 'aidf', '16')).toBe('12.5');
    const lines = await call(server.baseUrl, '/v1/ma/account/finance/aidf/16/p/1-10', {
      method: 'GET',
      token: carol.token,
    });
    expect(lines.json.data.list[0]).toMatchObject({
      type: 'merchant-system-transfer',
      amount: '12.5',
      balanceAfter: '12.5',
    });
    const audit = await server.database.db.execute(sql`SELECT operator, action, reason FROM operator_actions`);
    expect(JSON.stringify(audit)).toContain('test funding');

    const refused = await fetch(`${server.baseUrl}/ops/v1/credit`, {
      method: 'POST',
      headers: { authorization: 'Bearer not-the-token-at-all', 'content-type': 'application/json' },
      body: JSON.stringify({ username: carol.username, currency: 'aidf', amount: '1', reason: 'x' }),
    });
    expect(refused.status).toBe(401);
  });

  it('runs `npm run operator` and `npm run ledger:check` against the running server', async () => {
    const dave = await signUp(server);
    const env = { ...process.env, OPERATOR_URL: server.baseUrl };
    const cli = (args: string[]) =>
      execFileAsync(path.resolve('node_modules/.bin/tsx'), ['apps/server/src/cli/operator.ts', ...args], { env });
    const credited = await cli(['credit', dave.username, 'cow', '7', '--reason', 'welcome bonus']);
    expect(credited.stdout).toContain(`credited 7 cow to ${dave.username}`);
    expect(await balanceOf(server, dave, 'cow')).toBe('7');
    const check = await cli(['ledger-check']);
    expect(check.stdout).toContain('ledger OK');
  });
});
