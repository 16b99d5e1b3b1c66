import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heldPayoutOf, insertHeldPayout } from './held-payouts.ts';
import { type Operator, signInOperator } from './operators.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { balanceOf, ops, signUp } from './users.ts';

describe('[api] four eyes on money', () => {
  let server: TestServer;
  let finance: Operator;
  let finance2: Operator;
  let admin: Operator;
  let support: Operator;
  beforeAll(async () => {
    server = await startTestServer({ env: { CREDIT_APPROVAL_THRESHOLD: '1000' } });
    finance = await signInOperator(server, 'finance');
    finance2 = await signInOperator(server, 'finance');
    admin = await signInOperator(server, 'admin');
    support = await signInOperator(server, 'support');
  }, 300_000); // slow password hashes for each sign-in on a busy machine
  afterAll(() => server.close(), 120_000);

  const propose = async (by: Operator, username: string, amount: string) => {
    const res = await by.call('POST', '/ops/v1/credit', { username, currency: 'usdt', amount, reason: 'refund' });
    expect(res.status).toBe(200);
    return res.json.data;
  };

  it('applies below the threshold at once; at it, proposes; a second finance operator applies it once', async () => {
    const user = await signUp(server);
    expect(await propose(finance, user.username, '999.99')).toMatchObject({ status: 'credited' });
    const proposed = await propose(finance, user.username, '1000');
    expect(proposed).toMatchObject({ status: 'proposed', proposalId: expect.stringMatching(/^\d+$/) });
    expect(await balanceOf(server, user, 'usdt')).toBe('999.99');

    const self = await finance.call('POST', `/ops/v1/credit/${proposed.proposalId}/approve`);
    expect(self.status).toBe(403);
    const bySupport = await support.call('POST', `/ops/v1/credit/${proposed.proposalId}/approve`);
    expect(bySupport.status).toBe(403);
    expect(await balanceOf(server, user, 'usdt')).toBe('999.99');

    const approved = await finance2.call('POST', `/ops/v1/credit/${proposed.proposalId}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.json.data).toMatchObject({ status: 'credited', username: user.username });
    expect(await balanceOf(server, user, 'usdt')).toBe('1999.99');
    const again = await admin.call('POST', `/ops/v1/credit/${proposed.proposalId}/approve`);
    expect(again.status).toBe(409);
    expect(await balanceOf(server, user, 'usdt')).toBe('1999.99');

    const proposedRows = (await admin.call('GET', '/ops/v1/audit?action=credit-propose')).json.data.list;
    expect(proposedRows).toEqual([expect.objectContaining({ operator: finance.username, role: 'finance' })]);
    const rows = (await admin.call('GET', '/ops/v1/audit?action=credit-approve')).json.data.list;
    expect(rows).toEqual([expect.objectContaining({ operator: finance2.username, role: 'finance', reason: 'refund' })]);
    const proposals = (await admin.call('GET', '/ops/v1/proposals?status=all')).json.data;
    expect(proposals[0]).toMatchObject({
      proposalId: proposed.proposalId,
      status: 'applied',
      proposedBy: finance.username,
      approvedBy: finance2.username,
      amount: '1000',
    });
  });

  it('16 concurrent approvals credit once; the ledger check holds', async () => {
    const user = await signUp(server);
    const { proposalId } = await propose(finance, user.username, '5000');
    const approvers = [finance2, admin];
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) => approvers[i % 2]?.call('POST', `/ops/v1/credit/${proposalId}/approve`)),
    );
    const statuses = results.map((r) => r?.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    expect(await balanceOf(server, user, 'usdt')).toBe('5000');
    const check = await finance.call('GET', '/ops/v1/ledger/check');
    expect(check.json.data.ok).toBe(true);
  });

  it('credits the user id it named, even when the account changed before the approval', async () => {
    const alice = await signUp(server);
    const { proposalId } = await propose(finance, alice.username, '2000');
    // The account changes hands of its name: another user now holds the username the proposal was made with.
    const oldName = alice.username;
    await server.database.db.execute(
      sql`UPDATE users SET username = ${`${oldName}-renamed`} WHERE username = ${oldName}`,
    );
    const impostor = await signUp(server);
    await server.database.db.execute(sql`UPDATE users SET username = ${oldName} WHERE username = ${impostor.username}`);

    const approved = await admin.call('POST', `/ops/v1/credit/${proposalId}/approve`);
    expect(approved.json.data).toMatchObject({ status: 'credited' });
    expect(await balanceOf(server, alice, 'usdt')).toBe('2000');
    expect(await balanceOf(server, impostor, 'usdt')).toBe('0');
  });

  it('OPERATOR_TOKEN (cli) is one operator: with only accounts it created, its credit is refused, never left open', async () => {
    const user = await signUp(server);
    const proposed = await ops(server, 'POST', '/ops/v1/credit', {
      username: user.username,
      currency: 'usdt',
      amount: '1000',
      reason: 'by script',
    });
    // Every operator here was created by the token (the bootstrap still runs: one admin): nobody could approve it.
    expect(proposed.status).toBe(409);
    expect(proposed.json.code).toBe(14036);
    const open = (await finance.call('GET', '/ops/v1/proposals')).json.data;
    expect(open.filter((p: { proposedBy: string }) => p.proposedBy === 'cli')).toEqual([]);
    expect(await balanceOf(server, user, 'usdt')).toBe('0');
  });
  it('a held payout released (retry) at or above the threshold waits for a second operator too', async () => {
    // A payout set aside before it was signed (as the worker holds one): no chain is needed to release it.
    const { id } = await insertHeldPayout(server, finance);
    const status = async () =>
      (await server.database.db.execute(sql`SELECT status FROM withdrawals WHERE id = ${id}`)) as unknown as {
        rows?: { status: string }[];
      } & { status: string }[];
    const statusOf = async () => {
      const r = await status();
      return (r.rows ?? r)[0]?.status;
    };

    const proposed = await finance.call('POST', `/ops/v1/payouts/${id}/retry`, { reason: 'node fixed' });
    expect(proposed.json.data).toMatchObject({ status: 'proposed', proposalId: expect.any(String) });
    expect(await statusOf()).toBe('held');
    expect((await finance.call('POST', `/ops/v1/proposals/${proposed.json.data.proposalId}/approve`)).status).toBe(403);
    expect((await support.call('POST', `/ops/v1/payouts/${id}/retry`, { reason: 'x' })).status).toBe(403);
    const approved = await finance2.call('POST', `/ops/v1/proposals/${proposed.json.data.proposalId}/approve`);
    expect(approved.json.data).toMatchObject({ status: 'requested', proposalId: proposed.json.data.proposalId });
    expect(await statusOf()).toBe('requested');
    expect((await admin.call('POST', `/ops/v1/proposals/${proposed.json.data.proposalId}/approve`)).status).toBe(409);
    const audit = (await admin.call('GET', `/ops/v1/audit?target=withdrawal:${id}`)).json.data.list;
    expect(audit.map((r: { action: string; operator: string }) => [r.action, r.operator])).toEqual([
      ['payout-retry', finance2.username],
      ['payout-retry-approve', finance2.username],
      ['payout-retry-propose', finance.username],
    ]);
  });
  const heldPayout = () => heldPayoutOf(server, finance, finance2);
  const approve = (by: Operator, proposal: { proposalId: string }) =>
    by.call('POST', `/ops/v1/proposals/${proposal.proposalId}/approve`);
  const ledgerOk = async () => {
    const ledger = await ops(server, 'GET', '/ops/v1/ledger/check');
    expect(ledger.json.data, JSON.stringify(ledger.json)).toMatchObject({ ok: true });
  };

  it('a held payout whose retry and refund are approved at once by different operators ends one way only', async () => {
    for (let round = 0; round < 3; round++) {
      const p = await heldPayout();
      // Each proposal approved by everyone who may, all at once.
      const answers = await Promise.all([
        approve(finance2, p.retry),
        approve(admin, p.retry),
        approve(finance, p.refund),
        approve(admin, p.refund),
      ]);
      const applied = answers.filter((a) => a.status === 200);
      expect(applied, JSON.stringify(answers.map((a) => a.json))).toHaveLength(1);
      for (const other of answers.filter((a) => a.status !== 200)) expect([1225, 1409]).toContain(other.json.code);
      const end = await p.state();
      const refunded = end.status === 'refunded';
      expect(end).toEqual(
        refunded
          ? { status: 'refunded', settled: true, balance: '5001' }
          : { status: 'requested', settled: false, balance: '1' },
      );
      // Nothing changes afterwards: the other action is refused.
      expect((await approve(admin, refunded ? p.retry : p.refund)).status).not.toBe(200);
      expect(await p.state()).toEqual(end);
      await ledgerOk();
    }
  });
});
