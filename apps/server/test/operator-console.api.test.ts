import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/raw.ts';
import { userMatches } from '../src/db/repositories/operator-lookup.ts';
import { requestWithdrawal } from '../src/domain/withdraw/request-withdrawal.ts';
import { type Operator, signInOperator } from './operators.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, balanceOf, signUp, withdrawBody } from './users.ts';
import { evmWallet, signed } from './wallets.ts';

/** The console's server half: dashboard, user lookup, held payouts and their refund. */
describe('[api] operator console: dashboard, users, payouts', () => {
  let server: TestServer;
  let finance: Operator;
  let finance2: Operator;
  let admin: Operator;
  let support: Operator;
  let alice: Account;
  let bob: Account;
  beforeAll(async () => {
    server = await startTestServer({ env: { CREDIT_APPROVAL_THRESHOLD: '1000' } });
    finance = await signInOperator(server, 'finance');
    finance2 = await signInOperator(server, 'finance');
    admin = await signInOperator(server, 'admin');
    support = await signInOperator(server, 'support');
    alice = await signUp(server);
    // Bob signs up with Alice's invitation.
    const wallet = evmWallet();
    const res = await call(server.baseUrl, '/v1/sso/dapp/addressLogin', {
      body: {
        currency: wallet.currency,
        walletAddress: wallet.address,
        inviteCode: alice.username,
        ...(await signed(wallet, 'Login-')),
      },
    });
    bob = { ...alice, wallet, token: res.headers.get('authorization') ?? '', ...res.json.data };
    await server.database.db.execute(sql`UPDATE users SET email = 'alice@example.com' WHERE id = ${alice.mid}`);
    // Two operators: one operator's credits in a currency over 24 hours count together against the threshold.
    for (const [by, amount] of [
      [finance, '600'],
      [finance2, '400.5'],
    ] as const) {
      const credited = await by.call('POST', '/ops/v1/credit', {
        username: alice.username,
        currency: 'usdt',
        amount,
        reason: 'fixture',
      });
      expect(credited.json.data.status).toBe('credited');
    }
  }, 300_000); // slow password hashes for each sign-in on a busy machine
  afterAll(() => server.close(), 120_000);

  const approve = (by: Operator, proposalId: string) => by.call('POST', `/ops/v1/proposals/${proposalId}/approve`);

  it('finds users by username prefix (any case), e-mail and address (EVM in any case)', async () => {
    const find = async (q: string, extra = '') =>
      (await support.call('GET', `/ops/v1/users?q=${encodeURIComponent(q)}${extra}`)).json.data;
    const mids = (data: { list: { mid: string }[] }) => data.list.map((u) => u.mid);
    expect(mids(await find(alice.username.slice(0, 5).toUpperCase()))).toContain(alice.mid);
    expect(mids(await find(alice.username))).toEqual(
      // Bob's generated name may share Alice's prefix; Alice is there either way.
      expect.arrayContaining([alice.mid]),
    );
    const byEmail = await find('Alice@Example.com');
    expect(byEmail).toEqual({
      total: 1,
      list: [
        {
          mid: alice.mid,
          username: alice.username,
          email: 'alice@example.com',
          addresses: [{ chain: 'bsc', address: alice.wallet.address, kind: 'wallet' }],
          createdAt: expect.any(Number),
        },
      ],
    });
    expect(mids(await find(bob.wallet.address.toLowerCase()))).toEqual([bob.mid]);
    expect(mids(await find(bob.wallet.address))).toEqual([bob.mid]);
    expect(await find('0x0000000000000000000000000000000000000001')).toEqual({ total: 0, list: [] });
    expect(await find('nobody%')).toEqual({ total: 0, list: [] }); // a LIKE wildcard is matched as itself
    // No text: the newest users, paged.
    const page1 = await find('', '&size=1');
    expect(page1.total).toBeGreaterThanOrEqual(2);
    expect(mids(page1)).toEqual([bob.mid]);
    expect(mids(await find('', '&size=1&page=2'))).toEqual([alice.mid]);
    expect((await find('', `&size=1&page=${page1.total + 1}`)).total).toBe(page1.total);
  });

  it('looks each part of the text up through an index, never a scan of the table', async () => {
    const matches = userMatches({ usernamePrefix: 'ab_', email: 'a@b.c', addresses: ['0xAbC', '0xabc'] });
    const plan = await server.database.db.transaction(async (tx) => {
      // Tiny test tables: without this the planner would rightly prefer reading them whole.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const rows = rowsOf<Record<string, string>>(
        await tx.execute(sql`EXPLAIN SELECT u.id FROM users u ${matches} ORDER BY u.id DESC LIMIT 20`),
      );
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).not.toContain('Seq Scan');
    for (const index of [
      'users_username_prefix_idx',
      'users_email_key',
      'users_wallet_address_idx',
      'bound_addresses_address_idx',
      'deposit_addresses_address_key',
    ]) {
      expect(plan, index).toMatch(
        new RegExp(`(Index|Index Only) Scan (Backward )?(using|on) ${index}[^\\n]*\\n\\s*Index Cond`),
      );
    }
  });

  it("shows one user's balances, movements, team and inviter", async () => {
    const detail = (await finance.call('GET', `/ops/v1/users/${alice.mid}`)).json.data;
    expect(detail.user).toMatchObject({ mid: alice.mid, username: alice.username, email: 'alice@example.com' });
    expect(detail.user.inviter).toBeNull();
    expect(detail.balances).toContainEqual({ currency: 'usdt', available: '1000.5', frozen: '0' });
    expect(detail.movements.map((m: { amount: string; currency: string }) => [m.currency, m.amount])).toEqual([
      ['usdt', '400.5'],
      ['usdt', '600'],
    ]);
    expect(detail.movements[0]).toMatchObject({ id: expect.any(String), at: expect.any(Number), submode: '00' });
    expect(detail.team).toEqual({ directCount: 1, teamSize: 1, level: 0 });
    for (const list of ['orders', 'pledges', 'machines', 'tickets', 'securityChanges']) {
      expect(detail[list], list).toEqual([]);
    }
    const bobs = (await support.call('GET', `/ops/v1/users/${bob.mid}`)).json.data;
    expect(bobs.user.inviter).toBe(alice.username);
    expect((await support.call('GET', '/ops/v1/users/999999')).status).toBe(404);
  });

  it('a held payout refund at or above the threshold: four eyes, 16 concurrent approvals refund once', async () => {
    const proposed = await finance.call('POST', '/ops/v1/credit', {
      username: bob.username,
      currency: 'cow',
      amount: '3000',
      reason: 'fixture',
    });
    expect((await approve(admin, proposed.json.data.proposalId)).json.data.status).toBe('credited');
    // Bob asks for a real withdrawal (the money leaves his balance); the worker sets it aside.
    const body = await withdrawBody(bob, '2000', evmWallet().address);
    const w = await requestWithdrawal(server.repos, server.app.chains.withdrawPolicy, BigInt(bob.mid), {
      ...body,
      hosts: [bob.host],
    } as Parameters<typeof requestWithdrawal>[3]);
    expect(await server.repos.withdrawals.hold(w.id, 'requested', 'the node refused it: fixture')).toBe(true);
    expect(await balanceOf(server, bob, 'cow')).toBe('1000');

    const held = (await finance.call('GET', '/ops/v1/payouts?status=held')).json.data;
    expect(held).toEqual({
      total: 1,
      list: [
        {
          id: w.id.toString(),
          mid: bob.mid,
          username: bob.username,
          chain: 'bsc',
          currency: 'cow',
          amount: '2000',
          toAddress: w.toAddress,
          status: 'held',
          reason: 'the node refused it: fixture',
          createdAt: expect.any(Number),
        },
      ],
    });
    expect((await finance.call('GET', '/ops/v1/payouts?status=queued')).json.data).toEqual({ total: 0, list: [] });
    const board = (await support.call('GET', '/ops/v1/dashboard')).json.data;
    expect(board.payouts).toEqual({ queued: 0, held: 1 });

    const refund = await finance.call('POST', `/ops/v1/payouts/${w.id}/refund`, { reason: 'address cannot receive' });
    expect(refund.json.data).toMatchObject({ status: 'proposed', proposalId: expect.any(String) });
    const { proposalId } = refund.json.data;
    expect((await approve(finance, proposalId)).status).toBe(403);
    expect((await approve(support, proposalId)).status).toBe(403);
    expect(await balanceOf(server, bob, 'cow')).toBe('1000');

    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) => approve(i % 2 ? finance2 : admin, proposalId)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    expect(results.find((r) => r.status === 200)?.json.data).toMatchObject({ status: 'refunded', proposalId });
    expect(await balanceOf(server, bob, 'cow')).toBe('3000');
    const after = (await finance.call('GET', '/ops/v1/payouts?status=all')).json.data.list;
    expect(after).toEqual([expect.objectContaining({ id: w.id.toString(), status: 'refunded' })]);
    expect((await finance.call('GET', '/ops/v1/ledger/check')).json.data.ok).toBe(true);
    const audit = (await admin.call('GET', `/ops/v1/audit?target=withdrawal:${w.id}`)).json.data.list;
    expect(audit.map((r: { action: string }) => r.action)).toEqual([
      'payout-refund',
      'payout-refund-approve',
      'payout-refund-propose',
    ]);
  });

  it('the dashboard: balances across users, the ledger check, queues and each job', async () => {
    const jobs = (await admin.call('GET', '/ops/v1/jobs')).json.data.jobs as string[];
    const job = jobs[0] ?? '';
    expect((await admin.call('POST', `/ops/v1/jobs/${job}/run`, { date: '2026-01-02' })).status).toBe(200);
    const board = (await support.call('GET', '/ops/v1/dashboard')).json.data;
    expect(board.balances).toContainEqual({ currency: 'usdt', available: '1000.5', frozen: '0', holders: 1 });
    expect(board.balances).toContainEqual({ currency: 'cow', available: '3000', frozen: '0', holders: 1 });
    expect(board.ledger).toEqual({ ok: true, checkedAt: expect.any(Number), problems: 0 });
    expect(board.watchers).toEqual([]); // no chain configured in this server
    expect(board.payouts).toEqual({ queued: 0, held: 0 });
    expect(board.pendingOrders).toBe(0);
    expect(board.jobs.map((j: { job: string }) => j.job)).toEqual(jobs);
    expect(board.jobs).toContainEqual({ job, lastDay: '2026-01-02', ranAt: expect.any(Number) });
  });
});
