import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/domain/auth/password.ts';
import { POLICIES } from '../src/domain/limits/policies.ts';
import { awayFromWindowEdge, withEdgeWait } from './limit-window.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { signUp } from './users.ts';
import { evmWallet, signed } from './wallets.ts';

const codeRequest = (server: TestServer, email: string, forwardedFor: string) =>
  call(server.baseUrl, `/v1/mc/user/msg/verifycode/${encodeURIComponent(email)}/message-login`, {
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe('[api] client address without TRUST_PROXY', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('a client rotating X-Forwarded-For is still one client: its code requests stop at the per-IP limit', async () => {
    const perIp = POLICIES.codeRequest.perIp;
    await awayFromWindowEdge(POLICIES.codeRequest.windowMs, 20_000);
    for (let i = 0; i < perIp; i++) {
      expect((await codeRequest(server, `rotate${i}@example.com`, `203.0.113.${i + 1}`)).status).toBe(200);
    }
    const limited = await codeRequest(server, 'rotate-last@example.com', '203.0.113.200');
    expect({ status: limited.status, code: limited.json.code }).toEqual({ status: 429, code: 9000 });
  }, 90_000);

  it('a GET that claims a multipart body is still signed (400 1225)', async () => {
    const account = await signUp(server);
    const res = await call(server.baseUrl, `/v1/ma/account/assets/${account.mid}`, {
      method: 'GET',
      token: account.token,
      unsigned: true,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect({ status: res.status, code: res.json.code }).toEqual({ status: 400, code: 1225 });
  });
});

describe('[api] client address with TRUST_PROXY=1', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => server.close());

  it('the forwarded address is the client: one is limited, another is not', async () => {
    const perIp = POLICIES.codeRequest.perIp;
    await awayFromWindowEdge(POLICIES.codeRequest.windowMs, 20_000);
    for (let i = 0; i < perIp; i++) {
      expect((await codeRequest(server, `one${i}@example.com`, '203.0.113.7')).status).toBe(200);
    }
    expect((await codeRequest(server, 'one-more@example.com', '203.0.113.7')).json.code).toBe(9000);
    // Only the last hop counts: a forged address in front of it changes nothing.
    expect((await codeRequest(server, 'forged@example.com', '10.9.9.9, 203.0.113.7')).json.code).toBe(9000);
    expect((await codeRequest(server, 'other@example.com', '203.0.113.8')).status).toBe(200);
  }, 90_000);
});

describe('[api] sign-in limits no client can turn on another', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { TRUST_PROXY: 'loopback' },
      // An upload route, as ticket images have: only it may take an unsigned multipart POST.
      extend: (app) => {
        app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null, {}));
        app.route({
          method: ['GET', 'POST'],
          url: '/v1/test/upload',
          config: { unsignedUpload: true },
          handler: async () => ({ code: 200, msg: 'success', data: null }),
        });
      },
    });
  });
  afterAll(() => server.close());

  const walletLogin = async (wallet: ReturnType<typeof evmWallet>, client: string) =>
    call(server.baseUrl, '/v1/sso/dapp/addressLogin', {
      body: {
        currency: wallet.currency,
        walletAddress: wallet.address,
        inviteCode: null,
        ...(await signed(wallet, 'Login-')),
      },
      headers: { 'x-forwarded-for': client },
    });

  it(
    'wallet sign-in: one client is stopped on an account, another client still signs in',
    async () => {
      const wallet = evmWallet();
      await awayFromWindowEdge(POLICIES.signIn.windowMs, 10_000);
      for (let i = 0; i < POLICIES.signIn.perAccountAndIp; i++) {
        expect((await walletLogin(wallet, '192.0.2.1')).status).toBe(200);
      }
      const limited = await walletLogin(wallet, '192.0.2.1');
      expect({ status: limited.status, code: limited.json.code }).toEqual({ status: 429, code: 9000 });
      expect((await walletLogin(wallet, '192.0.2.2')).status).toBe(200);
    },
    withEdgeWait(10_000),
  );

  it('password: the failures of one client do not lock the account for another', async () => {
    const id = await server.repos.users.insert({ username: 'victim' });
    await server.repos.users.setPasswordHash(id, await hashPassword('Secret123'));
    const login = (client: string, loginPwd: string) =>
      call(server.baseUrl, '/v1/sso/login/message/victim', {
        body: { loginName: 'victim', loginPwd, inviteCode: null },
        headers: { 'x-forwarded-for': client },
      });
    await awayFromWindowEdge(POLICIES.passwordFailure.windowMs, 30_000);
    for (let i = 0; i < POLICIES.passwordFailure.perIp; i++) {
      expect((await login('192.0.2.66', 'Wrong0000')).json.code).toBe(1228);
    }
    expect((await login('192.0.2.66', 'Secret123')).json.code).toBe(9000);
    expect((await login('192.0.2.9', 'Secret123')).status).toBe(200);
  }, 90_000);

  it('only a POST with a multipart body to a route flagged unsignedUpload skips the signature', async () => {
    const multipart = { 'content-type': 'multipart/form-data; boundary=x' };
    const upload = (method: 'GET' | 'POST', headers: Record<string, string>) =>
      call(server.baseUrl, '/v1/test/upload', {
        method,
        unsigned: true,
        headers,
        ...(method === 'POST' ? { rawBody: '--x--' } : {}),
      });
    expect((await upload('POST', multipart)).status).toBe(200);
    expect((await upload('GET', multipart)).json.code).toBe(1225);
    expect((await upload('POST', { 'content-type': 'application/json' })).json.code).toBe(1225);
  });
});
