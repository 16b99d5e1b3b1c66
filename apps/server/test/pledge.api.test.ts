import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayAfter, listOf, paidOf, pledgeCall, pledgeWith, setSetting } from './pledges.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, balanceOf, credit, signUp, uniqueTimestamp } from './users.ts';
import { signed } from './wallets.ts';

describe('[api] pledge: fund info, pledging, the list', () => {
  let server: TestServer;
  let alice: Account;
  beforeAll(async () => {
    server = await startTestServer();
    alice = await signUp(server);
    await credit(server, alice.username, 'aidf', '5000');
    await credit(server, alice.username, 'aidf', '300', '16');
  });
  afterAll(() => server.close());

  it('answers the rates, the daily limit, the amount range and the pledges left today', async () => {
    const info = (await call(server.baseUrl, '/v1/cow/fund/info', { token: alice.token })).json.data;
    expect(info).toEqual({
      configDays30: '1.5',
      configDays90: '6',
      configDays180: '15',
      configDays365: '36',
      dailyLimit: 3,
      minAmount: '1',
      maxAmount: '1000000',
      pledgesLeftToday: 3,
    });
    expect((await call(server.baseUrl, '/v1/cow/fund/info')).status).toBe(401);
  });

  it('refuses bad input with its code and writes nothing', async () => {
    await setSetting(server, 'pledge.dailyLimit', '100');
    const cases: [string, string, string, number, number][] = [
      ['0', '90', '00', 400, 81011],
      ['0.5', '90', '00', 400, 81011],
      ['1000001', '90', '00', 400, 81011],
      ['1e3', '90', '00', 400, 1225],
      ['-1', '90', '00', 400, 1225],
      ['1.0000000000000000001', '90', '00', 400, 1225],
      ['100', '31', '00', 400, 1225],
      ['100', '90', '17', 400, 1225],
      ['301', '90', '16', 409, 1230],
    ];
    for (const [amount, days, submode, status, code] of cases) {
      const { res } = await pledgeCall(server, alice, amount, days, submode);
      expect({ amount, days, submode, status: res.status, code: res.json?.code }).toEqual({
        amount,
        days,
        submode,
        status,
        code,
      });
    }
    expect(await balanceOf(server, alice, 'aidf')).toBe('5000');
    expect(await balanceOf(server, alice, 'aidf', '16')).toBe('300');
    expect((await listOf(server, alice, '0')).total).toBe(0);
    await setSetting(server, 'pledge.dailyLimit', '3');
  });

  it('pledges 100 AIDF for 90 days at the rate of the day; the same signed pledge five times is one pledge', async () => {
    const body = await signed(alice.wallet, 'pledge-', uniqueTimestamp());
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => pledgeWith(server, alice, '100', 90, '00', body)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json.data.id)).size).toBe(1);
    expect(answers[0]?.json.data).toMatchObject({
      amount: '100',
      days: 90,
      rate: '6',
      status: 'running',
      settled: '0',
    });
    expect(await balanceOf(server, alice, 'aidf')).toBe('4900');
    // The same signature with another amount in the path is not answered with the first pledge.
    const other = await pledgeWith(server, alice, '200', 90, '00', body);
    expect([other.status, other.json.code]).toEqual([409, 81021]);
    const list = await listOf(server, alice, '1');
    expect(list.total).toBe(1);
    expect(list.list[0].endTime).toBe(Date.parse(`${dayAfter(90)}T00:00:00Z`));
  });

  it('a frozen-AIDF pledge takes the frozen balance and gives the principal back to the normal one', async () => {
    const { res } = await pledgeCall(server, alice, '300', 30, '16');
    expect(res.status).toBe(200);
    expect(await balanceOf(server, alice, 'aidf', '16')).toBe('0');
    const frozen = res.json.data.id as string;
    for (let d = 1; d <= 30; d++)
      expect((await server.app.jobs.runDay('pledge-settlement', dayAfter(d), true)).status).toBe('done');
    const paid = await paidOf(server, frozen);
    expect(paid.total.toFixed()).toBe('4.5'); // 300 x 1.5 %
    expect(paid.principal.toFixed()).toBe('300');
    expect(await balanceOf(server, alice, 'aidf', '16')).toBe('0');
    expect((await listOf(server, alice, '2')).list.map((p: { id: string }) => p.id)).toEqual([frozen]);
  });

  it('allows dailyLimit pledges per UTC day under 64 concurrent requests', async () => {
    const bob = await signUp(server);
    await credit(server, bob.username, 'aidf', '1000');
    const bodies = await Promise.all(
      Array.from({ length: 64 }, () => signed(bob.wallet, 'pledge-', uniqueTimestamp())),
    );
    const answers = await Promise.all(bodies.map((b) => pledgeWith(server, bob, '10', 30, '00', b)));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(3);
    expect(answers.filter((a) => a.json.code === 81020)).toHaveLength(61);
    expect(await balanceOf(server, bob, 'aidf')).toBe('970');
    const info = (await call(server.baseUrl, '/v1/cow/fund/info', { token: bob.token })).json.data;
    expect(info.pledgesLeftToday).toBe(0);
  });

  it("a pledge's detail follows the settlement rule: started today, day 1, mid-period, the last day, maturity", async () => {
    const frank = await signUp(server);
    await credit(server, frank.username, 'aidf', '100');
    const { res } = await pledgeCall(server, frank, '100', 90);
    expect(res.status, res.text).toBe(200);
    const id = res.json.data.id as string;
    const dayStart = (n: number) => Date.parse(`${dayAfter(n)}T00:00:00Z`);
    const detail = async () => (await listOf(server, frank, '0')).list.find((p: { id: string }) => p.id === id);
    const unlock = dayStart(90);
    // Day 0: nothing paid, the next payment is tomorrow's settlement, well before the unlock.
    expect(res.json.data).toMatchObject({ paidDays: 0, settled: '0', nextPayTime: dayStart(1), endTime: unlock });
    expect(await detail()).toMatchObject({ paidDays: 0, settled: '0', nextPayTime: dayStart(1), endTime: unlock });
    const after = async (day: number) => {
      expect((await server.app.jobs.runDay('pledge-settlement', dayAfter(day), true)).status).toBe('done');
      return detail();
    };
    expect(await after(1)).toMatchObject({ paidDays: 1, settled: '0.066666666666666666', nextPayTime: dayStart(2) });
    expect(await after(45)).toMatchObject({ paidDays: 45, settled: '3', nextPayTime: dayStart(46) });
    // The last day before maturity: the next payment is the unlock itself.
    expect(await after(89)).toMatchObject({ paidDays: 89, status: 'running', nextPayTime: unlock, endTime: unlock });
    expect(await after(90)).toMatchObject({ paidDays: 90, settled: '6', status: 'completed', nextPayTime: null });
  });
});
