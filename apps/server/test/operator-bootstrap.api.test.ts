import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.ts';
import { rowsOf } from '../src/db/raw.ts';
import { type Operator, type Role, signIn } from './operators.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { ops, signUp } from './users.ts';

/**
 * The operator token starts a platform, once: until two admins have existed it creates operators at once, then
 * never again, whatever happens to those admins. The tests run in order on one server, as a platform's life does.
 */
describe('[api] the operator bootstrap ends for good', () => {
  let server: TestServer;
  let ada: Operator;
  let bob: Operator;
  let carol: Operator;
  let beforeCarol: string;
  beforeAll(async () => {
    server = await startTestServer({ env: { CREDIT_APPROVAL_THRESHOLD: '1000' } });
  }, 120_000);
  afterAll(() => server.close(), 120_000);

  const rows = async <R>(q: SQL) => rowsOf<R>(await server.database.db.execute(q));
  const bootstrap = () =>
    rows<{ first_admin: string; second_admin: string | null; ended_at: unknown }>(
      sql`SELECT first_admin, second_admin, ended_at FROM operator_bootstrap`,
    );
  const operatorNames = async () =>
    (await rows<{ username: string }>(sql`SELECT username FROM operators ORDER BY id`)).map((r) => r.username);
  const byToken = (username: string, role: Role) => ops(server, 'POST', '/ops/v1/operators', { username, role });
  /** `proposer` proposes the account, `approver` approves it: its credentials, signed in. */
  const approved = async (proposer: Operator, approver: Operator, username: string, role: Role) => {
    const proposed = await proposer.call('POST', '/ops/v1/operators', { username, role });
    expect(proposed.json.data).toMatchObject({ status: 'proposed' });
    const made = await approver.call('POST', `/ops/v1/proposals/${proposed.json.data.proposalId}/approve`);
    expect(made.json.data).toMatchObject({ status: 'created', username });
    return signIn(server, made.json.data);
  };
  const listFor = async (reader: Operator, proposalId: string) =>
    ((await reader.call('GET', '/ops/v1/proposals')).json.data as { proposalId: string }[]).find(
      (p) => p.proposalId === proposalId,
    );

  it("a sole admin's proposal of a second admin is refused with what to do instead, never left open", async () => {
    ada = await signIn(server, (await byToken('ada', 'admin')).json.data);
    expect(await bootstrap()).toEqual([{ first_admin: 'ada', second_admin: null, ended_at: null }]);
    const refused = await ada.call('POST', '/ops/v1/operators', { username: 'second', role: 'admin' });
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe(14036);
    expect(refused.json.msg).toContain('npm run operator -- add-operator <name> --role admin');
    expect((await ada.call('GET', '/ops/v1/proposals?status=all')).json.data).toEqual([]);
    expect(await operatorNames()).toEqual(['ada']);
  });

  it('the second admin ever ends the bootstrap in the same transaction; the founders approve each other', async () => {
    bob = await signIn(server, (await byToken('bob', 'admin')).json.data);
    const [end] = await bootstrap();
    expect(end).toMatchObject({ first_admin: 'ada', second_admin: 'bob', ended_at: expect.anything() });
    // ada and bob share their creator (the token), yet the bootstrap's founders count as two people.
    const user = await signUp(server);
    const credit = await ada.call('POST', '/ops/v1/credit', {
      username: user.username,
      currency: 'usdt',
      amount: '5000',
      reason: 'goodwill',
    });
    expect(credit.json.data).toMatchObject({ status: 'proposed' });
    beforeCarol = credit.json.data.proposalId;
    carol = await approved(ada, bob, 'carol', 'admin');
  }, 120_000);

  it('the proposals list says who can approve and why not; a late admin is refused for that reason', async () => {
    expect(await listFor(bob, beforeCarol)).toMatchObject({ canApprove: true, cannotApprove: null });
    expect(await listFor(ada, beforeCarol)).toMatchObject({ canApprove: false, cannotApprove: { code: 1403 } });
    expect(await listFor(carol, beforeCarol)).toMatchObject({
      canApprove: false,
      cannotApprove: { code: 14031, message: expect.stringContaining('did not exist when it was proposed') },
    });
    const late = await carol.call('POST', `/ops/v1/proposals/${beforeCarol}/approve`);
    expect(late.status).toBe(403);
    expect(late.json.code).toBe(14031);
    expect(late.json.msg).toContain('did not exist when it was proposed');
  });

  it('two accounts created by the same person cannot approve each other', async () => {
    const fin1 = await approved(ada, bob, 'fin1', 'finance');
    const fin2 = await approved(ada, bob, 'fin2', 'finance');
    const user = await signUp(server);
    const credit = await fin1.call('POST', '/ops/v1/credit', {
      username: user.username,
      currency: 'usdt',
      amount: '5000',
      reason: 'goodwill',
    });
    expect(credit.json.data).toMatchObject({ status: 'proposed' });
    expect(await listFor(fin2, credit.json.data.proposalId)).toMatchObject({
      canApprove: false,
      cannotApprove: { code: 14034 },
    });
    const refused = await fin2.call('POST', `/ops/v1/proposals/${credit.json.data.proposalId}/approve`);
    expect(refused.json.code).toBe(14034);
    // The token's accounts after the bootstrap share the creator cli with the founders: one person with them.
    const tokenMade = await ops(server, 'POST', '/ops/v1/operators', { username: 'tok1', role: 'finance' });
    expect(tokenMade.json.data).toMatchObject({ status: 'proposed' });
    const tok1 = await signIn(
      server,
      (await carol.call('POST', `/ops/v1/proposals/${tokenMade.json.data.proposalId}/approve`)).json.data,
    );
    const adas = await ada.call('POST', '/ops/v1/credit', {
      username: user.username,
      currency: 'usdt',
      amount: '5000',
      reason: 'goodwill',
    });
    expect((await tok1.call('POST', `/ops/v1/proposals/${adas.json.data.proposalId}/approve`)).json.code).toBe(14034);
  }, 240_000);

  it('the attack: the token disables both admins in parallel, then adds its own: nothing happens at once', async () => {
    const before = await operatorNames();
    const [first, second] = await Promise.all([
      ops(server, 'POST', '/ops/v1/operators/ada/disable', { reason: 'take over' }),
      ops(server, 'POST', '/ops/v1/operators/bob/disable', { reason: 'take over' }),
    ]);
    // Three admins: one disabling leaves two (at once); the other would leave one: a proposal, not both.
    expect([first.json.data.status, second.json.data.status].sort()).toEqual(['disabled', 'proposed']);
    const pending = [first, second].find((r) => r.json.data.status === 'proposed')?.json.data;
    expect(await listFor(carol, pending.proposalId)).toMatchObject({ kind: 'operator-disable', canApprove: true });

    // The bootstrap does not reopen: the token's new admin is a proposal, with no credentials.
    const mine = await byToken('mallory', 'admin');
    expect(mine.json.data).toEqual({
      status: 'proposed',
      proposalId: expect.any(String),
      username: 'mallory',
      role: 'admin',
    });
    expect(await operatorNames()).toEqual(before);

    // carol, a second person, agrees: now one admin is left, and the end is still recorded.
    const done = await carol.call('POST', `/ops/v1/proposals/${pending.proposalId}/approve`);
    expect(done.json.data).toMatchObject({ status: 'disabled', username: pending.username });
    expect(await bootstrap()).toMatchObject([{ first_admin: 'ada', second_admin: 'bob', ended_at: expect.anything() }]);
    const again = await byToken('mallet', 'admin');
    expect(again.json.data).toMatchObject({ status: 'proposed' });
    expect(await operatorNames()).toEqual(before);
  }, 120_000);

  it('with two founders only, the token cannot disable one: nobody independent of it could approve', async () => {
    const fresh = await startTestServer();
    try {
      for (const username of ['one', 'two']) {
        const made = await ops(fresh, 'POST', '/ops/v1/operators', { username, role: 'admin' });
        expect(made.json.data.status).toBe('created');
      }
      const disable = await ops(fresh, 'POST', '/ops/v1/operators/one/disable', { reason: 'take over' });
      expect(disable.json.code).toBe(14037);
      const add = await ops(fresh, 'POST', '/ops/v1/operators', { username: 'three', role: 'admin' });
      expect(add.json.code).toBe(14037);
      const left = rowsOf<{ username: string; disabled_at: unknown }>(
        await fresh.database.db.execute(sql`SELECT username, disabled_at FROM operators ORDER BY id`),
      );
      expect(left).toEqual([
        { username: 'one', disabled_at: null },
        { username: 'two', disabled_at: null },
      ]);
    } finally {
      await fresh.close();
    }
  }, 120_000);

  it('on a database that already had two admins, the migration records the end at once', async () => {
    await server.database.db.execute(sql`DROP TABLE operator_bootstrap`);
    await server.database.db.execute(sql`DELETE FROM schema_migrations WHERE name = '0038_operator_bootstrap.sql'`);
    expect(await migrate(server.database)).toEqual(['0038_operator_bootstrap.sql']);
    const [end] = await bootstrap();
    const [second] = await rows<{ created_at: unknown }>(sql`SELECT created_at FROM operators WHERE username = 'bob'`);
    expect(end).toMatchObject({ first_admin: 'ada', second_admin: 'bob' });
    expect(String(end?.ended_at)).toBe(String(second?.created_at));
    expect((await byToken('late', 'admin')).json.data).toMatchObject({ status: 'proposed' });
  });
});
