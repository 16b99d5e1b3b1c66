import { Money } from '@aidf/contract';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusRepository } from '../src/db/repositories/order-status.ts';
import { createSession, hashToken, revokeSession } from '../src/domain/auth/sessions.ts';
import { checkLedger } from '../src/domain/ledger/check.ts';
import { forgetOrderContexts } from '../src/domain/machine/order-context-cache.ts';
import { jobRunner } from '../src/jobs/job-runner.ts';
import { machineMiningJob } from '../src/jobs/machine-mining.ts';
import { leaseEnded } from './job-leases.ts';
import { signInOperator } from './operators.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, balanceOf, credit, ops, signUp } from './users.ts';

const DAY_MS = 86_400_000;
const dayAfter = (n: number) => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10);

const item = async (server: TestServer, price: Record<string, string>) =>
  (await ops(server, 'POST', '/ops/v1/machine/items', { ...price, reason: 'machine tests' })).json.data.id as string;
const buy = (server: TestServer, user: Account, id: string) =>
  call(server.baseUrl, `/v1/cow/home/buy/ai/${id}`, { body: {}, token: user.token });
const status = (server: TestServer, user: Account, orderNo: string) =>
  call(server.baseUrl, `/v1/cow/home/order/${orderNo}`, { method: 'GET', token: user.token });
const machinesOf = async (server: TestServer, user: Account) =>
  (await call(server.baseUrl, '/v1/cow/ai/machine/p/1-100', { body: {}, token: user.token })).json.data;

