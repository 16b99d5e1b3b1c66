import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/raw.ts';
import { sealStoredAuthenticators } from '../src/domain/auth/authenticator.ts';
import { authenticatorSeal, DEV_AUTHENTICATOR_SEAL_KEY, sealKeyId } from '../src/domain/auth/authenticator-seal.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, signUp } from './users.ts';

const AUTH = '/v1/ma/user/authenticator';
/** The key before a rotation, and the server's key now. */
const OLD_KEY = randomBytes(32);
const NEW_KEY = randomBytes(32);

/**
 * Users' authenticator secrets are stored sealed (AES-256-GCM under AUTHENTICATOR_SEAL_KEY, the user's id bound in):
 * the row holds no secret, codes still verify, a sealed value moved to another account verifies nothing, and after a
 * rotation what the previous key sealed still verifies and is sealed again under the new key.
 */
describe('[api] authenticator secrets sealed at rest', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: {
        AUTHENTICATOR_SEAL_KEY: NEW_KEY.toString('base64'),
        AUTHENTICATOR_SEAL_KEY_PREVIOUS: OLD_KEY.toString('base64'),
      },
    });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  }, 120_000);

  const post = (user: Account, path: string, body: unknown = {}) =>
    call(server.baseUrl, `${AUTH}${path}`, { token: user.token, body });
  const storedOf = async (user: Account) => {
    const [row] = rowsOf<{ secret: string }>(
      await server.database.db.execute(sql`
        SELECT a.secret FROM user_authenticators a JOIN users u ON u.id = a.user_id WHERE u.username = ${user.username}`),
    );
    return row?.secret;
  };
  const setStored = (user: Account, secret: string) =>
    server.database.db.execute(sql`
      UPDATE user_authenticators a SET secret = ${secret} FROM users u WHERE u.id = a.user_id AND u.username = ${user.username}`);
  const userIdOf = async (user: Account) =>
    BigInt(
      rowsOf<{ id: string }>(
        await server.database.db.execute(sql`SELECT id::text FROM users WHERE username = ${user.username}`),
      )[0]?.id as string,
    );
  /** Sets the authenticator up: its secret as shown, and a code of it `steps` steps from now. */
  const setUp = async (user: Account) => {
    const { secret } = (await post(user, '/setup')).json.data as { secret: string };
    const totp = new TOTP({ secret: Secret.fromBase32(secret), period: 30 });
    return { secret, codeAt: (steps: number) => totp.generate({ timestamp: Date.now() + steps * 30_000 }) };
  };
  const newKeyId = sealKeyId(NEW_KEY);

  it('stores the secret sealed, never as it is; its codes verify', async () => {
    const user = await signUp(server);
    const { secret } = await setUp(user);
    const stored = (await storedOf(user)) as string;
    expect(stored).toMatch(new RegExp(`^v1\\.${newKeyId}\\.[\\w-]{16}\\.[\\w-]+$`));
    expect(stored).not.toContain(secret);
    // Another set-up seals under a fresh nonce: the same secret never looks the same twice.
    const again = await setUp(user);
    expect(await storedOf(user)).not.toBe(stored);
    expect((await post(user, '/enable', { code: again.codeAt(0) })).json.code).toBe(200);
    expect((await post(user, '/disable', { code: again.codeAt(1) })).json).toMatchObject({
      code: 200,
      data: { enabled: false },
    });
  });

  it("refuses every code with a sealed secret copied from another user's row", async () => {
    const alice = await signUp(server);
    const mallory = await signUp(server);
    const alices = await setUp(alice);
    expect((await post(alice, '/enable', { code: alices.codeAt(0) })).json.code).toBe(200);
    await setUp(mallory);
    // Mallory's row given Alice's sealed secret: Alice's codes do not turn Mallory's authenticator on.
    await setStored(mallory, (await storedOf(alice)) as string);
    for (const steps of [1, 0, -1]) {
      expect((await post(mallory, '/enable', { code: alices.codeAt(steps) })).json.code).toBe(81091);
    }
    expect((await call(server.baseUrl, AUTH, { method: 'GET', token: mallory.token })).json.data.enabled).toBe(false);
    // Alice's own codes still verify.
    expect((await post(alice, '/disable', { code: alices.codeAt(1) })).json.code).toBe(200);
  });

  it('verifies a secret the previous key sealed and seals it again under the current key', async () => {
    const user = await signUp(server);
    const { secret, codeAt } = await setUp(user);
    const sealedBefore = authenticatorSeal(OLD_KEY).seal(await userIdOf(user), secret);
    await setStored(user, sealedBefore);
    expect((await post(user, '/enable', { code: codeAt(0) })).json.code).toBe(200);
    const stored = (await storedOf(user)) as string;
    expect(stored.startsWith(`v1.${newKeyId}.`)).toBe(true);
    expect(stored).not.toContain(secret);
    expect((await post(user, '/disable', { code: codeAt(1) })).json.code).toBe(200);
  });

  it('seals plain secrets of before sealing, on first use and at start; a key neither setting has is refused', async () => {
    const user = await signUp(server);
    const { secret, codeAt } = await setUp(user);
    await setStored(user, secret);
    expect((await post(user, '/enable', { code: codeAt(0) })).json.code).toBe(200);
    expect((await storedOf(user))?.startsWith(`v1.${newKeyId}.`)).toBe(true);

    // The start's pass: plain rows and rows of the previous key, sealed anew; a second pass has nothing to do.
    const plain = await signUp(server);
    const older = await signUp(server);
    const plainSetup = await setUp(plain);
    const olderSetup = await setUp(older);
    await setStored(plain, plainSetup.secret);
    await setStored(older, authenticatorSeal(OLD_KEY).seal(await userIdOf(older), olderSetup.secret));
    expect(await sealStoredAuthenticators(server.app.repos, 1)).toEqual({ sealed: 2, unopened: 0 });
    expect(await sealStoredAuthenticators(server.app.repos)).toEqual({ sealed: 0, unopened: 0 });
    for (const [u, s] of [
      [plain, plainSetup],
      [older, olderSetup],
    ] as const) {
      expect((await storedOf(u))?.startsWith(`v1.${newKeyId}.`)).toBe(true);
      expect((await post(u, '/enable', { code: s.codeAt(0) })).json.code).toBe(200);
    }

    // Sealed under a key the server no longer has (the development key here): a configuration fault, not a pass.
    await setStored(user, authenticatorSeal(Buffer.from(DEV_AUTHENTICATOR_SEAL_KEY, 'base64')).seal(1n, secret));
    expect((await post(user, '/disable', { code: codeAt(1) })).status).toBe(500);
    // The start's pass leaves it as it is and counts it, rather than stop the start.
    const unknown = await storedOf(user);
    expect(await sealStoredAuthenticators(server.app.repos)).toEqual({ sealed: 0, unopened: 1 });
    expect(await storedOf(user)).toBe(unknown);
  });
});
