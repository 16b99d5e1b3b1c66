import { buildResetPasswordSignText } from '@aidf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, passwordHashStats } from '../src/domain/auth/password.ts';
import { PASSWORD_LIMIT } from '../src/domain/auth/password-login.ts';
import { awayFromWindowEdge } from './limit-window.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { signUp } from './users.ts';
import { evmWallet, signedText, type TestWallet } from './wallets.ts';

/** Password hashes this process started while `work` ran (the server runs in this process). */
async function hashesDuring(work: () => Promise<unknown>) {
  const before = passwordHashStats().started;
  await work();
  return passwordHashStats().started - before;
}

describe('[api] password guesses', () => {
  let server: TestServer;
  // TRUST_PROXY=loopback: each test is its own client through X-Forwarded-For, so their limits are apart.
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: 'loopback' } });
  });
  afterAll(() => server.close());

  const login = (client: string, loginName: string, loginPwd: string) =>
    call(server.baseUrl, `/v1/sso/login/message/${loginName}`, {
      body: { loginName, loginPwd, inviteCode: null },
      headers: { 'x-forwarded-for': client },
    });
  const userWithPassword = async (username: string, password: string) => {
    const id = await server.repos.users.insert({ username });
    await server.repos.users.setPasswordHash(id, await hashPassword(password));
    return id;
  };
  const resetPassword = (body: object) => call(server.baseUrl, '/v1/ma/user/forget/password/web3', { body });
  const resetText = (wallet: TestWallet, timestamp = Date.now()) =>
    signedText(
      wallet,
      (timestampMs) => buildResetPasswordSignText({ host: new URL(server.baseUrl).host, timestampMs }),
      timestamp,
    );

  it('30 concurrent wrong passwords for one name: at most 5 are checked (1228), the rest answer 9000', async () => {
    await userWithPassword('parallel', 'Secret123');
    await awayFromWindowEdge(PASSWORD_LIMIT.windowMs, 30_000);
    let codes: number[] = [];
    const hashes = await hashesDuring(async () => {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => login('198.51.100.1', 'parallel', `Wrong${i}000`)),
      );
      codes = answers.map((a) => a.json.code);
    });
    const wrong = codes.filter((c) => c === 1228).length;
    expect({ wrong, limited: codes.filter((c) => c === 9000).length }).toEqual({
      wrong: PASSWORD_LIMIT.failures,
      limited: 30 - PASSWORD_LIMIT.failures,
    });
    expect(hashes).toBe(PASSWORD_LIMIT.failures);
    // The limited client cannot sign in even with the right password until the window ends.
    expect((await login('198.51.100.1', 'parallel', 'Secret123')).status).toBe(429);
  }, 90_000);

  it('an unknown login name costs one password check, as a known one does', async () => {
    await userWithPassword('known', 'Secret123');
    const walletOnly = await signUp(server);
    const client = '198.51.100.2';
    const costs = {
      known: await hashesDuring(async () => expect((await login(client, 'known', 'Wrong0000')).json.code).toBe(1228)),
      unknown: await hashesDuring(async () =>
        expect((await login(client, 'nobody-here', 'Wrong0000')).json.code).toBe(1228),
      ),
      noPassword: await hashesDuring(async () =>
        expect((await login(client, walletOnly.username, 'Wrong0000')).json.code).toBe(1228),
      ),
    };
    expect(costs).toEqual({ known: 1, unknown: 1, noPassword: 1 });
  }, 90_000);

  it('a success does not count as a failure', async () => {
    await userWithPassword('regular', 'Secret123');
    for (let i = 0; i < PASSWORD_LIMIT.failures; i++) {
      expect((await login('198.51.100.3', 'regular', 'Secret123')).status).toBe(200);
    }
    expect((await login('198.51.100.3', 'regular', 'Wrong0000')).json.code).toBe(1228);
  }, 90_000);

  it('a password reset whose signature, timestamp or owner is wrong never hashes the new password', async () => {
    const owner = await signUp(server);
    const stranger = evmWallet();
    const good = { newPassword: 'Secret123', walletAddress: owner.wallet.address, ...(await resetText(owner.wallet)) };
    const refused = {
      // The body's timestamp is not the one the text names.
      otherTimestamp: { ...good, timestamp: good.timestamp + 1 },
      // Signed by a wallet bound to no account.
      noOwner: { ...good, walletAddress: stranger.address, ...(await resetText(stranger)) },
      // A text signed an hour ago.
      stale: { ...good, ...(await resetText(owner.wallet, Date.now() - 3_600_000)) },
    };
    for (const [name, body] of Object.entries(refused)) {
      let status = 0;
      const hashes = await hashesDuring(async () => {
        status = (await resetPassword(body)).status;
      });
      expect({ name, status, hashes }).toEqual({ name, status: expect.any(Number), hashes: 0 });
      expect(status).toBeGreaterThanOrEqual(400);
    }
    expect(await hashesDuring(async () => expect((await resetPassword(good)).status).toBe(200))).toBe(1);
    // The same signature again is refused, again without a hash.
    expect(await hashesDuring(async () => expect((await resetPassword(good)).status).toBeGreaterThan(400))).toBe(0);
  });
});