describe('[api] AI miner: buying, holding, cancelling, expiring', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('lists the seeded items with income, cap and days to out from the settings', async () => {
    const user = await signUp(server);
    const res = await call(server.baseUrl, '/v1/cow/home/index', { body: {}, token: user.token });
    expect(res.status).toBe(200);
    const first = res.json.data.aiMinningPriceItems[0];
    expect(first).toMatchObject({ worth: '100', usdtAmount: '100', bnbAmount: '0', dailyIncome: '1', cap: '200' });
    expect(first.daysToOut).toBe(200);
    expect(res.json.data).toMatchObject({ dailyRate: '0.01', capMultiple: '2', highestWorth: '0', openOrder: null });
  });

  it('shows a visitor what is on sale without a token, and nothing of a user; the index still needs one', async () => {
    const user = await signUp(server);
    const index = (await call(server.baseUrl, '/v1/cow/home/index', { body: {}, token: user.token })).json.data;
    const res = await call(server.baseUrl, '/v1/cow/home/prices', { method: 'GET' });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({
      aiMinningPriceItems: index.aiMinningPriceItems,
      worthCurrency: index.worthCurrency,
      dailyRate: index.dailyRate,
      capMultiple: index.capMultiple,
    });
    expect((await call(server.baseUrl, '/v1/cow/home/index', { body: {} })).status).toBe(401);
  });

  it('pays at once from the balance, then refuses while the machine runs (81024) and below the highest worth (8770)', async () => {
    const user = await signUp(server);
    const small = await item(server, { worth: '50', usdtAmount: '50' });
    const big = await item(server, { worth: '80', usdtAmount: '80' });
    expect((await buy(server, user, big)).json.code).toBe(1230); // usdt must come from the balance: ms23
    await credit(server, user.username, 'usdt', '200');
    const paid = await buy(server, user, big);
    expect(paid.json.data).toMatchObject({ status: 1, lackBnb: '0', lackEoeo: '0', lackSol: '0' });
    expect(paid.json.data.machineId).not.toBeNull();
    expect(await balanceOf(server, user, 'usdt')).toBe('120');
    expect((await buy(server, user, big)).json.code).toBe(81024);
    const list = await machinesOf(server, user);
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ worth: '80', mined: '0', cap: '160', progress: '0', status: 'running' });
    // Out (as if mined to its cap): a cheaper machine is refused, the same worth is fine.
    await server.database.db.execute(`UPDATE machines SET status = 'out', mined = cap` as never);
    expect((await buy(server, user, small)).json.code).toBe(8770);
  });

  it('holds the covered part while the rest is lacking, and a cancel gives it back', async () => {
    const user = await signUp(server);
    const id = await item(server, { worth: '100', bnbAmount: '1', eoeoAmount: '10', usdtAmount: '5' });
    await credit(server, user.username, 'usdt', '5');
    await credit(server, user.username, 'bnb', '0.25');
    const collection = getAddress('0x00000000000000000000000000000000000c0113');
    // A fixture: changing it through the operator API is a proposal for two admins (money-settings.api.test.ts).
    await server.repos.settings.set('machine.collectionAddress.bsc', collection, 'test');
    const res = await buy(server, user, id);
    expect(res.json.data).toMatchObject({ status: 0, lackBnb: '0.75', lackEoeo: '10', lackSol: '0' });
    expect(res.json.data.payBsc.collectionAddress).toBe(collection);
    expect(res.json.data.payBsc).toMatchObject({ chainId: '0x38', fromAddress: user.wallet.address });
    expect(await balanceOf(server, user, 'bnb')).toBe('0');
    expect(await balanceOf(server, user, 'usdt')).toBe('0');
    expect((await buy(server, user, id)).json.code).toBe(81029); // one open order
    const orderNo = res.json.data.orderNo as string;
    const cancelled = await call(server.baseUrl, '/v1/cow/home/order/cancel', { body: { orderNo }, token: user.token });
    expect(cancelled.json.data.status).toBe(3);
    expect(await balanceOf(server, user, 'bnb')).toBe('0.25');
    expect(await balanceOf(server, user, 'usdt')).toBe('5');
    // A second cancel answers the same and moves nothing.
    await call(server.baseUrl, '/v1/cow/home/order/cancel', { body: { orderNo }, token: user.token });
    expect(await balanceOf(server, user, 'bnb')).toBe('0.25');
    // Another user sees nothing of it.
    const other = await signUp(server);
    expect((await status(server, other, orderNo)).json.code).toBe(1404);
  });

  it('the poll answers a changed collection address at once, though it keeps the settings a few seconds', async () => {
    const user = await signUp(server);
    const id = await item(server, { worth: '100', bnbAmount: '1' });
    const first = getAddress('0x00000000000000000000000000000000000c0114');
    const second = getAddress('0x00000000000000000000000000000000000c0115');
    await server.repos.settings.set('machine.collectionAddress.bsc', first, 'test');
    forgetOrderContexts(); // a fixture written past the operator API: the poll's cache is told as the API tells it
    const orderNo = (await buy(server, user, id)).json.data.orderNo as string;
    const polled = (await status(server, user, orderNo)).json.data;
    expect(polled).toMatchObject({ orderNo, status: 0, lackBnb: '1', unconfirmedBnb: '0', machineId: null });
    expect(polled.payBsc).toMatchObject({ collectionAddress: first, fromAddress: user.wallet.address });
    // A money setting: one admin proposes, another approves, and the approval is what the poll sees at once.
    const [ada, bob] = [await signInOperator(server, 'admin'), await signInOperator(server, 'admin')];
    const proposed = await ada.call('POST', '/ops/v1/config', {
      key: 'machine.collectionAddress.bsc',
      value: second,
      reason: 't',
    });
    expect(proposed.json.data.status).toBe('proposed');
    expect((await status(server, user, orderNo)).json.data.payBsc.collectionAddress).toBe(first);
    const approved = await bob.call('POST', `/ops/v1/proposals/${proposed.json.data.proposalId}/approve`);
    expect(approved.json.data.status).toBe('applied');
    expect((await status(server, user, orderNo)).json.data.payBsc.collectionAddress).toBe(second);
  });

  it("a payment is one row per chain, genesis, transaction and event: a restarted chain's same hash is another", async () => {
    const payment = {
      chain: 'bsc' as const,
      genesisHash: `0x${'a1'.repeat(32)}`,
      txHash: `0x${'b2'.repeat(32)}`,
      eventIndex: 'native',
      blockNumber: 7n,
      blockHash: null,
      currency: 'bnb',
      tokenContract: null,
      fromAddress: null,
      toAddress: '0x00000000000000000000000000000000000c0116',
      amount: '0.1',
    };
    const first = await server.repos.machines.upsertPayment(payment, false);
    const rescanned = await server.repos.machines.upsertPayment({ ...payment, blockNumber: 8n }, false);
    expect(rescanned.id).toBe(first.id);
    const restarted = await server.repos.machines.upsertPayment(
      { ...payment, genesisHash: `0x${'c3'.repeat(32)}` },
      false,
    );
    expect(restarted.id).not.toBe(first.id);
    expect(restarted).toMatchObject({ state: 'seen', genesisHash: `0x${'c3'.repeat(32)}` });
    expect(await server.repos.machines.paymentsOfTx('bsc', payment.txHash)).toHaveLength(2);
  });

  it('the poll checks its session as every signed-in call does: 401 without, revoked or expired, and slides it', async () => {
    const user = await signUp(server);
    const orderNo = (await buy(server, user, await item(server, { worth: '100', bnbAmount: '1' }))).json.data.orderNo;
    const poll = (token?: string) =>
      call(server.baseUrl, `/v1/cow/home/order/${orderNo}`, { method: 'GET', ...(token ? { token } : {}) });
    const unauthorized = await poll();
    expect({ status: unauthorized.status, code: unauthorized.json.code }).toEqual({ status: 401, code: 401 });
    expect((await poll('x'.repeat(43))).status).toBe(401);
    const userId = BigInt(user.mid);
    const revoked = await createSession(server.repos, userId);
    await revokeSession(server.repos, revoked);
    expect((await poll(revoked)).status).toBe(401);
    const expired = await createSession(server.repos, userId, new Date(Date.now() - 8 * DAY_MS));
    expect((await poll(expired)).status).toBe(401);
    // Six days old: answered, and its expiry slides a week from now (alive in three days).
    const old = await createSession(server.repos, userId, new Date(Date.now() - 6 * DAY_MS));
    expect((await poll(old)).json.data).toMatchObject({ orderNo, status: 0 });
    expect(await server.repos.sessions.findLive(hashToken(old), new Date(Date.now() + 3 * DAY_MS))).not.toBeNull();
    // A live session of another user: 1404, as for an order that does not exist.
    const other = await signUp(server);
    expect((await poll(other.token)).json.code).toBe(1404);
  });

  it('polls that arrive together are answered by one statement, each with its own answer', async () => {
    const [alice, bob] = [await signUp(server), await signUp(server)];
    const itemId = await item(server, { worth: '100', bnbAmount: '1' });
    const aliceOrder = BigInt((await buy(server, alice, itemId)).json.data.orderNo);
    const bobOrder = BigInt((await buy(server, bob, itemId)).json.data.orderNo);
    const revoked = await createSession(server.repos, BigInt(alice.mid));
    await revokeSession(server.repos, revoked);
    // Counts the statements the poll runs on the real database: every statement drizzle runs is prepared by its
    // session (a built query, db.execute, or the poll's named statement) and then executed.
    let statements = 0;
    type Prepared = { execute(...args: unknown[]): Promise<unknown> };
    type Session = { prepareQuery(...args: unknown[]): Prepared };
    const session = (server.database.db as unknown as { session: Session }).session;
    const countedSession = new Proxy(session, {
      get: (target, key, receiver) =>
        key === 'prepareQuery'
          ? (...args: unknown[]) => {
              const prepared = target.prepareQuery(...args);
              return {
                execute: (...values: unknown[]) => {
                  statements++;
                  return prepared.execute(...values);
                },
              };
            }
          : Reflect.get(target, key, receiver),
    });
    const counted = new Proxy(server.database.db, {
      get: (target, key, receiver) => (key === 'session' ? countedSession : Reflect.get(target, key, receiver)),
    });
    const polls = orderStatusRepository(counted);
    const now = new Date();
    const later = new Date(Date.now() + 30 * DAY_MS); // past every session's expiry
    const answers = await Promise.all([
      polls.poll(hashToken(alice.token), aliceOrder, now),
      polls.poll(hashToken(bob.token), bobOrder, now),
      polls.poll(hashToken(alice.token), bobOrder, now), // another user's order: the session, no order
      polls.poll(hashToken(revoked), aliceOrder, now),
      polls.poll(hashToken(bob.token), bobOrder, later), // expired at its own time only
      polls.poll(hashToken(alice.token), aliceOrder, now), // the same poll twice
      polls.poll(hashToken(bob.token), 9_999_999_999n, now),
    ]);
    expect(statements).toBe(1);
    const seen = answers.map((a) => a && { user: a.session.username, order: a.found?.order.id ?? null });
    expect(seen).toEqual([
      { user: alice.username, order: aliceOrder },
      { user: bob.username, order: bobOrder },
      { user: alice.username, order: null },
      null,
      null,
      { user: alice.username, order: aliceOrder },
      { user: bob.username, order: null },
    ]);
    // Each column as drizzle's own select maps it (bigints, dates, decimals).
    expect(answers[0]?.found?.order).toEqual(await server.repos.machines.order(aliceOrder));
    expect(answers[0]?.session.expiresAt).toBeInstanceOf(Date);
    expect(answers[1]?.found?.extras.bound.get('bnb')).toBe(bob.wallet.address);
  });

  it('64 concurrent buys of one item by one user make one order', async () => {
    const user = await signUp(server);
    const id = await item(server, { worth: '100', bnbAmount: '1' });
    await credit(server, user.username, 'bnb', '0.5');
    const answers = await Promise.all(Array.from({ length: 64 }, () => buy(server, user, id)));
    const codes = answers.map((a) => a.json.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 81029)).toBe(true);
    const orders = await server.repos.machines.openOrderOf(BigInt(user.mid));
    expect(orders).not.toBeNull();
    expect(await server.repos.machines.machinePage(BigInt(user.mid), 10, 0)).toMatchObject({ total: 0 });
    const all = await server.database.db
      .execute(`SELECT count(*)::int AS n FROM machine_orders WHERE user_id = ${BigInt(user.mid)}` as never)
      .then((r) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as { n: number }[]);
    const n = all[0]?.n;
    expect(n).toBe(1);
    expect(await balanceOf(server, user, 'bnb')).toBe('0');
  }, 60_000);

  it('order-expiry expires an order after 30 minutes and gives back what it held', async () => {
    const user = await signUp(server);
    const id = await item(server, { worth: '100', solAmount: '2' });
    await credit(server, user.username, 'sol', '0.5');
    const order = (await buy(server, user, id)).json.data;
    expect(order.lackSol).toBe('1.5');
    const early = await ops(server, 'POST', '/ops/v1/ticks/order-expiry/run', { now: order.expiresAt - 1000 });
    expect(early.status).toBe(200);
    expect((await status(server, user, order.orderNo)).json.data.status).toBe(0);
    const late = await ops(server, 'POST', '/ops/v1/ticks/order-expiry/run', { now: order.expiresAt + 1000 });
    expect(late.json.data.items).toBeGreaterThanOrEqual(1);
    expect((await status(server, user, order.orderNo)).json.data.status).toBe(4);
    expect(await balanceOf(server, user, 'sol')).toBe('0.5');
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });

  it('operator price items are audited and an item off sale is refused (81027)', async () => {
    const user = await signUp(server);
    const id = await item(server, { worth: '100', usdtAmount: '1' });
    const off = await ops(server, 'POST', `/ops/v1/machine/items/${id}`, { onSale: false, reason: 'sold out' });
    expect(off.json.data.onSale).toBe(false);
    await credit(server, user.username, 'usdt', '1');
    expect((await buy(server, user, id)).json.code).toBe(81027);
    const bad = await ops(server, 'POST', '/ops/v1/machine/items', { worth: '10', reason: 'no price' });
    expect(bad.json.code).toBe(1225);
  });
});

