import { buildResetPasswordSignText } from '@aidf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_LIMIT } from '../src/domain/auth/password-login.ts';
import { awayFromWindowEdge, withEdgeWait } from './limit-window.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, signUp } from './users.ts';
import { evmWallet, signed, signedText, solanaWallet, type TestWallet } from './wallets.ts';

/** Signed by `wallet`; a bind is co-signed (same text) by `confirmer`, a wallet already bound. */
const bindBody = async (wallet: TestWallet, prefix = 'bindAddress-', confirmer?: TestWallet) => {
  const own = await signed(wallet, prefix);
  const auth = confirmer ? { authSign: await confirmer.sign(own.signContent), authSignContent: own.signContent } : {};
  return { currency: wallet.currency, walletAddress: wallet.address, ...own, ...auth };
};

describe('[api] bound addresses', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('binds a Solana address to a BNB account, lists both, and unbinds it with its own signature', async () => {
    const alice = await signUp(server);
    const sol = solanaWallet();
    const bound = await call(server.baseUrl, '/v1/ma/user/bindAddress', {
      token: alice.token,
      body: await bindBody(sol, 'bindAddress-', alice.wallet),
    });
    expect(bound.status).toBe(200);
    const index = await call(server.baseUrl, '/v1/cow/user/index', { token: alice.token });
    expect(index.json.data.bindAddress).toEqual([
      { currency: 'bnb', walletAddress: alice.wallet.address },
      { currency: 'sol', walletAddress: sol.address },
    ]);

    const second = await call(server.baseUrl, '/v1/ma/user/bindAddress', {
      token: alice.token,
      body: await bindBody(solanaWallet(), 'bindAddress-', alice.wallet),
    });
    expect(second.json.code).toBe(81006);

    const wrongKey = await call(server.baseUrl, '/v1/ma/user/unBindAddress', {
      token: alice.token,
      body: await bindBody(solanaWallet(), 'unbindAddress-'),
    });
    expect(wrongKey.status).toBe(403);
    expect(wrongKey.json.code).toBe(81002);

    const unbound = await call(server.baseUrl, '/v1/ma/user/unBindAddress', {
      token: alice.token,
      body: await bindBody(sol, 'unbindAddress-'),
    });
    expect(unbound.status).toBe(200);
    const after = await call(server.baseUrl, '/v1/cow/user/index', { token: alice.token });
    expect(after.json.data.bindAddress).toHaveLength(1);
  });

  it('refuses an address bound to another account (81004) and unbinding an unbound currency (81003)', async () => {
    const bob = await signUp(server, solanaWallet());
    const carol = await signUp(server);
    const taken = await call(server.baseUrl, '/v1/ma/user/bindAddress', {
      token: carol.token,
      body: await bindBody(bob.wallet, 'bindAddress-', carol.wallet),
    });
    expect(taken.json.code).toBe(81004);
    const none = await call(server.baseUrl, '/v1/ma/user/unBindAddress', {
      token: carol.token,
      body: await bindBody(solanaWallet(), 'unbindAddress-'),
    });
    expect(none.json.code).toBe(81003);
  });

  it('keeps the sign-in address (81005) and refuses a login signature for binding (1229)', async () => {
    const dave = await signUp(server);
    const keep = await call(server.baseUrl, '/v1/ma/user/unBindAddress', {
      token: dave.token,
      body: await bindBody(dave.wallet, 'unbindAddress-'),
    });
    expect(keep.json.code).toBe(81005);
    const sol = solanaWallet();
    const wrongPrefix = await call(server.baseUrl, '/v1/ma/user/bindAddress', {
      token: dave.token,
      body: await bindBody(sol, 'Login-', dave.wallet),
    });
    expect(wrongPrefix.json.code).toBe(1229);
  });

  it('answers 401 without a token', async () => {
    const res = await call(server.baseUrl, '/v1/ma/user/bindAddress', { body: await bindBody(evmWallet()) });
    expect(res.status).toBe(401);
  });
});

