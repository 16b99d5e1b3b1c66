import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Operator, signIn } from './operators.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { balanceOf, ops, signUp } from './users.ts';

/**
 * Four eyes means two people: nobody approves their own change through an account they made. The tests run in
 * order on one server: the first starts the platform (fewer than two admins), the next ones run after it.
 */
describe('[api] four eyes are two people', () => {
  let server: TestServer;
  let ada: Operator;
  let bob: Operator;
  let pup: Operator;
  beforeAll(async () => {
    // The fallback threshold is high: the per-currency settings below are what make BNB credits wait.
    server = await startTestServer({ env: { CREDIT_APPROVAL_THRESHOLD: '100000' } });
  }, 120_000); // a fresh database and server on a busy machine
  afterAll(() => server.close(), 120_000);

  const createdAtOnce = async (username: string, role: string) => {
    const res = await ops(server, 'POST', '/ops/v1/operators', { username, role });
    expect(res.json.data).toMatchObject({ status: 'created', username, password: expect.any(String) });
    return res.json.data;
  };
  const proposeCredit = async (by: Operator | null, username: string, currency: string, amount: string) => {
    const body = { username, currency, amount, reason: 'goodwill' };
    const res = by ? await by.call('POST', '/ops/v1/credit', body) : await ops(server, 'POST', '/ops/v1/credit', body);
    expect(res.status).toBe(200);
    return res.json.data;
  };

  it('cli and the accounts it creates are one person: a proposal only they could approve is refused', async () => {
    const user = await signUp(server);
    const body = { username: user.username, currency: 'usdt', amount: '100000', reason: 'goodwill' };
    // Nobody but the token yet: its credit could never be approved, so it is refused, not left open.
    const alone = await ops(server, 'POST', '/ops/v1/credit', body);
    expect(alone.status).toBe(409);
    expect(alone.json.code).toBe(14036);
    // No admin yet: the token creates operators at once, and sees their credentials.
    pup = await signIn(server, await createdAtOnce('pup', 'finance'));
    // pup was created by the token: still nobody who could approve the token's credit, nor pup's.
    expect((await ops(server, 'POST', '/ops/v1/credit', body)).json.code).toBe(14036);
    expect((await pup.call('POST', '/ops/v1/credit', body)).json.code).toBe(14036);
    expect((await ops(server, 'GET', '/ops/v1/proposals?status=all')).json.data).toEqual([]);
    expect(await balanceOf(server, user, 'usdt')).toBe('0');
  });

  it('from the second admin on, a new operator is a proposal; its proposer cannot approve through it', async () => {
    ada = await signIn(server, await createdAtOnce('ada', 'admin'));
    bob = await signIn(server, await createdAtOnce('bob', 'admin'));
    const user = await signUp(server);
    const credit = await proposeCredit(ada, user.username, 'usdt', '100000');

    // ada makes a finance operator to approve her own credit: it is only a proposal, with no credentials.
    const made = await ada.call('POST', '/ops/v1/operators', { username: 'ada-helper', role: 'finance' });
    expect(made.json.data).toEqual({
      status: 'proposed',
      proposalId: expect.any(String),
      username: 'ada-helper',
      role: 'finance',
    });
    expect((await ada.call('POST', `/ops/v1/proposals/${made.json.data.proposalId}/approve`)).json.code).toBe(1403);
    // The token no longer creates at once either; with only its own accounts as admins, nobody could approve it.
    const byToken = await ops(server, 'POST', '/ops/v1/operators', { username: 'cli-helper', role: 'finance' });
    expect(byToken.json.code).toBe(14037);
    // pup (the token's founder) proposes; the founders ada and bob could approve it, cli never (it made pup).
    const byPup = await proposeCredit(pup, user.username, 'usdt', '100000');
    expect(byPup.status).toBe('proposed');
    expect((await ops(server, 'POST', `/ops/v1/proposals/${byPup.proposalId}/approve`)).json.code).toBe(14033);

    // bob approves the account: the credentials are his answer, and the account records both people.
    const created = await bob.call('POST', `/ops/v1/proposals/${made.json.data.proposalId}/approve`);
    expect(created.json.data).toMatchObject({
      status: 'created',
      username: 'ada-helper',
      password: expect.any(String),
    });
    const helper = await signIn(server, created.json.data);
    const listed = (await ada.call('GET', '/ops/v1/operators')).json.data;
    expect(listed.find((o: { username: string }) => o.username === 'ada-helper')).toMatchObject({
      createdBy: 'ada',
      approvedBy: 'bob',
    });

    // It did not exist when ada proposed: refused. A later proposal of ada's: still refused (ada created it).
    expect((await helper.call('POST', `/ops/v1/credit/${credit.proposalId}/approve`)).json.code).toBe(14031);
    const later = await proposeCredit(ada, user.username, 'usdt', '100000');
    expect((await helper.call('POST', `/ops/v1/credit/${later.proposalId}/approve`)).json.code).toBe(14032);
    // bob approved the account: bob's proposals are not the helper's to approve either.
    const bobs = await proposeCredit(bob, user.username, 'usdt', '100000');
    expect((await helper.call('POST', `/ops/v1/credit/${bobs.proposalId}/approve`)).json.code).toBe(14032);
    expect(await balanceOf(server, user, 'usdt')).toBe('0');

    // A second person who is neither: bob approves ada's credit.
    const ok = await bob.call('POST', `/ops/v1/credit/${credit.proposalId}/approve`);
    expect(ok.json.data).toMatchObject({ status: 'credited' });
    expect(await balanceOf(server, user, 'usdt')).toBe('100000');
  }, 240_000); // slow password hashes on a busy machine

  it('a role change and a four-eyes setting are proposals a second admin approves', async () => {
    const role = await ada.call('POST', '/ops/v1/operators/pup/role', { role: 'admin', reason: 'promotion' });
    expect(role.json.data).toMatchObject({ status: 'proposed', username: 'pup', role: 'admin' });
    expect((await ada.call('POST', `/ops/v1/proposals/${role.json.data.proposalId}/approve`)).json.code).toBe(1403);
    const applied = await bob.call('POST', `/ops/v1/proposals/${role.json.data.proposalId}/approve`);
    expect(applied.json.data).toMatchObject({ status: 'applied', username: 'pup', role: 'admin' });

    const setting = await ada.call('POST', '/ops/v1/config', {
      key: 'credit.approvalThreshold.bnb',
      value: '1000',
      reason: 'BNB is worth more',
    });
    expect(setting.json.data).toMatchObject({ status: 'proposed', before: null, after: '1000' });
    const config = async () =>
      (await ada.call('GET', '/ops/v1/config')).json.data.find(
        (s: { key: string }) => s.key === 'credit.approvalThreshold.bnb',
      );
    expect((await config()).value).toBeNull();
    // A support operator may not approve a setting, the proposer may not, an admin may.
    expect((await ada.call('POST', `/ops/v1/proposals/${setting.json.data.proposalId}/approve`)).json.code).toBe(1403);
    const done = await bob.call('POST', `/ops/v1/proposals/${setting.json.data.proposalId}/approve`);
    expect(done.json.data).toMatchObject({ status: 'applied', key: 'credit.approvalThreshold.bnb', after: '1000' });
    expect((await config()).value).toBe('1000');
  });

  it('twenty credits of 99.99 BNB by one operator: from the eleventh on they wait for a second one', async () => {
    const user = await signUp(server);
    const statuses: string[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await proposeCredit(ada, user.username, 'bnb', '99.99')).status);
    // 10 × 99.99 = 999.9 is below 1000; an eleventh would reach 1099.89.
    expect(statuses).toEqual([...Array(10).fill('credited'), ...Array(10).fill('proposed')]);
    expect(await balanceOf(server, user, 'bnb')).toBe('999.9');
    // Another operator's day is their own; another currency counts apart (USDT falls back to 100000).
    expect((await proposeCredit(bob, user.username, 'bnb', '99.99')).status).toBe('credited');
    expect((await proposeCredit(ada, user.username, 'usdt', '99.99')).status).toBe('credited');
  });

  it('a withdrawn or expired proposal cannot be approved', async () => {
    const user = await signUp(server);
    const first = await proposeCredit(ada, user.username, 'usdt', '100000');
    expect((await bob.call('POST', `/ops/v1/proposals/${first.proposalId}/withdraw`, { reason: 'x' })).status).toBe(
      200,
    ); // bob is an admin: he may withdraw another's proposal
    const afterWithdraw = await bob.call('POST', `/ops/v1/proposals/${first.proposalId}/approve`);
    expect(afterWithdraw.json.code).toBe(1410);

    const second = await proposeCredit(ada, user.username, 'usdt', '100000');
    await server.database.db.execute(
      sql`UPDATE operator_proposals SET expires_at = now() - interval '1 second' WHERE id = ${second.proposalId}`,
    );
    expect((await bob.call('POST', `/ops/v1/proposals/${second.proposalId}/approve`)).json.code).toBe(1410);
    expect((await ada.call('POST', `/ops/v1/proposals/${second.proposalId}/withdraw`, { reason: 'x' })).json.code).toBe(
      1410,
    );
    const expired = (await bob.call('GET', '/ops/v1/proposals?status=expired')).json.data;
    expect(expired.map((p: { proposalId: string }) => p.proposalId)).toContain(second.proposalId);
    const withdrawn = (await bob.call('GET', '/ops/v1/proposals?status=withdrawn')).json.data;
    expect(withdrawn[0]).toMatchObject({ proposalId: first.proposalId, status: 'withdrawn', withdrawnBy: 'bob' });
    expect(await balanceOf(server, user, 'usdt')).toBe('0');
  });

  it("a disabled operator's session is refused at once; their open proposals are withdrawn", async () => {
    const made = await ada.call('POST', '/ops/v1/operators', { username: 'leaver', role: 'finance' });
    const approved = await bob.call('POST', `/ops/v1/proposals/${made.json.data.proposalId}/approve`);
    const leaver = await signIn(server, approved.json.data);
    const user = await signUp(server);
    const open = await proposeCredit(leaver, user.username, 'usdt', '100000');
    expect((await leaver.call('GET', '/ops/v1/auth/me')).status).toBe(200);

    const disabled = await ada.call('POST', '/ops/v1/operators/leaver/disable', { reason: 'left the company' });
    expect(disabled.json.data).toMatchObject({ status: 'disabled', withdrawnProposals: [open.proposalId] });
    expect((await leaver.call('GET', '/ops/v1/auth/me')).status).toBe(401);
    const withdrawn = (await bob.call('GET', '/ops/v1/proposals?status=withdrawn')).json.data;
    expect(withdrawn[0]).toMatchObject({ proposalId: open.proposalId, withdrawnBy: 'ada' });
    expect((await ada.call('POST', '/ops/v1/operators/leaver/disable', { reason: 'again' })).status).toBe(409);
    const audit = (await ada.call('GET', '/ops/v1/audit?target=operator:leaver')).json.data.list;
    expect(audit[0]).toMatchObject({ action: 'operator-disable', operator: 'ada', reason: 'left the company' });
  }, 120_000);
});