describe('[api] AI miner: machine-mining', () => {
  let server: TestServer;
  const users: Account[] = [];
  beforeAll(async () => {
    server = await startTestServer();
    await ops(server, 'POST', '/ops/v1/config', { key: 'machine.dailyRate', value: '0.3', reason: 'fast cap' });
    await ops(server, 'POST', '/ops/v1/config', { key: 'machine.capMultiple', value: '1', reason: 'fast cap' });
    const id = await item(server, { worth: '10', usdtAmount: '10' });
    for (let i = 0; i < 7; i++) {
      const user = await signUp(server);
      await credit(server, user.username, 'usdt', '10');
      expect((await buy(server, user, id)).json.data.status).toBe(1);
      users.push(user);
    }
  }, 60_000);
  afterAll(() => server.close());

  const minedOn = async (day: string) =>
    (
      await server.database.db
        .execute(`SELECT count(*)::int AS n FROM machine_mining WHERE day = '${day}'` as never)
        .then((r) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows))
    )[0] as { n: number };

  it('two runners at once mine each machine once a day', async () => {
    const a = jobRunner({ repos: server.repos, jobs: [machineMiningJob({ batchSize: 2 })], owner: 'a' });
    const b = jobRunner({ repos: server.repos, jobs: [machineMiningJob({ batchSize: 3 })], owner: 'b' });
    const day = dayAfter(1);
    await Promise.all([a.runDay('machine-mining', day), b.runDay('machine-mining', day)]);
    await Promise.all(
      [a.runDay('machine-mining', day, true), b.runDay('machine-mining', day, true)].map((p) => p.catch(() => null)),
    );
    expect((await minedOn(day)).n).toBe(7);
    for (const user of users) expect(await balanceOf(server, user, 'aidf')).toBe('3');
  });

  it('a crash between batches resumes without paying twice', async () => {
    const day = dayAfter(2);
    const crashing = jobRunner({
      repos: server.repos,
      owner: 'crashing',
      leaseMs: 1,
      jobs: [
        machineMiningJob({
          batchSize: 3,
          afterBatch: () => {
            throw new Error('crash');
          },
        }),
      ],
    });
    await crashing.runDay('machine-mining', day).catch(() => null);
    expect((await minedOn(day)).n).toBe(3);
    await leaseEnded(server, 'machine-mining', day);
    const survivor = jobRunner({ repos: server.repos, jobs: [machineMiningJob({ batchSize: 3 })], owner: 'survivor' });
    await survivor.runDay('machine-mining', day);
    expect((await minedOn(day)).n).toBe(7);
    for (const user of users) {
      expect(await balanceOf(server, user, 'aidf')).toBe('6');
      // The machine row is not updated while it runs: the list reads what it mined from its latest mining row.
      const [machine] = (await machinesOf(server, user)).list;
      expect(machine).toMatchObject({ mined: '6', cap: '10', progress: '0.6', status: 'running' });
    }
  });

  it('the last day pays only up to the cap, then the machine is out and mines no more', async () => {
    for (const n of [3, 4, 5]) {
      const res = await ops(server, 'POST', '/ops/v1/jobs/machine-mining/run', { date: dayAfter(n) });
      expect(res.status).toBe(200);
    }
    for (const user of users) {
      expect(await balanceOf(server, user, 'aidf')).toBe('10');
      const [machine] = (await machinesOf(server, user)).list;
      expect(machine).toMatchObject({ mined: '10', cap: '10', progress: '1', status: 'out' });
      expect(new Money(machine.mined).eq(new Money(machine.cap))).toBe(true);
    }
    expect((await minedOn(dayAfter(4))).n).toBe(7); // 0.1 each: only up to the cap
    expect((await minedOn(dayAfter(5))).n).toBe(0);
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });
});
