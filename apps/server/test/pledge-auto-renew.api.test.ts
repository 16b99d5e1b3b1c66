import { Money } from '@aidf/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/raw.ts';
import { checkLedger } from '../src/domain/ledger/check.ts';
import { setPledgeAutoRenew } from '../src/domain/pledge/pledge-auto-renew.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, balanceOf, credit, ops, signUp, uniqueTimestamp } from './users.ts';
import { signed } from './wallets.ts';

const DAY_MS = 86_400_000;
const dayAfter = (n: number) => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10);

// RULES.md "Pledge", auto-renew: at maturity the daily settlement books the principal into a new pledge of the
// same period (released and bought again in its movement), once, or gives it back with the reason recorded.
describe('[api] pledge auto-renew at maturity under the daily settlement', () => {
  let server: TestServer;
  let erin: Account;
  beforeAll(async () => {
    server = await startTestServer();
    erin = await signUp(server);
    await credit(server, erin.username, 'aidf', '1000');
    await ops(server, 'POST', '/ops/v1/config', { key: 'pledge.dailyLimit', value: '10', reason: 'auto-renew tests' });
  });
  afterAll(() => server.close());

  const pledge = async (amount: string, days: number, autoRenew?: boolean) => {
    const body = { ...(await signed(erin.wallet, 'pledge-', uniqueTimestamp())), autoRenew };
    const res = await call(server.baseUrl, `/v1/cow/fund/pledge/${amount}/${days}/00`, { body, token: erin.token });
    expect(res.status, res.text).toBe(200);
    return res.json.data;
  };
  const switchTo = (id: string, on: '0' | '1', account = erin) =>
    call(server.baseUrl, `/v1/cow/fund/fundOrder/${id}/autoRenew/${on}`, { token: account.token });
  const all = async () =>
    (await call(server.baseUrl, '/v1/cow/fund/fundOrder/p/0/1-100', { token: erin.token })).json.data.list as {
      id: string;
      amount: string;
      days: number;
      rate: string;
      status: string;
      autoRenew: boolean;
      renewal: string | null;
      renewedFrom: string | null;
      createTime: number;
      endTime: number;
    }[];
  const runDay = async (day: string) =>
    expect((await server.app.jobs.runDay('pledge-settlement', day, true)).status).toBe('done');
  const bill = async () =>
    (await call(server.baseUrl, '/v1/ma/account/finance/aidf/00/p/1-50', { method: 'GET', token: erin.token })).json
      .data.list as { type: string; amount: string }[];

  it('renews a switched-on pledge into a new one on the maturity day, exactly once; a rerun books nothing', async () => {
    const renewing = await pledge('100', 30, true);
    const plain = await pledge('50', 30);
    const switched = await pledge('60', 90);
    expect([renewing.autoRenew, plain.autoRenew, switched.autoRenew]).toEqual([true, false, false]);
    // The switch on the detail: on and off until maturity, only one's own running pledge.
    expect((await switchTo(switched.id, '1')).json.data).toMatchObject({ id: switched.id, autoRenew: true });
    expect((await switchTo(plain.id, '1')).json.data.autoRenew).toBe(true);
    expect((await switchTo(plain.id, '0')).json.data.autoRenew).toBe(false);
    const mallory = await signUp(server);
    const foreign = await switchTo(plain.id, '1', mallory);
    expect([foreign.status, foreign.json.code]).toEqual([404, 81112]);
    expect((await switchTo('999999999', '1')).json.code).toBe(81112);
    // From the maturity day on the switch no longer changes (the settlement may have acted on it).
    const maturity = new Date(`${dayAfter(30)}T00:00:00Z`);
    await expect(
      setPledgeAutoRenew(server.repos, BigInt(erin.mid), BigInt(plain.id), true, maturity),
    ).rejects.toMatchObject({ code: 81113 });
    expect(await balanceOf(server, erin, 'aidf')).toBe('790');

    await runDay(dayAfter(30));
    const afterMaturity = await all();
    const renewed = afterMaturity.find((p) => p.renewedFrom === renewing.id);
    expect(renewed).toMatchObject({ amount: '100', days: 30, rate: '1.5', status: 'running', autoRenew: true });
    expect(renewed?.endTime).toBe(Date.parse(`${dayAfter(60)}T00:00:00Z`));
    expect(afterMaturity.find((p) => p.id === renewing.id)).toMatchObject({ status: 'completed', renewal: 'renewed' });
    expect(afterMaturity.find((p) => p.id === plain.id)).toMatchObject({ status: 'completed', renewal: null });
    // 790 + the interest of the two matured (1.5 + 0.75) and of the 90-day one so far (60 x 6 % x 30/90 = 1.2)
    // + the plain pledge's principal; the renewed principal stays pledged.
    expect(await balanceOf(server, erin, 'aidf')).toBe('843.45');
    // Booked through the ledger in the settlement's movement: released and bought again, both on the bill.
    const lines = (await bill()).slice(0, 3);
    expect(lines.map((l) => [l.type, l.amount])).toEqual([
      ['cow-fund-buy', '-100'],
      ['cow-fund-release', '150'],
      ['cow-fund-settlement', '3.45'],
    ]);
    // Told apart: what came back to the balance (the plain pledge's 50), and the 100 renewed, not "returned".
    const inbox = await call(server.baseUrl, '/v1/ma/notice/p/1-20', { method: 'GET', token: erin.token });
    const pledgeNotices = (inbox.json.data.list as { kind: string; params: { amount: string } }[])
      .filter((n) => n.kind.startsWith('pledge-'))
      .map((n) => [n.kind, n.params.amount]);
    expect(pledgeNotices.sort()).toEqual([
      ['pledge-matured', '50'],
      ['pledge-renewed', '100'],
    ]);

    await runDay(dayAfter(30));
    expect(await all()).toHaveLength(afterMaturity.length);
    expect(await balanceOf(server, erin, 'aidf')).toBe('843.45');
    const count = rowsOf<{ n: string }>(
      await server.database.db.execute(
        sql`SELECT count(*)::text AS n FROM pledges WHERE renewed_from = ${BigInt(renewing.id)}`,
      ),
    );
    expect(count[0]?.n).toBe('1');
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });

  it('gives the principal back and records why when the period is no longer offered', async () => {
    const switched = (await all()).find((p) => p.days === 90 && p.autoRenew);
    expect(switched).toBeDefined();
    await ops(server, 'POST', '/ops/v1/config', { key: 'pledge.rate.90', value: '0', reason: 'auto-renew tests' });
    const before = await balanceOf(server, erin, 'aidf');
    await runDay(dayAfter(90));
    const after = await all();
    expect(after.find((p) => p.id === switched?.id)).toMatchObject({ status: 'completed', renewal: 'not-offered' });
    expect(after.filter((p) => p.renewedFrom === switched?.id)).toHaveLength(0);
    // Its principal (60) and the rest of its interest (3.6 - 1.2) came back; the 30-day renewal matured (its
    // interest 1.5 paid) and renewed again.
    expect(after.filter((p) => p.renewedFrom !== null && p.status === 'running')).toHaveLength(1);
    expect(new Money(await balanceOf(server, erin, 'aidf')).minus(before).toFixed()).toBe('63.9');
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });
});
