import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { Money } from '@aidf/contract';
import { sql } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/raw.ts';
import { DEFAULT_TOKEN_CONFIG } from '../src/domain/coin-config/token-config.ts';
import { PLATFORM, platformAccount, userAccount } from '../src/domain/ledger/platform-accounts.ts';
import { postPrepared, prepareMovement } from '../src/domain/ledger/post-movement.ts';
import { addOperator, type Operator, signInOperator } from './operators.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { type Account, ops, signUp } from './users.ts';

const execFileAsync = promisify(execFile);
const WEI = 10n ** 18n;

/**
 * The operators' treasury (GET /ops/v1/treasury, sweeps, retry/skip, sweep-now, withdrawals awaiting funds) over
 * the shared tables. No sweeper runs here: the sweeps are planned and moved through the sweeps repository as the
 * sweepers do, and deposits are booked through the ledger as the deposit watcher books them.
 */
describe('[api] treasury: status, sweeps, retry and skip, sweep-now', () => {
  let server: TestServer;
  let alice: Account;
  let bob: Account;
  let admin: Operator;
  let finance: Operator;
  let support: Operator;
  const sweepIds: Record<'held' | 'swept' | 'failed' | 'inFlight' | 'race', string> = {
    held: '',
    swept: '',
    failed: '',
    inFlight: '',
    race: '',
  };
  const address = () => privateKeyToAddress(generatePrivateKey());

  /** A deposit credited as the deposit watcher credits it: the chain's clearing account debited. */
  async function deposit(user: Account, chain: 'bsc' | 'solana', currency: string, amount: string, ref: string) {
    const prepared = await prepareMovement(server.repos, {
      type: 'chain-recharge',
      idemKey: `test-deposit:${ref}`,
      ref,
      lines: [
        { account: platformAccount(PLATFORM.chain(chain), currency), amount: new Money(amount).neg() },
        { account: userAccount(BigInt(user.mid), currency), amount: new Money(amount) },
      ],
    });
    await server.repos.transaction((tx) => postPrepared(tx, prepared));
  }

  /** A deposit sweep as the sweepers plan it: from the user's deposit address to the hot wallet. */
  async function plan(user: Account, chain: 'bsc' | 'solana', currency: string, amount: bigint, index: number) {
    const row = await server.repos.sweeps.plan({
      chain,
      currency,
      kind: 'deposit',
      fromAddress: address(),
      userId: BigInt(user.mid),
      derivationIndex: index,
      toAddress: address(),
      amount,
    });
    if (!row) throw new Error('sweep not planned');
    return row;
  }

  const sweepOf = async (id: string) => server.repos.sweeps.byId(BigInt(id));
  const auditOf = async (id: string) =>
    rowsOf<{ action: string; operator: string; reason: string }>(
      await server.database.db.execute(
        sql`SELECT action, operator, reason FROM operator_actions WHERE target = ${`sweep:${id}`} ORDER BY id`,
      ),
    );

  beforeAll(async () => {
    server = await startTestServer();
    await server.repos.tokenConfigs.insertMissing(DEFAULT_TOKEN_CONFIG);
    alice = await signUp(server);
    bob = await signUp(server);
    admin = await signInOperator(server, 'admin');
    finance = await signInOperator(server, 'finance');
    support = await signInOperator(server, 'support');
    // A second admin (the bootstrap's last account made at once), so a cold address can be proposed: a proposal
    // nobody could approve is refused.
    await addOperator(server, 'admin');
    await deposit(alice, 'bsc', 'usdt', '250', 'alice-usdt');
    await deposit(bob, 'solana', 'sol', '3', 'bob-sol');

    // Held: failed as often as the sweeper allows (here once).
    const held = await plan(alice, 'bsc', 'usdt', 250n * WEI, 1);
    expect(await server.repos.sweeps.fail(held.id, 'planned', 'rpc timeout', 1)).toBe('held');
    sweepIds.held = held.id.toString();
    // Swept, with its gas top-up and sweep transactions confirmed and their fees.
    const swept = await plan(alice, 'bsc', 'cow', 5n * WEI, 2);
    for (const [from, to] of [
      ['planned', 'gas-funding'],
      ['gas-funding', 'sweeping'],
      ['sweeping', 'swept'],
    ] as const)
      expect(await server.repos.sweeps.move(swept.id, from, to)).toBe(true);
    for (const [i, purpose] of (['gas-topup', 'sweep'] as const).entries()) {
      const tx = await server.repos.sweeps.insertTransaction({
        chain: 'bsc',
        sweepId: swept.id,
        purpose,
        fromAddress: swept.fromAddress,
        toAddress: swept.toAddress,
        amount: '0',
        nonce: BigInt(i),
        signedTx: `0x${'00'.repeat(8)}`,
        txHash: `0x${String(i + 1).repeat(64)}`,
        status: 'signed',
      });
      await server.repos.sweeps.moveTransaction(tx.id, 'signed', 'sent');
      await server.repos.sweeps.moveTransaction(tx.id, 'sent', 'confirmed', { feePaid: '21000000000000' });
    }
    sweepIds.swept = swept.id.toString();
    // Failed (the sweeper retries it later), on Solana.
    const failed = await plan(bob, 'solana', 'sol', 3_000_000_000n, 3);
    expect(await server.repos.sweeps.fail(failed.id, 'planned', '429 too many requests', 5)).toBe('failed');
    sweepIds.failed = failed.id.toString();
    // Held with its sweep transaction sent and not yet confirmed: it may still land.
    const inFlight = await plan(alice, 'bsc', 'aidf', 7n * WEI, 4);
    await server.repos.sweeps.move(inFlight.id, 'planned', 'sweeping');
    const tx = await server.repos.sweeps.insertTransaction({
      chain: 'bsc',
      sweepId: inFlight.id,
      purpose: 'sweep',
      fromAddress: inFlight.fromAddress,
      toAddress: inFlight.toAddress,
      amount: (7n * WEI).toString(),
      nonce: 0n,
      signedTx: '0x01',
      txHash: `0x${'9'.repeat(64)}`,
      status: 'signed',
    });
    await server.repos.sweeps.moveTransaction(tx.id, 'signed', 'sent');
    expect(await server.repos.sweeps.fail(inFlight.id, 'sweeping', 'receipt not found', 1)).toBe('held');
    sweepIds.inFlight = inFlight.id.toString();
    const race = await plan(bob, 'solana', 'usdt', 1_500_000n, 5);
    await server.repos.sweeps.fail(race.id, 'planned', 'blockhash expired', 1);
    sweepIds.race = race.id.toString();
  }, 300_000);
  afterAll(() => server.close(), 120_000);

  it('before any report: the ledger side only, each chain flagged as not read', async () => {
    const res = await finance.call('GET', '/ops/v1/treasury');
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const status = res.json.data;
    expect(status.report).toBeNull();
    expect(status.chainsRead).toBe(false);
    const row = (chain: string, currency: string) =>
      status.holdings.find((h: { chain: string; currency: string }) => h.chain === chain && h.currency === currency);
    expect(row('bsc', 'usdt')).toMatchObject({ source: 'ledger', shouldHold: '250', total: null, ratio: null });
    expect(row('solana', 'sol')).toMatchObject({ source: 'ledger', shouldHold: '3', hot: null, alert: false });
    expect(row('bsc', 'cow')).toMatchObject({ shouldHold: '0' });
    expect(status.coverage.every((c: { liabilities: unknown }) => c.liabilities === null)).toBe(true);
    expect(status.sweeps).toEqual(
      expect.arrayContaining([
        { chain: 'bsc', status: 'held', count: 2 },
        { chain: 'bsc', status: 'swept', count: 1 },
        { chain: 'solana', status: 'failed', count: 1 },
        { chain: 'solana', status: 'held', count: 1 },
      ]),
    );
    expect(status.awaitingWithdrawals).toBe(0);
    expect(status.chains.map((c: { chain: string }) => c.chain)).toEqual(['bsc', 'solana']);
  });

  it('shows the treasury settings in force and a cold address waiting for a second admin', async () => {
    // A fixture: changing it through the operator API is a proposal for two admins (money-settings.api.test.ts).
    await server.repos.settings.set('treasury.hotMax.bsc.usdt', '1000', 'test');
    const cold = address();
    const proposed = await admin.call('POST', '/ops/v1/config', {
      key: 'treasury.coldAddress.bsc',
      value: cold,
      reason: 'cold storage',
    });
    expect(proposed.json.data.status).toBe('proposed');
    const { settings, chains } = (await finance.call('GET', '/ops/v1/treasury')).json.data;
    expect(settings.limits).toContainEqual({ chain: 'bsc', currency: 'usdt', hotMax: '1000', hotMin: null });
    expect(settings.coldAddresses).toContainEqual({ chain: 'bsc', value: null });
    expect(settings.proposals).toEqual([
      expect.objectContaining({ key: 'treasury.coldAddress.bsc', value: cold, proposedBy: admin.username }),
    ]);
    expect(chains[0]).toMatchObject({ chain: 'bsc', coldAddress: null, readAt: null, error: null });
  });

  it('with a report holding chain reads: per chain against the clearing account, per currency against liabilities', async () => {
    const run = await ops(server, 'POST', '/ops/v1/reserves/reports', { reason: 'treasury test' });
    expect(run.status).toBe(200);
    // SEED in the design doc's chain_holdings shape, standing in for the chain reads of the reserves job: BNB
    // Smart Chain holds what it should in USDT and one COW it should not; Solana holds 2 of the 3 SOL it should.
    const holdings = {
      bsc: {
        at: '1234',
        hot: { usdt: '200', cow: '1' },
        cold: { usdt: '0', cow: '0' },
        unswept: { usdt: '50', cow: '0' },
        total: { usdt: '250', cow: '1' },
        shouldHold: { usdt: '250', cow: '0' },
        difference: { usdt: '0', cow: '1' },
        unread: [],
      },
      solana: {
        at: '777',
        hot: { sol: '2', usdt: '0' },
        cold: { sol: '0', usdt: '0' },
        unswept: { sol: '0', usdt: '0' },
        total: { sol: '2', usdt: '0' },
        shouldHold: { sol: '3', usdt: '0' },
        difference: { sol: '-1', usdt: '0' },
        unread: [],
      },
    };
    await server.database.db.execute(
      sql`UPDATE reserves_reports SET chain_holdings = ${JSON.stringify(holdings)}::jsonb WHERE id = ${run.json.data.id}`,
    );
    const status = (await finance.call('GET', '/ops/v1/treasury')).json.data;
    expect(status.report).toMatchObject({ id: run.json.data.id, status: run.json.data.status });
    expect(status.chainsRead).toBe(true);
    const row = (chain: string, currency: string) =>
      status.holdings.find((h: { chain: string; currency: string }) => h.chain === chain && h.currency === currency);
    expect(row('bsc', 'usdt')).toEqual({
      chain: 'bsc',
      currency: 'usdt',
      source: 'report',
      hot: '200',
      cold: '0',
      unswept: '50',
      // A report stored before the collection address and the invest contract were read: nothing there.
      collection: '0',
      invest: '0',
      total: '250',
      shouldHold: '250',
      difference: '0',
      ratio: '1.0000',
      alert: false,
    });
    expect(row('bsc', 'cow')).toMatchObject({ difference: '1', ratio: null, alert: true });
    expect(row('solana', 'sol')).toMatchObject({ total: '2', shouldHold: '3', ratio: '0.6666', alert: true });
    const coverage = (currency: string) => status.coverage.find((c: { currency: string }) => c.currency === currency);
    expect(coverage('usdt')).toEqual({
      currency: 'usdt',
      holdings: '250',
      liabilities: '250',
      ratio: '1.0000',
      alert: false,
    });
    expect(coverage('sol')).toMatchObject({ holdings: '2', liabilities: '3', ratio: '0.6666', alert: true });
    expect(status.chains[1]).toMatchObject({ chain: 'solana', readAt: '777', unread: [] });

    // A chain the report could not read, and addresses left unread: shown, never raised as a shortfall.
    const partly = {
      bsc: { ...holdings.bsc, unread: [{ address: '0xabc', error: '429' }] },
      solana: { error: 'connect ECONNREFUSED' },
    };
    await server.database.db.execute(
      sql`UPDATE reserves_reports SET chain_holdings = ${JSON.stringify(partly)}::jsonb WHERE id = ${run.json.data.id}`,
    );
    const later = (await finance.call('GET', '/ops/v1/treasury')).json.data;
    expect(later.chains[0].unread).toEqual([{ address: '0xabc', error: '429' }]);
    expect(later.chains[1]).toMatchObject({ error: 'connect ECONNREFUSED', readAt: null });
    expect(later.holdings.some((h: { alert: boolean }) => h.alert)).toBe(false);
    expect(
      later.holdings.find((h: { chain: string; currency: string }) => h.chain === 'solana' && h.currency === 'sol'),
    ).toMatchObject({ source: 'ledger', shouldHold: '3' });
    expect(later.coverage.find((c: { currency: string }) => c.currency === 'sol').holdings).toBeNull();
  });

  it('lists sweeps by state and chain, amounts in base and whole units, with transactions and fees', async () => {
    const held = (await finance.call('GET', '/ops/v1/treasury/sweeps?status=held&chain=bsc')).json.data;
    expect(held.total).toBe(2);
    const first = held.list.find((s: { id: string }) => s.id === sweepIds.held);
    expect(first).toMatchObject({
      chain: 'bsc',
      currency: 'usdt',
      kind: 'deposit',
      status: 'held',
      amountBaseUnits: (250n * WEI).toString(),
      amount: '250',
      username: alice.username,
      attempts: 1,
      lastError: 'rpc timeout',
      transactions: [],
    });
    const swept = (await finance.call('GET', '/ops/v1/treasury/sweeps?status=swept')).json.data.list;
    expect(swept).toHaveLength(1);
    expect(swept[0].transactions.map((t: { purpose: string; fee: string; status: string }) => t)).toEqual([
      expect.objectContaining({ purpose: 'gas-topup', status: 'confirmed', fee: '0.000021', feeCurrency: 'bnb' }),
      expect.objectContaining({ purpose: 'sweep', status: 'confirmed', fee: '0.000021', feeCurrency: 'bnb' }),
    ]);
    expect(swept[0].sweptAt).toEqual(expect.any(Number));
    const solana = (await finance.call('GET', '/ops/v1/treasury/sweeps?chain=solana&size=1')).json.data;
    expect(solana.total).toBe(2);
    expect(solana.list).toHaveLength(1);
    expect(solana.list[0]).toMatchObject({ id: sweepIds.race, amount: '1.5', amountBaseUnits: '1500000' });
    expect((await finance.call('GET', '/ops/v1/treasury/sweeps?status=lost')).json.code).toBe(1225);
    expect((await finance.call('GET', '/ops/v1/treasury/sweeps?chain=eth')).json.code).toBe(1225);
  });

  it('retries a held sweep once: back to planned, audited; a second retry moves nothing', async () => {
    const res = await admin.call('POST', `/ops/v1/treasury/sweeps/${sweepIds.held}/retry`, { reason: 'RPC back' });
    expect(res.json).toMatchObject({ code: 200, data: { id: sweepIds.held, status: 'planned' } });
    const after = await sweepOf(sweepIds.held);
    expect(after?.status).toBe('planned');
    expect(after?.operatorId).not.toBeNull();
    const again = await admin.call('POST', `/ops/v1/treasury/sweeps/${sweepIds.held}/retry`, { reason: 'twice' });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe(81061);
    expect((await sweepOf(sweepIds.held))?.updatedAt).toEqual(after?.updatedAt);
    expect(await auditOf(sweepIds.held)).toEqual([
      { action: 'sweep-retry', operator: admin.username, reason: 'RPC back' },
    ]);
  });

  it('two retries at once: one moves the sweep, the other is refused', async () => {
    const answers = await Promise.all(
      [admin, admin].map((op) => op.call('POST', `/ops/v1/treasury/sweeps/${sweepIds.race}/retry`, { reason: 'r' })),
    );
    expect(answers.map((a) => a.json.code).sort()).toEqual([200, 81061]);
    expect((await sweepOf(sweepIds.race))?.status).toBe('planned');
    expect(await auditOf(sweepIds.race)).toHaveLength(1);
  });

  it('refuses a swept sweep, an unknown one, a skip without a reason, a skip of one still in flight', async () => {
    for (const action of ['retry', 'skip']) {
      const res = await admin.call('POST', `/ops/v1/treasury/sweeps/${sweepIds.swept}/${action}`, { reason: 'x' });
      expect(res.json.code, action).toBe(81061);
    }
    expect((await sweepOf(sweepIds.swept))?.status).toBe('swept');
    expect((await admin.call('POST', '/ops/v1/treasury/sweeps/999999/retry', { reason: 'x' })).json.code).toBe(81060);
    expect((await admin.call('POST', '/ops/v1/treasury/sweeps/abc/retry', { reason: 'x' })).json.code).toBe(1225);
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const res = await admin.call('POST', `/ops/v1/treasury/sweeps/${sweepIds.failed}/skip`, body);
      expect(res.json.code, JSON.stringify(body)).toBe(1225);
    }
    expect((await sweepOf(sweepIds.failed))?.status).toBe('failed');
    const inFlight = await admin.call('POST', `/ops/v1/treasury/sweeps/${sweepIds.inFlight}/skip`, { reason: 'x' });
    expect(inFlight.json.code).toBe(81062);
    expect((await sweepOf(sweepIds.inFlight))?.status).toBe('held');
    expect(await auditOf(sweepIds.swept)).toEqual([]);
    expect(await auditOf(sweepIds.inFlight)).toEqual([]);
  });

  it('skips a failed sweep with the reason kept on the sweep and in the audit', async () => {
    const res = await admin.call('POST', `/ops/v1/treasury/sweeps/${sweepIds.failed}/skip`, {
      reason: 'dust: not worth the fee',
    });
    expect(res.json.data).toEqual({ id: sweepIds.failed, status: 'skipped' });
    expect(await sweepOf(sweepIds.failed)).toMatchObject({ status: 'skipped', reason: 'dust: not worth the fee' });
    expect(await auditOf(sweepIds.failed)).toEqual([
      { action: 'sweep-skip', operator: admin.username, reason: 'dust: not worth the fee' },
    ]);
  });

  it("sweep-now writes the chain's work request, taken once by the treasury", async () => {
    const res = await admin.call('POST', '/ops/v1/treasury/sweep-now', { chain: 'bsc' });
    expect(res.json.data).toEqual({ requested: ['sweep:bsc'] });
    const requests = async () =>
      rowsOf<{ work: string; taken: boolean; by: string | null }>(
        await server.database.db.execute(
          sql`SELECT w.work, w.taken_at IS NOT NULL AS taken, o.username AS by
              FROM work_requests w LEFT JOIN operators o ON o.id = w.operator_id ORDER BY w.work`,
        ),
      );
    expect(await requests()).toEqual([{ work: 'sweep:bsc', taken: false, by: admin.username }]);
    expect(await server.repos.sweeps.takeWorkRequest('sweep:bsc')).toBe(true);
    expect(await server.repos.sweeps.takeWorkRequest('sweep:bsc')).toBe(false);
    expect((await admin.call('POST', '/ops/v1/treasury/sweep-now', {})).json.data.requested).toEqual([
      'sweep:bsc',
      'sweep:solana',
    ]);
    expect(await requests()).toEqual([
      { work: 'sweep:bsc', taken: false, by: admin.username },
      { work: 'sweep:solana', taken: false, by: admin.username },
    ]);
    expect((await admin.call('POST', '/ops/v1/treasury/sweep-now', { chain: 'eth' })).json.code).toBe(1225);
    const audit = rowsOf<{ n: number }>(
      await server.database.db.execute(sql`SELECT count(*)::int AS n FROM operator_actions WHERE action = 'sweep-now'`),
    );
    expect(audit[0]?.n).toBe(2);
  });

  it('lists no withdrawal awaiting funds while none waits', async () => {
    const res = await finance.call('GET', '/ops/v1/treasury/awaiting-withdrawals');
    expect(res.json).toMatchObject({ code: 200, data: [] });
  });

  it('lets support read none of it, finance read but not act, admin act', async () => {
    for (const path of ['/ops/v1/treasury', '/ops/v1/treasury/sweeps', '/ops/v1/treasury/awaiting-withdrawals']) {
      const res = await support.call('GET', path);
      expect([res.status, res.json.code], path).toEqual([403, 403]);
    }
    for (const [path, body] of [
      [`/ops/v1/treasury/sweeps/${sweepIds.inFlight}/retry`, { reason: 'x' }],
      [`/ops/v1/treasury/sweeps/${sweepIds.inFlight}/skip`, { reason: 'x' }],
      ['/ops/v1/treasury/sweep-now', {}],
    ] as const) {
      const res = await finance.call('POST', path, body);
      expect([res.status, res.json.code], path).toEqual([403, 403]);
    }
    expect((await sweepOf(sweepIds.inFlight))?.status).toBe('held');
  });

  it('runs treasury-status, sweep-now, sweep-retry and sweep-skip from the command line, audited', async () => {
    const env = { ...process.env, OPERATOR_URL: server.baseUrl, OPERATOR_NAME: 'night-shift' };
    const cli = (args: string[]) =>
      execFileAsync(path.resolve('node_modules/.bin/tsx'), ['apps/server/src/cli/operator.ts', ...args], { env });
    const status = await cli(['treasury-status']);
    expect(status.stdout).toMatch(/bsc\s+usdt\s+200\s+0\s+50\s+0\s+0\s+250\s+250\s+0\s+1\.0000/);
    expect(status.stdout).toContain('solana: not read (connect ECONNREFUSED)');
    // --exact: the server's decimal strings to the last digit, in the same table.
    expect((await cli(['treasury-status', '--exact'])).stdout).toMatch(
      /bsc\s+usdt\s+200\s+0\s+50\s+0\s+0\s+250\s+250\s+0\s+1\.0000/,
    );
    expect(status.stdout).toContain(`held: ${sweepIds.inFlight}`);
    expect((await cli(['sweep-now', 'solana'])).stdout).toContain('requested sweep:solana');
    const usage = await cli(['sweep-skip', sweepIds.inFlight]).catch((e: { code: number; stderr: string }) => e);
    expect(usage).toMatchObject({ code: 1, stderr: expect.stringContaining('usage') });
    const refused = await cli(['sweep-skip', sweepIds.inFlight, '--reason', 'give up']).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('81062') });
    const retried = await cli(['sweep-retry', sweepIds.inFlight, '--reason', 'receipt found later']);
    // Its sweep transaction is still sent: the retry follows it ('sweeping'), it never signs the transfer anew.
    expect(retried.stdout).toContain(`sweep ${sweepIds.inFlight}: sweeping`);
    const audit = rowsOf<{ operator: string; detail: { cliUser?: string } }>(
      await server.database.db.execute(
        sql`SELECT operator, detail FROM operator_actions WHERE target = ${`sweep:${sweepIds.inFlight}`}`,
      ),
    );
    expect(audit).toEqual([{ operator: 'cli', detail: expect.objectContaining({ cliUser: 'night-shift' }) }]);
  }, 180_000);
});