describe('[api] inviter binding (POST /v1/cow/home/register)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('binds once, refuses unknown (81001), self and cycles (1119), and a second bind (10471)', async () => {
    const a = await signUp(server);
    const b = await signUp(server);
    const register = (who: Account, inviteCode: string) =>
      call(server.baseUrl, '/v1/cow/home/register', { token: who.token, body: { inviteCode } });

    expect((await register(b, 'no-such-code')).json.code).toBe(81001);
    expect((await register(b, b.username)).json.code).toBe(1119);
    expect(
      (await call(server.baseUrl, `/v1/ma/user/followed/invite/3/${b.username}`, { method: 'GET' })).json.data,
    ).toBe('1');

    expect((await register(b, a.username)).status).toBe(200);
    expect(
      (await call(server.baseUrl, `/v1/ma/user/followed/invite/3/${b.username}`, { method: 'GET' })).json.data,
    ).toBe(a.username);
    expect((await register(b, a.username)).json.code).toBe(10471);
    expect((await register(a, b.username)).json.code).toBe(1119);

    const home = await call(server.baseUrl, '/v1/cow/home/user', { token: b.token });
    expect(home.json.data).toMatchObject({ username: b.username, inviteCode: b.username, inviterCode: a.username });
    expect((await call(server.baseUrl, '/v1/ma/user/followed/invite/3/nobody', { method: 'GET' })).json.data).toBe('2');
  });
});

describe('[api] password set with a wallet signature, then password sign-in', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  // No token: the signing wallet's binding names the account (it is the forgot-password path too).
  const resetText = (wallet: TestWallet) =>
    signedText(wallet, (timestampMs) =>
      buildResetPasswordSignText({ host: new URL(server.baseUrl).host, timestampMs }),
    );
  const setPassword = async (who: Account, newPassword: string, wallet = who.wallet) =>
    call(server.baseUrl, '/v1/ma/user/forget/password/web3', {
      body: { newPassword, walletAddress: wallet.address, ...(await resetText(wallet)) },
    });
  const passwordLogin = (loginName: string, loginPwd: string) =>
    call(server.baseUrl, `/v1/sso/login/message/${loginName}`, { body: { loginName, loginPwd, inviteCode: null } });

  it('sets a password, revokes old sessions, and signs in with it', async () => {
    const erin = await signUp(server);
    for (const weak of ['short1', 'onlyletters', '12345678', 'a1'.repeat(11)]) {
      expect((await setPassword(erin, weak)).json.code).toBe(1221);
    }
    expect((await setPassword(erin, 'Secret123', evmWallet())).json.code).toBe(81003);

    const res = await setPassword(erin, 'Secret123');
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ mid: erin.mid, hasPassword: true });
    const fresh = res.headers.get('authorization') ?? '';
    expect((await call(server.baseUrl, `/v1/ma/user/${erin.mid}`, { method: 'GET', token: erin.token })).status).toBe(
      401,
    );
    const me = await call(server.baseUrl, `/v1/ma/user/${erin.mid}`, { method: 'GET', token: fresh });
    expect(me.json.data.hasPassword).toBe(true);

    const login = await passwordLogin(erin.username, 'Secret123');
    expect(login.status).toBe(200);
    expect(login.json.data.mid).toBe(erin.mid);
    expect(login.headers.get('authorization')).toBeTruthy();
  });

  it('resets the password of a Solana account with its ed25519 signature; a replay is refused', async () => {
    const grace = await signUp(server, solanaWallet());
    const body = { newPassword: 'Solana123', walletAddress: grace.wallet.address, ...(await resetText(grace.wallet)) };
    const res = await call(server.baseUrl, '/v1/ma/user/forget/password/web3', { body });
    expect(res.status).toBe(200);
    expect((await call(server.baseUrl, '/v1/ma/user/forget/password/web3', { body })).json.code).toBe(1232);
    expect((await passwordLogin(grace.username, 'Solana123')).status).toBe(200);
  });

  it(
    'answers 1228 for a wrong password or unknown name, and 9000 after 5 failures',
    async () => {
      const frank = await signUp(server);
      await setPassword(frank, 'Secret456');
      // The six attempts in one 15-minute window: each is a slow hash.
      await awayFromWindowEdge(PASSWORD_LIMIT.windowMs, 30_000);
      expect((await passwordLogin('nobody-at-all', 'Secret456')).json.code).toBe(1228);
      for (let i = 1; i < PASSWORD_LIMIT.failures; i++) {
        expect((await passwordLogin(frank.username, 'Wrong0000')).json.code).toBe(1228);
      }
      // The unknown name above was this IP's fifth failure: the IP is now limited too.
      const limited = await passwordLogin(frank.username, 'Secret456');
      expect(limited.status).toBe(429);
      expect(limited.json.code).toBe(9000);
    },
    withEdgeWait(30_000),
  );
});
