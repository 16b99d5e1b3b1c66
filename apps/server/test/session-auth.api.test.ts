import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, hashToken, revokeSession } from '../src/domain/auth/sessions.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';

const PROTECTED = '/v1/test/whoami';

describe('[api] session token plugin', () => {
  let server: TestServer;
  let userId: bigint;

  beforeAll(async () => {
    server = await startTestServer({
      extend: (app) => {
        app.post(PROTECTED, { preHandler: app.authenticate }, async (request) => ({
          code: 200,
          msg: 'success',
          data: { username: request.sessionUser?.username },
        }));
      },
    });
    userId = await server.repos.users.insert({ username: 'alice' });
  });
  afterAll(() => server.close());

  it('answers 401 with code 401 without a token', async () => {
    const res = await call(server.baseUrl, PROTECTED);
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ code: 401, msg: 'Please login first', data: null });
  });

  it('answers 401 for a token it never issued', async () => {
    const res = await call(server.baseUrl, PROTECTED, { token: 'x'.repeat(43) });
    expect(res.status).toBe(401);
  });

  it('lets a live token through and stores only its hash', async () => {
    const token = await createSession(server.repos, userId);
    const res = await call(server.baseUrl, PROTECTED, { token });
    expect(res.status).toBe(200);
    expect(res.json.data.username).toBe('alice');
    const rows = await server.database.db.execute(sql`SELECT token_hash FROM sessions`);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(token);
    expect(stored).toContain(hashToken(token));
  });

  it('answers 401 after the session is revoked', async () => {
    const token = await createSession(server.repos, userId);
    await revokeSession(server.repos, token);
    expect((await call(server.baseUrl, PROTECTED, { token })).status).toBe(401);
  });

  it('answers 401 for an expired session', async () => {
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60_000);
    const token = await createSession(server.repos, userId, eightDaysAgo);
    expect((await call(server.baseUrl, PROTECTED, { token })).status).toBe(401);
  });

  it('slides the expiry of a session in use', async () => {
    const sixDaysAgo = new Date(Date.now() - 6 * 24 * 60 * 60_000);
    const token = await createSession(server.repos, userId, sixDaysAgo);
    expect((await call(server.baseUrl, PROTECTED, { token })).status).toBe(200);
    const live = await server.repos.sessions.findLive(hashToken(token), new Date(Date.now() + 3 * 24 * 60 * 60_000));
    expect(live).not.toBeNull();
  });
});

describe('[api] GET /v1/ma/user/{mid}', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("answers the signed-in user's own info, 401 without a token, 1226 for another mid", async () => {
    const alice = await server.repos.users.insert({ username: 'alice' });
    const bob = await server.repos.users.insert({ username: 'bob' });
    const token = await createSession(server.repos, alice);

    const own = await call(server.baseUrl, `/v1/ma/user/${alice}`, { method: 'GET', token });
    expect(own.status).toBe(200);
    expect(own.json.data).toMatchObject({ mid: String(alice), username: 'alice' });

    expect((await call(server.baseUrl, `/v1/ma/user/${alice}`, { method: 'GET' })).status).toBe(401);

    const other = await call(server.baseUrl, `/v1/ma/user/${bob}`, { method: 'GET', token });
    expect(other.status).toBe(404);
    expect(other.json.code).toBe(1226);
    expect(JSON.stringify(other.json)).not.toContain('bob');
  });
});
