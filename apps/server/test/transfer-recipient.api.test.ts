import { maskAddress } from '@aidf/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movements } from '../src/db/schema.ts';
import { type DevMailbox, startDevMailbox } from '../src/dev/mailbox.ts';
import { POLICIES } from '../src/domain/limits/policies.ts';
import { awayFromWindowEdge, withEdgeWait } from './limit-window.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, credit, emailAccount, signUp, transferBody } from './users.ts';
import { solanaWallet } from './wallets.ts';

describe('[api] transfer recipient lookup and the receipt id', () => {
  let server: TestServer;
  let alice: Account;
  let bob: Account;
  const lookup = (who: Account, username: string) =>
    call(server.baseUrl, `/v1/cow/home/transfer/recipient/${encodeURIComponent(username)}`, {
      method: 'GET',
      token: who.token,
    });

  beforeAll(async () => {
    server = await startTestServer();
    alice = await signUp(server);
    bob = await signUp(server, solanaWallet());
  });
  afterAll(() => server.close());

  it("names the recipient with their sign-in address masked, never in full, whatever the name's case", async () => {
    const res = await lookup(alice, bob.username.toUpperCase());
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toEqual({
      username: bob.username,
      chainCurrency: 'sol',
      maskedAddress: maskAddress(bob.wallet.address),
    });
    expect(res.text).not.toContain(bob.wallet.address);
    expect((await lookup(bob, alice.username)).json.data).toMatchObject({ chainCurrency: 'bnb' });
  });

  it('refuses at once an unknown name (1226), oneself (1225) and a caller without a session (401)', async () => {
    const unknown = await lookup(alice, 'nobody_here_42');
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe(1226);
    const self = await lookup(alice, alice.username);
    expect(self.status).toBe(400);
    expect(self.json.code).toBe(1225);
    const anonymous = await call(server.baseUrl, `/v1/cow/home/transfer/recipient/${bob.username}`, { method: 'GET' });
    expect(anonymous.status).toBe(401);
  });

  it(
    'cannot be used to list accounts: 20 lookups a minute per user, then 429 (9000); others are not held',
    async () => {
      const carol = await signUp(server);
      // The limit counts in fixed one-minute windows: start well inside one, so the burst is not split over two.
      await awayFromWindowEdge(POLICIES.recipientLookup.windowMs, 10_000);
      const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => lookup(carol, `guess_${i}`)));
      const codes = answers.map((a) => a.json.code);
      expect(codes.filter((c) => c === 1226)).toHaveLength(20);
      expect(codes.filter((c) => c === 9000)).toHaveLength(5);
      expect(answers.find((a) => a.json.code === 9000)?.status).toBe(429);
      expect((await lookup(carol, bob.username)).json.code).toBe(9000);
      const dave = await signUp(server);
      expect((await lookup(dave, bob.username)).json.code).toBe(200);
    },
    withEdgeWait(10_000),
  );

  it("answers the transfer's movement id, the same when the signed request is sent again", async () => {
    await credit(server, alice.username, 'usdt', '10');
    const body = await transferBody(alice, bob.username, 'usdt', '2.5');
    const first = await call(server.baseUrl, '/v1/cow/home/transfer', { body, token: alice.token });
    expect(first.status, first.text).toBe(200);
    const movementId = first.json.data.movementId;
    expect(movementId).toMatch(/^[1-9]\d*$/);
    const again = await call(server.baseUrl, '/v1/cow/home/transfer', { body, token: alice.token });
    expect(again.json.data).toEqual({ movementId });
    const [row] = await server.database.db
      .select({ type: movements.type, ref: movements.ref })
      .from(movements)
      .where(eq(movements.id, BigInt(movementId)));
    expect(row).toEqual({ type: 'user-transfer-out', ref: bob.username });
  });
});

describe('[api] the transfer recipient lookup tells nothing of e-mails and is limited per client', () => {
  let server: TestServer;
  let mailbox: DevMailbox;
  const lookup = (who: Account, username: string, client = '203.0.113.1') =>
    call(server.baseUrl, `/v1/cow/home/transfer/recipient/${encodeURIComponent(username)}`, {
      method: 'GET',
      token: who.token,
      headers: { 'x-forwarded-for': client },
    });
  // TRUST_PROXY=loopback: each test is its own client through X-Forwarded-For.
  beforeAll(async () => {
    mailbox = await startDevMailbox();
    server = await startTestServer({ env: { SMTP_URL: mailbox.smtpUrl, TRUST_PROXY: 'loopback' } });
  });
  afterAll(async () => {
    await server.close();
    await mailbox.close();
  });

  it('answers an e-mail with an account exactly as one without, and shows an e-mail account without its e-mail', async () => {
    const prober = await signUp(server);
    await emailAccount(server, mailbox, 'mia.probe@example.com', null);
    const answers = await Promise.all(
      ['mia.probe@example.com', 'MIA.Probe@Example.com', 'nobody.probe@example.com'].map(async (email) => {
        const res = await lookup(prober, email);
        return { status: res.status, json: res.json };
      }),
    );
    expect(answers[0]).toMatchObject({ status: 404, json: { code: 1226, data: null } });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    // By the account's username (its invite code): named, with nothing of the e-mail.
    const mia = await server.repos.users.byEmail('mia.probe@example.com');
    const byName = await lookup(prober, mia?.username as string);
    expect(byName.json.data).toEqual({ username: mia?.username, chainCurrency: null, maskedAddress: null });
    expect(byName.text).not.toMatch(/example\.com|mia\.probe/);
  });

  it(
    'limits one client to 60 lookups a minute however many accounts it signs in with',
    async () => {
      const client = '203.0.113.2';
      const accounts = await Promise.all(Array.from({ length: 4 }, () => signUp(server)));
      await awayFromWindowEdge(POLICIES.recipientLookup.windowMs, 10_000);
      // Each account within its own 20, the client over its 60.
      const answers = await Promise.all(
        accounts.flatMap((account, a) =>
          Array.from({ length: POLICIES.recipientLookup.perAccount }, (_, i) =>
            lookup(account, `guess_${a}_${i}`, client),
          ),
        ),
      );
      const codes = answers.map((r) => r.json.code);
      expect(codes.filter((c) => c === 1226)).toHaveLength(POLICIES.recipientLookup.perIp);
      expect(codes.filter((c) => c === 9000)).toHaveLength(
        4 * POLICIES.recipientLookup.perAccount - POLICIES.recipientLookup.perIp,
      );
      // Another client is not held by it.
      const other = await signUp(server);
      expect((await lookup(other, 'guess_x', '203.0.113.3')).json.code).toBe(1226);
    },
    withEdgeWait(10_000),
  );
});
