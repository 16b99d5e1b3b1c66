import { maskAddress } from '@aidf/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movements } from '../src/db/schema.ts';
import { POLICIES } from '../src/domain/limits/policies.ts';
import { awayFromWindowEdge, withEdgeWait } from './limit-window.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, credit, signUp, transferBody } from './users.ts';
import { solanaWallet } from './wallets.ts';

describe('[api] transfer recipient lookup and the receipt id (issue 14 item 3)', () => {
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
