import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heldPayoutOf } from './held-payouts.ts';
import { type Operator, signInOperator } from './operators.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { ops } from './users.ts';

// Runs only in the PostgreSQL pass of the API suite (project 'api-postgres-only'): it holds a row lock on one
// connection while the server works on others, which PGlite's single connection cannot do.
describe('[postgres] a held payout retried and refunded at once', () => {
  let server: TestServer;
  let finance: Operator;
  let finance2: Operator;
  let admin: Operator;
  beforeAll(async () => {
    server = await startTestServer({ env: { CREDIT_APPROVAL_THRESHOLD: '1000' } });
    finance = await signInOperator(server, 'finance');
    finance2 = await signInOperator(server, 'finance');
    admin = await signInOperator(server, 'admin');
  }, 300_000); // slow password hashes for each sign-in on a busy machine
  afterAll(() => server.close(), 120_000);

  const heldPayout = () => heldPayoutOf(server, finance, finance2);
  const approve = (by: Operator, proposal: { proposalId: string }) =>
    by.call('POST', `/ops/v1/proposals/${proposal.proposalId}/approve`);
  const ledgerOk = async () => {
    const ledger = await ops(server, 'GET', '/ops/v1/ledger/check');
    expect(ledger.json.data, JSON.stringify(ledger.json)).toMatchObject({ ok: true });
  };

  it('a refund whose checks passed while held, and that waits while a retry releases the payout, moves nothing', async () => {
    const p = await heldPayout();
    const refundAnswer = await server.database.withSession(async (session) => {
      // The user's account row held: the refund's transaction, its checks passed, waits for it.
      await session.exec('BEGIN');
      await session.exec(`SELECT id FROM accounts WHERE owner_user_id = ${p.user.mid} AND currency = 'cow' FOR UPDATE`);
      const refunding = approve(admin, p.refund);
      for (let i = 0; ; i++) {
        if (i > 5000) throw new Error('the refund never waited for the account');
        const [blocked] = await server.database.withSession((other) =>
          other.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity
                 WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          ),
        );
        if ((blocked?.n ?? 0) > 0) break;
      }
      const retried = await approve(finance2, p.retry);
      expect(retried.json.data).toMatchObject({ status: 'requested' });
      await session.exec('COMMIT');
      return refunding;
    });
    expect(refundAnswer.json.code).toBe(1409);
    expect(await p.state()).toEqual({ status: 'requested', settled: false, balance: '1' });
    await ledgerOk();
  });
});
