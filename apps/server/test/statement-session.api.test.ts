import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, hashToken, revokeSession, SESSION_TTL_MS } from '../src/domain/auth/sessions.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, credit, signUp } from './users.ts';

/**
 * The bills read their session in the page's own statement instead of a lookup before it: one statement per page,
 * and every token that names no live session answered exactly as the session check of the other protected routes
 * answers it (status, code, message in the caller's language), with nothing slid or written.
 */

const BILLS = '/v1/ma/account/finance/usdt/p/1-10';
const STATEMENT = '/v1/ma/account/finance/usdt/00/p/2-2';

describe('[api] the bills in one statement with their session', () => {
  let server: TestServer;
  let alice: Account;
  const bills = (token: string | undefined, language = 'en') =>
    call(server.baseUrl, BILLS, { body: {}, ...(token === undefined ? {} : { token }), language });
  const statement = (token: string | undefined, language = 'en') =>
    call(server.baseUrl, STATEMENT, { method: 'GET', ...(token === undefined ? {} : { token }), language });
  /** A route that still checks its session before its handler: what "as before" answers. */
  const assets = (token: string | undefined, language = 'en') =>
    call(server.baseUrl, `/v1/ma/account/assets/${alice.mid}`, {
      method: 'GET',
      ...(token === undefined ? {} : { token }),
      language,
    });

  beforeAll(async () => {
    server = await startTestServer();
    alice = await signUp(server);
    for (const amount of ['1', '2', '3', '4', '5']) await credit(server, alice.username, 'usdt', amount);
  }, 60_000);
  afterAll(() => server.close());

  it('sends one statement to the database per page, on both bills routes', async () => {
    for (const read of [() => bills(alice.token), () => statement(alice.token)]) {
      const counts: number[] = [];
      for (let i = 0; i < 5; i++) {
        const before = server.database.statementsSent();
        const res = await read();
        expect(res.status, res.text).toBe(200);
        counts.push(server.database.statementsSent() - before);
      }
      // The server's own background work may send statements meanwhile: the fewest is the page's.
      expect(Math.min(...counts)).toBe(1);
    }
    const page = (await bills(alice.token)).json.data;
    expect(page.total).toBe(5);
    expect(page.list.map((l: { amount: string }) => l.amount)).toEqual(['5', '4', '3', '2', '1']);
    expect((await statement(alice.token)).json.data.list.map((l: { amount: string }) => l.amount)).toEqual(['3', '2']);
  });

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
        const expected = await assets(token, language);
        expect(expected.status, name).toBe(401);
        expect(expected.json.code, name).toBe(401);
        for (const read of [bills, statement]) {
          const res = await read(token, language);
          expect(res.status, `${name} ${language}`).toBe(401);
          expect(res.json, `${name} ${language}`).toEqual(expected.json);
        }
      }
    }
    // Nothing slid: the expired session is still expired, the revoked one still revoked.
    for (const token of [revoked, expired]) {
      expect(await server.repos.sessions.findLive(hashToken(token), new Date())).toBeNull();
    }
  });

  it('slides the expiry of a session in use, as the session check does', async () => {
    const sixDaysAgo = new Date(Date.now() - 6 * 24 * 60 * 60_000);
    const token = await createSession(server.repos, BigInt(alice.mid), sixDaysAgo);
    expect((await bills(token)).status).toBe(200);
    const inThreeDays = new Date(Date.now() + 3 * 24 * 60 * 60_000);
    expect(await server.repos.sessions.findLive(hashToken(token), inThreeDays)).not.toBeNull();
  });
});
