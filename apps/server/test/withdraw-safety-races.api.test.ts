import { buildAddressBookSignText } from '@aidf/contract';
import { Secret, TOTP } from 'otpauth';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Repositories } from '../src/db/repositories/index.ts';
import { disableAuthenticator } from '../src/domain/auth/authenticator.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, signUp, uniqueTimestamp } from './users.ts';
import { signedText } from './wallets.ts';

const PARALLEL = 64;

/**
 * Account safety under attack: the same confirmation, authenticator code or recovery code sent 64 times at once.
 * One takes effect and is told once; every other request is refused with a code of the catalogue, never a 500.
 */
describe('[api] address book and authenticator: 64 parallel uses of one proof', () => {
  let server: TestServer;
  let client = 0;
  beforeAll(async () => {
    // Each test is its own client (x-forwarded-for): the failure limit per IP of one test does not reach the next.
    server = await startTestServer({ env: { TRUST_PROXY: 'loopback' } });
  }, 120_000);
  afterAll(() => server?.close());

  const BOOK = '/v1/oms/assets/withdraw/address-book';
  const AUTH = '/v1/ma/user/authenticator';
  const asClient = () => {
    client += 1;
    return { 'x-forwarded-for': `203.0.113.${client}` };
  };
  const post = (user: Account, path: string, body: unknown, headers: Record<string, string>) =>
    call(server.baseUrl, path, { token: user.token, body, headers });
  const noticeKinds = async (user: Account) =>
    (
      (await call(server.baseUrl, '/v1/ma/notice/p/1-100', { method: 'GET', token: user.token })).json.data.list as {
        kind: string;
      }[]
    ).map((n) => n.kind);
  /** Every answer's envelope code; a 500 or an answer outside the envelope fails the test with its text. */
  const codesOf = (answers: Awaited<ReturnType<typeof call>>[]) =>
    answers.map((a) => {
      expect(a.status, a.text).not.toBe(500);
      expect(typeof a.json?.code, a.text).toBe('number');
      return a.json.code as number;
    });

  /** A user with the authenticator on; answers a code generator and the recovery codes. */
  async function withAuthenticator(headers: Record<string, string>) {
    const user = await signUp(server);
    const setup = (await post(user, `${AUTH}/setup`, {}, headers)).json.data as { secret: string };
    const totp = new TOTP({ secret: Secret.fromBase32(setup.secret), period: 30 });
    const enabled = await post(user, `${AUTH}/enable`, { code: totp.generate() }, headers);
    expect(enabled.json.code, enabled.text).toBe(200);
    // The next step's code: the one that turned it on is spent.
    const nextCode = () => totp.generate({ timestamp: Date.now() + 30_000 });
    return { user, nextCode, recovery: enabled.json.data.recoveryCodes as string[] };
  }

  it('64 confirmations of one address-book entry, each with a valid signature: one takes effect, told once', async () => {
    const user = await signUp(server);
    const headers = asClient();
    const address = privateKeyToAccount(`0x${'42'.repeat(32)}`).address;
    const entry = (await post(user, BOOK, { chain: 'bsc', label: 'race', address }, headers)).json.data;
    const bodies = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        signedText(
          user.wallet,
          (timestampMs) => buildAddressBookSignText({ host: user.host, timestampMs, change: 'add', address }),
          uniqueTimestamp(),
        ),
      ),
    );
    const codes = codesOf(await Promise.all(bodies.map((b) => post(user, `${BOOK}/${entry.id}/confirm`, b, headers))));
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(new Set(codes.filter((c) => c !== 200))).toEqual(new Set([81087]));
    const book = (await call(server.baseUrl, BOOK, { method: 'GET', token: user.token })).json.data;
    expect(book.entries).toMatchObject([{ id: entry.id, status: 'held' }]);
    // The add and the one confirmation.
    expect(await noticeKinds(user)).toEqual(['address-book', 'address-book']);
  });

  it('64 uses of one authenticator code at once (turning it off): exactly one accepted', async () => {
    const headers = asClient();
    const { user, nextCode } = await withAuthenticator(headers);
    const code = nextCode();
    const codes = codesOf(
      await Promise.all(Array.from({ length: PARALLEL }, () => post(user, `${AUTH}/disable`, { code }, headers))),
    );
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    // Refused as a replay (81091), past the failure limit (9000), or already off (81093).
    expect(codes.filter((c) => c !== 200).every((c) => [81091, 9000, 81093].includes(c))).toBe(true);
    // Turned on, then off once.
    expect(await noticeKinds(user)).toEqual(['authenticator', 'authenticator']);
  });

  it('64 uses of one recovery code at once (turning it off): exactly one accepted', async () => {
    const headers = asClient();
    const { user, recovery } = await withAuthenticator(headers);
    const code = recovery[0] as string;
    const codes = codesOf(
      await Promise.all(Array.from({ length: PARALLEL }, () => post(user, `${AUTH}/disable`, { code }, headers))),
    );
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => [81091, 9000, 81093].includes(c))).toBe(true);
    expect(await noticeKinds(user)).toEqual(['authenticator', 'authenticator']);
  });

  it('turning it off while another request just turned it off: the late one is refused, not let through', async () => {
    const headers = asClient();
    const { user, recovery } = await withAuthenticator(headers);
    const repos = server.app.repos;
    // The late request reads the authenticator (still on), then waits here while the other one turns it off.
    let reached!: () => void;
    const readIt = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    const authenticators = {
      ...repos.authenticators,
      of: async (userId: bigint) => {
        const row = await repos.authenticators.of(userId);
        if (calls++ === 0) {
          reached();
          await gate;
        }
        return row;
      },
    };
    const late = disableAuthenticator({ ...repos, authenticators } as Repositories, BigInt(user.mid), {
      code: recovery[1] as string,
      ip: '198.51.100.7',
    });
    await readIt;
    expect((await post(user, `${AUTH}/disable`, { code: recovery[0] }, headers)).json.code).toBe(200);
    release();
    await expect(late).rejects.toMatchObject({ code: 81091 });
    expect(await noticeKinds(user)).toEqual(['authenticator', 'authenticator']);
  });
});
