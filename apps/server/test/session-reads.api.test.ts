import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, hashToken, revokeSession, SESSION_TTL_MS } from '../src/domain/auth/sessions.ts';
import { buy, newItem } from './machine-orders.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, credit, signUp } from './users.ts';
import { evmWallet } from './wallets.ts';

/**
 * The hot reads beside the bills (assets, machine index, team summary, order status) read their session in the
 * read's own statement: one statement per request, and every token that names no live session answered exactly
 * as the session check of the other protected routes answers it, with nothing slid or written.
 */

type Read = (token: string | undefined, language?: string) => ReturnType<typeof call>;

/** Each hot read as alice makes it: alice has an order awaiting payment and bob in her team. */
const READS: [string, (p: { alice: Account; bob: Account; orderNo: string }) => [string, 'GET' | 'POST']][] = [
  ['assets', ({ alice }) => [`/v1/ma/account/assets/${alice.mid}`, 'GET']],
  ['assets of a submode', () => ['/v1/ma/account/assets/sub/00', 'GET']],
  ['machine index', () => ['/v1/cow/home/index', 'POST']],
  ['team summary', () => ['/v1/cow/user/child', 'GET']],
  ['team summary of a member', ({ bob }) => [`/v1/cow/user/child?of=${bob.username}`, 'GET']],
  ['order status', ({ orderNo }) => [`/v1/cow/home/order/${orderNo}`, 'GET']],
];

describe('[api] the hot reads in one statement with their session', () => {
  let server: TestServer;
  let alice: Account;
  let reads: [string, Read][];
  const read =
    (path: string, method: 'GET' | 'POST'): Read =>
    (token, language = 'en') =>
      call(server.baseUrl, path, {
        ...(method === 'GET' ? { method } : { body: {} }),
        ...(token === undefined ? {} : { token }),
        language,
      });
  /** A route that still checks its session before its handler: what "as before" answers. */
  const checked = () => read('/v1/ma/account/statement/2026-01', 'GET');

  beforeAll(async () => {
    server = await startTestServer();
    alice = await signUp(server);
    const bob = await signUp(server, evmWallet(), alice.username);
    await credit(server, alice.username, 'usdt', '5');
    await server.repos.settings.set('price.reference.bnb', '300', 'tests');
    const order = await buy(server, alice, await newItem(server, { worth: '100', bnbAmount: '0.15' }));
    const orderNo = order.data.orderNo;
    reads = READS.map(([name, of]) => [name, read(...of({ alice, bob, orderNo }))]);
    // A first call of each: the order status's cached context, the prepared statements.
    for (const [name, r] of reads) expect((await r(alice.token)).status, name).toBe(200);
  }, 60_000);
  afterAll(() => server.close());

  for (const [name] of READS) {
    it(`sends one statement to the database per request: ${name}`, async () => {
      const [, r] = reads.find(([n]) => n === name) as [string, Read];
      const counts: number[] = [];
      for (let i = 0; i < 5; i++) {
        const before = server.database.statementsSent();
        const res = await r(alice.token);
        expect(res.status, res.text).toBe(200);
        expect(res.json.code, res.text).toBe(200);
        counts.push(server.database.statementsSent() - before);
      }
      // The server's own background work may send statements meanwhile: the fewest is the read's.
      expect(Math.min(...counts)).toBe(1);
    });
  }

  it('answers an unknown, revoked, expired or missing token as the session check does, in the caller language', async () => {
    const userId = BigInt(alice.mid);
    const revoked = await createSession(server.repos, userId);
    await revokeSession(server.repos, revoked);
    const expired = await createSession(server.repos, userId, new Date(Date.now() - SESSION_TTL_MS - 60_000));
    const cases: [string, string | undefined][] = [
      ['unknown', 'x'.repeat(43)],
      ['too short to be one', 'short'],
      ['revoked', revoked],
      ['expired', expired],
      ['missing', undefined],
    ];
    for (const [name, token] of cases) {
      for (const language of ['en', 'zhCN', 'ar']) {
        const expected = await checked()(token, language);
        expect(expected.status, name).toBe(401);
        expect(expected.json.code, name).toBe(401);
        for (const [read, r] of reads) {
          const res = await r(token, language);
          expect(res.status, `${read}: ${name} ${language}`).toBe(401);
          expect(res.json, `${read}: ${name} ${language}`).toEqual(expected.json);
        }
      }
    }
    // Nothing slid: the expired session is still expired, the revoked one still revoked.
    for (const token of [revoked, expired]) {
      expect(await server.repos.sessions.findLive(hashToken(token), new Date())).toBeNull();
    }
  });

  it('slides the expiry of a session in use, as the session check does', async () => {
    for (const [name, read] of reads) {
      const sixDaysAgo = new Date(Date.now() - 6 * 24 * 60 * 60_000);
      const token = await createSession(server.repos, BigInt(alice.mid), sixDaysAgo);
      expect((await read(token)).status, name).toBe(200);
      const inThreeDays = new Date(Date.now() + 3 * 24 * 60 * 60_000);
      expect(await server.repos.sessions.findLive(hashToken(token), inThreeDays), name).not.toBeNull();
    }
  });
});
