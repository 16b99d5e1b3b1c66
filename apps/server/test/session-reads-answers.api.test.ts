import { CURRENCIES } from '@aidf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buy, newItem, orderOf } from './machine-orders.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, credit, signUp } from './users.ts';
import { evmWallet } from './wallets.ts';

/**
 * What the hot reads answer, each read with its session in its own statement: the same answers and refusals as
 * the reads that looked their session up first (another user's assets or order, a team member outside one's
 * downline, a user with no accounts, machines or team).
 */

describe('[api] the hot reads answer as before', () => {
  let server: TestServer;
  /** An order awaiting payment, a balance, one invitee. */
  let alice: Account;
  /** Invited by alice. */
  let bob: Account;
  /** Nothing at all: no account, no machine, no team. */
  let carol: Account;
  /** A running machine. */
  let dave: Account;
  let order: Record<string, unknown>;

  const get = (who: Account, path: string) => call(server.baseUrl, path, { method: 'GET', token: who.token });
  const index = async (who: Account) =>
    (await call(server.baseUrl, '/v1/cow/home/index', { body: {}, token: who.token })).json;

  beforeAll(async () => {
    server = await startTestServer();
    [alice, carol, dave] = [await signUp(server), await signUp(server), await signUp(server)];
    bob = await signUp(server, evmWallet(), alice.username);
    await credit(server, alice.username, 'usdt', '5');
    await credit(server, dave.username, 'usdt', '70');
    await server.repos.settings.set('price.reference.bnb', '300', 'tests');
    await server.repos.settings.set('price.reference.eoeo', '0.5', 'tests');
    // A collection address and a pinned token: the open order says how to pay it.
    await server.repos.settings.set('machine.collectionAddress.bsc', `0x${'c0'.repeat(20)}`, 'tests');
    await server.repos.tokenConfigs.setContract('bnb', 'eoeo', `0x${'7e'.repeat(20)}`, 18);
    order = (await buy(server, alice, await newItem(server, { worth: '200', bnbAmount: '0.15' }))).data;
    expect(order.status).toBe(0);
    const paid = await buy(server, dave, await newItem(server, { worth: '150', usdtAmount: '70' }));
    expect(paid.data.status).toBe(1);
  }, 60_000);
  afterAll(() => server.close());

  it('assets: every slot, its worth at the reference prices, zeros for a user without accounts', async () => {
    const priced: Record<string, string> = { usdt: '1', bnb: '300', eoeo: '0.5' };
    const slots = (held: Record<string, string>) => [
      ...CURRENCIES.map((currency) => {
        const balance = held[currency] ?? '0';
        const price = priced[currency];
        const valueUsdt = price === undefined ? null : String(Number(balance) * Number(price));
        return { currency, submode: '00', balance, valueUsdt };
      }),
      { currency: 'aidf', submode: '16', balance: '0', valueUsdt: null },
    ];
    const of = (who: Account, path = `/v1/ma/account/assets/${who.mid}`) => get(who, path);
    expect((await of(alice)).json.data).toEqual(slots({ usdt: '5' }));
    expect((await of(carol)).json.data).toEqual(slots({}));
    expect((await of(dave)).json.data).toEqual(slots({}));
    expect((await of(alice, '/v1/ma/account/assets/sub/00')).json.data).toEqual(
      slots({ usdt: '5' }).filter((s) => s.submode === '00'),
    );
    expect((await of(alice, '/v1/ma/account/assets/sub/16')).json.data).toEqual([
      { currency: 'aidf', submode: '16', balance: '0', valueUsdt: null },
    ]);
    // Another user's mid answers as an unknown user would.
    for (const mid of [carol.mid, '999999999']) {
      const other = await of(alice, `/v1/ma/account/assets/${mid}`);
      expect(other.status).toBe(404);
      expect(other.json.code).toBe(1226);
    }
  });

  it('machine index: what is on sale, the open order as its poll answers it, the running machine', async () => {
    const prices = (await call(server.baseUrl, '/v1/cow/home/prices', { method: 'GET' })).json.data;
    const answer = await index(alice);
    expect(answer.code).toBe(200);
    expect(answer.data).toEqual({
      ...prices,
      highestWorth: '0',
      hasRunningMachine: false,
      openOrder: await orderOf(server, alice, String(order.orderNo)),
    });
    expect(answer.data.openOrder).toEqual(order);
    expect(answer.data.openOrder.payBsc).toMatchObject({
      collectionAddress: `0x${'c0'.repeat(20)}`,
      fromAddress: alice.wallet.address,
    });
    expect(answer.data.openOrder.payBsc.tokens).toContainEqual({
      currency: 'eoeo',
      contract: `0x${'7e'.repeat(20)}`,
      decimals: 18,
    });
    expect((await index(carol)).data).toEqual({
      ...prices,
      highestWorth: '0',
      hasRunningMachine: false,
      openOrder: null,
    });
    expect((await index(dave)).data).toEqual({
      ...prices,
      highestWorth: '150',
      hasRunningMachine: true,
      openOrder: null,
    });
  });

  it('team summary: one’s own team, a member’s, and 81045 for anyone outside one’s downline', async () => {
    const team = async (who: Account, query = '') => (await get(who, `/v1/cow/user/child${query}`)).json;
    const own = await team(alice);
    expect(own.data).toMatchObject({ username: alice.username, directCount: 1, teamSize: 1, total: 1 });
    expect(own.data.list).toEqual([expect.objectContaining({ username: bob.username, directCount: 0 })]);
    expect(own.data.income.map((i: { amount: string }) => i.amount)).toEqual(own.data.income.map(() => '0'));
    expect((await team(alice, `?of=${encodeURIComponent(` ${alice.username.toUpperCase()} `)}`)).data).toEqual(
      own.data,
    );
    const ofBob = await team(alice, `?of=${bob.username}`);
    expect(ofBob.data).toMatchObject({ username: bob.username, directCount: 0, teamSize: 0, total: 0, list: [] });
    expect(ofBob.data.income).toEqual(own.data.income);
    expect((await team(bob)).data).toMatchObject({ username: bob.username, directCount: 0, teamSize: 0, list: [] });
    expect((await team(carol)).data).toMatchObject({ username: carol.username, starLevel: 0, teamSize: 0, list: [] });
    expect((await team(alice, '?pageNum=2&pageSize=1')).data).toMatchObject({ total: 1, list: [] });
    for (const [who, of] of [
      [alice, carol.username],
      [bob, alice.username],
      [alice, 'nobody-by-that-name'],
    ] as const) {
      const refused = await team(who, `?of=${of}`);
      expect(refused.code, `${who.username} of ${of}`).toBe(81045);
    }
  });

  it('order status: one’s own order; another user’s or a missing one is 1404', async () => {
    expect(await orderOf(server, alice, String(order.orderNo))).toEqual(order);
    for (const [who, orderNo] of [
      [carol, String(order.orderNo)],
      [alice, '999999999'],
    ] as const) {
      const res = await get(who, `/v1/cow/home/order/${orderNo}`);
      expect(res.json.code, `${who.username} ${orderNo}`).toBe(1404);
    }
  });
});
