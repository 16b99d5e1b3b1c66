import { ENDPOINTS, type EndpointDef } from '@aidf/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_OPERATOR_TOKEN } from '../src/config.ts';
import { checkLedger } from '../src/domain/ledger/check.ts';
import { casesFor, type FuzzCase, fuzzCases } from './fuzz-inputs.ts';
import { authorizationOf, onceMoreIfBusy, RUNS, SEED, sendAllCases } from './fuzz-run.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, credit, signUp } from './users.ts';

describe(`[api] fuzz: every endpoint of the contract (${RUNS} cases each, FUZZ_SEED=${SEED})`, () => {
  let server: TestServer;
  let account: Account;
  let other: Account;
  /** Logout revokes the token it is called with: it gets an account of its own. */
  let leaving: Account;

  beforeAll(async () => {
    server = await startTestServer();
    [account, other, leaving] = [await signUp(server), await signUp(server), await signUp(server)];
    // Balances to move, so a transfer or withdrawal that got through would show in the ledger check.
    await credit(server, account.username, 'cow', '1000');
    await credit(server, account.username, 'aidf', '1000');
  });
  afterAll(() => server?.close());

  async function send(endpoint: EndpointDef, input: FuzzCase, owner: Account) {
    const token = authorizationOf(input.token, owner.token);
    return onceMoreIfBusy(async () => {
      const res = await call(server.baseUrl, input.path, {
        method: endpoint.method,
        ...(input.body !== '' ? { rawBody: input.body } : {}),
        ...(token ? { token } : {}),
      });
      return { ...res, retryAfter: res.headers.get('retry-after') };
    });
  }

  it.each(Object.entries(ENDPOINTS))(
    '%s never answers 5xx and always answers the envelope',
    async (name, endpoint: EndpointDef) => {
      const known = {
        mid: [account.mid, other.mid],
        loginName: [account.username, other.username],
        username: [other.username, account.username],
        receiver: ['fuzz@example.com'],
      };
      const owner = name === 'logout' ? leaving : account;
      // One stream per endpoint, still replayed by FUZZ_SEED.
      const index = Object.keys(ENDPOINTS).indexOf(name);
      const cases = fc.sample(fuzzCases(endpoint, known), { numRuns: casesFor(endpoint, RUNS), seed: SEED + index });
      await sendAllCases(
        cases,
        (input) => send(endpoint, input, owner),
        () => `${name}: ${endpoint.method}`,
      );
    },
    120_000,
  );

  /** What earlier runs of this fuzz answered with 500 (or outside the envelope), kept as plain examples. */
  it.each<[string, 'GET' | 'POST', string, unknown, number]>([
    ['an id one above 2^63-1', 'POST', '/v1/cms/content/9223372036854775808', undefined, 400],
    ['a 19-digit id beyond bigint', 'POST', '/v1/cms/content/9999999999999999999', undefined, 400],
    ['a 20-digit id', 'POST', '/v1/cms/content/99999999999999999999', undefined, 400],
    [
      'a code id beyond bigint',
      'POST',
      '/v1/sso/login/message/fuzz%40example.com',
      { verifyCodeId: '9999999999999999999', verifyCode: '123456' },
      400,
    ],
    ['NUL in a login name (path)', 'GET', '/v1/ma/user/followed/invite/4/%00', undefined, 400],
    ['NUL in a login name (body)', 'POST', '/v1/sso/login/message/a%00b', { loginName: 'a\u0000', loginPwd: 'x' }, 400],
    ['NUL in an invite code', 'POST', '/v1/cow/home/register', { inviteCode: 'a\u0000' }, 400],
    [
      "NUL in a statement's type filter (query)",
      'GET',
      '/v1/ma/account/finance/aidf/00/p/1-10?type=%00',
      undefined,
      400,
    ],
    ["NUL in a bill's type filter (body)", 'POST', '/v1/ma/account/finance/aidf/p/1-10', { type: '\u0000' }, 400],
    [
      "a lone surrogate in a bill's type filter",
      'POST',
      '/v1/ma/account/finance/aidf/p/1-10',
      { type: 'a\ud800' },
      400,
    ],
    [
      'a lone surrogate in a login name (body)',
      'POST',
      '/v1/sso/login/message/a',
      { loginName: '\udc00', loginPwd: 'x' },
      400,
    ],
    [
      'an e-mail host label ending in "-", which SMTP refuses',
      'POST',
      '/v1/mc/user/msg/verifycode/-X-c4__%40o-6-l--.l.LdNljaCD/message-login',
      undefined,
      400,
    ],
    ['a lone surrogate in the path', 'POST', '/v1/cms/content/%ED%A0%80', undefined, 400],
    ['a path parameter longer than the router takes', 'POST', `/v1/cms/content/${'9'.repeat(200)}`, undefined, 414],
  ])('refuses %s with 4xx and code 1225 in the envelope', async (_, method, path, body, status) => {
    const res = await call(server.baseUrl, path, { method, body, token: account.token });
    expect(res.status, res.text).toBe(status);
    expect(res.json).toEqual({ code: 1225, msg: expect.stringMatching(/^Invalid parameter/), data: null });
  });

  it('takes the largest id, 2^63-1, and answers "not found"', async () => {
    const res = await call(server.baseUrl, '/v1/cms/content/9223372036854775807', { token: account.token });
    expect(res.status).toBe(404);
    expect(res.json.code).toBe(1404);
  });

  it("refuses NUL in a transfer's username and a timestamp beyond the safe integers", async () => {
    const signature = { sign: 'x', signContent: 'transfer-1', timestamp: Date.now() };
    const transfer = { amount: '1', currency: 'cow', username: other.username, ...signature };
    for (const body of [
      { ...transfer, username: 'x\u0000' },
      { ...transfer, timestamp: '9999999999999999' },
    ]) {
      const res = await call(server.baseUrl, '/v1/cow/home/transfer', { body, token: account.token });
      expect(res.status, res.text).toBe(400);
      expect(res.json.code).toBe(1225);
    }
  });

  it('refuses an operator payout id beyond bigint with 400, not 500', async () => {
    for (const action of ['retry', 'refund']) {
      const res = await fetch(`${server.baseUrl}/ops/v1/payouts/9999999999999999999/${action}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${DEV_OPERATOR_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ reason: 'fuzz' }),
      });
      expect(res.status, await res.clone().text()).toBe(400);
      expect(((await res.json()) as { code: number }).code).toBe(1225);
    }
  });

  it('leaves the ledger invariants holding (ledger:check)', async () => {
    const ledger = await checkLedger(server.repos);
    expect(ledger.ok, JSON.stringify(ledger)).toBe(true);
  });
});
