import { secp256k1 } from '@noble/curves/secp256k1.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { evmWallet, signed, solanaWallet, type TestWallet } from './wallets.ts';

const LOGIN = '/v1/sso/dapp/addressLogin';

async function login(server: TestServer, wallet: TestWallet, fields: Partial<Record<string, unknown>> = {}) {
  const body = {
    currency: wallet.currency,
    walletAddress: wallet.address,
    inviteCode: null,
    ...(await signed(wallet, 'Login-')),
    ...fields,
  };
  return call(server.baseUrl, LOGIN, { body });
}

describe('[api] wallet sign-in (POST /v1/sso/dapp/addressLogin)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it.each([
    ['BNB Smart Chain', evmWallet],
    ['Solana', solanaWallet],
  ])('signs in with a %s wallet: the token in the authorization header opens protected calls', async (_, make) => {
    const wallet = make();
    const res = await login(server, wallet);
    expect(res.status).toBe(200);
    const token = res.headers.get('authorization');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.json.data).toMatchObject({
      walletAddress: wallet.address,
      chainCurrency: wallet.currency,
      hasPassword: false,
    });
    const me = await call(server.baseUrl, `/v1/ma/user/${res.json.data.mid}`, { method: 'GET', token: token ?? '' });
    expect(me.json.data.username).toBe(res.json.data.username);

    const again = await login(server, wallet);
    expect(again.json.data.mid).toBe(res.json.data.mid);
    expect(again.headers.get('authorization')).not.toBe(token);
  });

  it('accepts a lower-case EVM address as the same account', async () => {
    const wallet = evmWallet();
    const first = await login(server, wallet);
    const second = await login(server, wallet, { walletAddress: wallet.address.toLowerCase() });
    expect(second.json.data.mid).toBe(first.json.data.mid);
  });

  it('accepts v as 0/1 as well as 27/28', async () => {
    const wallet = evmWallet();
    const s = await signed(wallet, 'Login-');
    const v = Number.parseInt(s.sign.slice(-2), 16);
    const low = `${s.sign.slice(0, -2)}${(v - 27).toString(16).padStart(2, '0')}`;
    const res = await call(server.baseUrl, LOGIN, {
      body: { currency: 'bnb', walletAddress: wallet.address, ...s, sign: low },
    });
    expect(res.status).toBe(200);
  });

  const refusals: [string, (w: TestWallet) => Promise<Record<string, unknown>>][] = [
    ['a malformed signature', async (w) => ({ ...(await signed(w, 'Login-')), sign: '0x1234' })],
    ['another key’s signature', async () => signed(evmWallet(), 'Login-')],
    ['a timestamp 6 minutes old', async (w) => signed(w, 'Login-', Date.now() - 6 * 60_000)],
    ['a bindAddress- signature', async (w) => signed(w, 'bindAddress-')],
    [
      'a timestamp field that differs from the signed text',
      async (w) => {
        const s = await signed(w, 'Login-');
        return { ...s, timestamp: s.timestamp - 1000 };
      },
    ],
  ];
  it.each(refusals)('refuses %s with 400 and code 1229, creating no account', async (_, make) => {
    const wallet = evmWallet();
    const res = await call(server.baseUrl, LOGIN, {
      body: { currency: 'bnb', walletAddress: wallet.address, ...(await make(wallet)) },
    });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe(1229);
    expect(res.headers.get('authorization')).toBeNull();
    expect(await server.repos.users.byBoundAddress('bnb', wallet.address)).toBeNull();
  });

  it('refuses a Solana signature by another key', async () => {
    const wallet = solanaWallet();
    const res = await login(server, wallet, await signed(solanaWallet(), 'Login-'));
    expect(res.json.code).toBe(1229);
  });

  it('refuses a replayed signature', async () => {
    const wallet = evmWallet();
    const body = { currency: 'bnb', walletAddress: wallet.address, ...(await signed(wallet, 'Login-')) };
    expect((await call(server.baseUrl, LOGIN, { body })).status).toBe(200);
    const replay = await call(server.baseUrl, LOGIN, { body });
    expect(replay.status).toBe(400);
    expect(replay.json.code).toBe(1229);
    expect(replay.json.msg).toContain('already used');
  });

  it('refuses the high-s twin of a valid signature (malleability)', async () => {
    const wallet = evmWallet();
    const s = await signed(wallet, 'Login-');
    const n = secp256k1.Point.CURVE().n;
    const highS = n - BigInt(`0x${s.sign.slice(66, 130)}`);
    const v = Number.parseInt(s.sign.slice(130), 16) === 27 ? '1c' : '1b';
    const twin = `${s.sign.slice(0, 66)}${highS.toString(16).padStart(64, '0')}${v}`;
    const res = await call(server.baseUrl, LOGIN, {
      body: { currency: 'bnb', walletAddress: wallet.address, ...s, sign: twin },
    });
    expect(res.json.code).toBe(1229);
  });

  it('refuses an address that is not of the chain', async () => {
    const wallet = evmWallet();
    const res = await login(server, wallet, { currency: 'sol' });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe(1225);
  });

  it('binds the inviter of an invite code at first sign-in; an unknown code is 81001', async () => {
    const inviter = await login(server, evmWallet());
    const invited = await login(server, solanaWallet(), { inviteCode: inviter.json.data.username });
    expect(invited.json.data.inviteAddress).toBe(inviter.json.data.username);
    const followed = await call(server.baseUrl, `/v1/ma/user/followed/invite/3/${invited.json.data.username}`, {
      method: 'GET',
    });
    expect(followed.json.data).toBe(inviter.json.data.username);

    const unknown = await login(server, evmWallet(), { inviteCode: 'nobody-here' });
    expect(unknown.json.code).toBe(81001);
  });

  it('signs out: the token is refused afterwards with 401', async () => {
    const res = await login(server, evmWallet());
    const token = res.headers.get('authorization') ?? '';
    expect((await call(server.baseUrl, '/v1/sso/logout', { token })).status).toBe(200);
    const after = await call(server.baseUrl, `/v1/ma/user/${res.json.data.mid}`, { method: 'GET', token });
    expect(after.status).toBe(401);
  });
});
