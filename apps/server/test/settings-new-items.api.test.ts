import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/raw.ts';
import { machineConfig } from '../src/domain/machine/machine-config.ts';
import { completeOrder } from '../src/domain/machine/order-lifecycle.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, balanceOf, credit, ops, signUp } from './users.ts';
import { evmWallet, signed } from './wallets.ts';

const DAY_MS = 86_400_000;
const dayAfter = (n: number) => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10);

/**
 * A change of the mining rate, the cap multiple or the team's bonus rates (console config)
 * applies to new items only; machines already running keep the rate they were made with, bonuses already paid
 * stay as they were. (Pledges: pledge-settlement.api.test.ts, 'a rate change applies to new pledges only'.)
 */
describe('[api] settings apply to new items only', () => {
  let server: TestServer;
  let alice: Account;
  let itemId: string;
  beforeAll(async () => {
    server = await startTestServer();
    alice = await signUp(server);
    const made = await ops(server, 'POST', '/ops/v1/machine/items', {
      worth: '100',
      usdtAmount: '100',
      reason: 'fixture',
    });
    itemId = made.json.data.id;
  }, 120_000);
  afterAll(() => server.close(), 120_000);

  /** A user Alice invited, who buys the 100 AIDF machine with USDT from the balance. */
  const inviteeBuys = async () => {
    const wallet = evmWallet();
    const res = await call(server.baseUrl, '/v1/sso/dapp/addressLogin', {
      body: {
        currency: wallet.currency,
        walletAddress: wallet.address,
        inviteCode: alice.username,
        ...(await signed(wallet, 'Login-')),
      },
    });
    const user: Account = { ...alice, wallet, token: res.headers.get('authorization') ?? '', ...res.json.data };
    await credit(server, user.username, 'usdt', '100');
    const bought = await call(server.baseUrl, `/v1/cow/home/buy/ai/${itemId}`, { body: {}, token: user.token });
    expect(bought.json.data.status).toBe(1);
    return { user, orderNo: String(bought.json.data.orderNo) };
  };
  const machineOf = async (user: Account) =>
    (await call(server.baseUrl, '/v1/cow/ai/machine/p/1-10', { body: {}, token: user.token })).json.data.list[0];
  const set = async (key: string, value: string) =>
    expect((await ops(server, 'POST', '/ops/v1/config', { key, value, reason: 'new terms' })).status).toBe(200);
  const directBonusRate = async (orderNo: string) =>
    rowsOf<{ rate: string }>(
      await server.database.db.execute(
        sql`SELECT rate::text AS rate FROM team_bonuses WHERE order_id = ${orderNo} AND type = 'cow-push-income'`,
      ),
    ).map((r) => Number(r.rate));

  it('a running machine keeps its daily income and cap; bonuses paid keep their rate', async () => {
    const first = await inviteeBuys();
    expect(await machineOf(first.user)).toMatchObject({ dailyIncome: '1', cap: '200' });
    expect(await directBonusRate(first.orderNo)).toEqual([5]);
    const aliceAfterFirst = await balanceOf(server, alice, 'aidf');
    expect(aliceAfterFirst).toBe('5');

    await set('machine.dailyRate', '0.02');
    await set('machine.capMultiple', '3');
    await set('team.directRate', '10');
    await set('team.level.1.rate', '6');
    expect(await balanceOf(server, alice, 'aidf')).toBe(aliceAfterFirst); // nothing paid is recomputed

    const second = await inviteeBuys();
    expect(await machineOf(second.user)).toMatchObject({ dailyIncome: '2', cap: '300' });
    expect(await machineOf(first.user)).toMatchObject({ dailyIncome: '1', cap: '200' });
    expect(await directBonusRate(second.orderNo)).toEqual([10]);
    expect(await directBonusRate(first.orderNo)).toEqual([5]);

    const mined = await ops(server, 'POST', '/ops/v1/jobs/machine-mining/run', { date: dayAfter(1) });
    expect(mined.status).toBe(200);
    expect(await balanceOf(server, first.user, 'aidf')).toBe('1');
    expect(await balanceOf(server, second.user, 'aidf')).toBe('2');
  });

  it('an order awaiting payment keeps the terms it was placed with when paid after a change', async () => {
    const bnbItem = await ops(server, 'POST', '/ops/v1/machine/items', {
      worth: '100',
      bnbAmount: '1',
      reason: 'fixture',
    });
    const buyer = await signUp(server);
    await set('machine.dailyRate', '0.02');
    await set('machine.capMultiple', '3');
    const placed = await call(server.baseUrl, `/v1/cow/home/buy/ai/${bnbItem.json.data.id}`, {
      body: {},
      token: buyer.token,
    });
    expect(placed.json.data).toMatchObject({ status: 0, orderLackBnb: '1' });
    await set('machine.dailyRate', '0.05');
    await set('machine.capMultiple', '4');
    // The payment arrives after the change: the order completes as the payment path completes it.
    const order = await server.repos.machines.order(BigInt(placed.json.data.orderNo));
    if (!order) throw new Error('order vanished');
    const config = await machineConfig(server.repos);
    await server.repos.transaction((tx) => completeOrder(tx, order, config, new Date()));
    expect(await machineOf(buyer)).toMatchObject({ dailyIncome: '2', cap: '300' });
  });
});
