import { WORTH_CURRENCY } from '@aidf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Operator, signInOperator } from './operators.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, signUp } from './users.ts';

/**
 * A machine's worth has one unit, decided by the server and named beside every worth it sends: the Miner tab's
 * items, the team volume (worth bought by a downline), the console's user page and its price items.
 */
describe('[api] the unit of a machine worth, from the server everywhere', () => {
  let server: TestServer;
  let support: Operator;
  let admin: Operator;
  let user: Account;
  beforeAll(async () => {
    server = await startTestServer();
    support = await signInOperator(server, 'support');
    admin = await signInOperator(server, 'admin');
    user = await signUp(server);
  }, 300_000);
  afterAll(() => server.close(), 120_000);

  it('is AIDF, the unit mining and team bonuses are paid in', () => {
    expect(WORTH_CURRENCY).toBe('aidf');
  });

  it('names it in the machine index, the team, the console user page and the price items', async () => {
    const index = await call(server.baseUrl, '/v1/cow/home/index', { body: {}, token: user.token });
    expect(index.json.data.worthCurrency).toBe(WORTH_CURRENCY);
    const team = await call(server.baseUrl, '/v1/cow/user/child', { method: 'GET', token: user.token });
    expect(team.json.data.volumeCurrency).toBe(WORTH_CURRENCY);
    const detail = await support.call('GET', `/ops/v1/users/${user.mid}`);
    expect(detail.json.data.worthCurrency).toBe(WORTH_CURRENCY);
    const added = await admin.call('POST', '/ops/v1/machine/items', {
      worth: '100',
      usdtAmount: '100',
      reason: 'fixture',
    });
    expect(added.json.data.worthCurrency).toBe(WORTH_CURRENCY);
    const items = await admin.call('GET', '/ops/v1/machine/items');
    expect(items.json.data.length).toBeGreaterThan(0);
    for (const item of items.json.data) expect(item.worthCurrency).toBe(WORTH_CURRENCY);
  });
});
