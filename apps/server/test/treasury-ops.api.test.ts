import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/raw.ts';
import { auditOf, newAddress, sweepOf, useTreasuryOps, WEI } from './treasury-ops-fixture.ts';
import { ops } from './users.ts';

const execFileAsync = promisify(execFile);

/**
 * The operators' treasury (GET /ops/v1/treasury, sweeps, retry/skip, sweep-now, withdrawals awaiting funds) over
 * the shared tables, set up by useTreasuryOps (treasury-ops-fixture.ts).
 */
describe('[api] treasury: status, sweeps, retry and skip, sweep-now', () => {
  const t = useTreasuryOps();

  it('before any report: the ledger side only, each chain flagged as not read', async () => {
    const res = await t.finance.call('GET', '/ops/v1/treasury');
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
    await t.server.repos.settings.set('treasury.hotMax.bsc.usdt', '1000', 'test');
    const cold = newAddress();
    const proposed = await t.admin.call('POST', '/ops/v1/config', {
      key: 'treasury.coldAddress.bsc',
      value: cold,
      reason: 'cold storage',
    });
    expect(proposed.json.data.status).toBe('proposed');
    const { settings, chains } = (await t.finance.call('GET', '/ops/v1/treasury')).json.data;
    expect(settings.limits).toContainEqual({ chain: 'bsc', currency: 'usdt', hotMax: '1000', hotMin: null });
    expect(settings.coldAddresses).toContainEqual({ chain: 'bsc', value: null });
    expect(settings.proposals).toEqual([
      expect.objectContaining({ key: 'treasury.coldAddress.bsc', value: cold, proposedBy: t.admin.username }),
    ]);
    expect(chains[0]).toMatchObject({ chain: 'bsc', coldAddress: null, readAt: null, error: null });
  });

  it('with a report holding chain reads: per chain against the clearing account, per currency against liabilities', async () => {
    const run = await ops(t.server, 'POST', '/ops/v1/reserves/reports', { reason: 'treasury test' });
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
    await t.server.database.db.execute(
      sql`UPDATE reserves_reports SET chain_holdings = ${JSON.stringify(holdings)}::jsonb WHERE id = ${run.json.data.id}`,
    );
    const status = (await t.finance.call('GET', '/ops/v1/treasury')).json.data;
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
      // A report stored before the collection t.address and the invest contract were read: nothing there.
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
    await t.server.database.db.execute(
      sql`UPDATE reserves_reports SET chain_holdings = ${JSON.stringify(partly)}::jsonb WHERE id = ${run.json.data.id}`,
    );
    const later = (await t.finance.call('GET', '/ops/v1/treasury')).json.data;
    expect(later.chains[0].unread).toEqual([{ address: '0xabc', error: '429' }]);
    expect(later.chains[1]).toMatchObject({ error: 'connect ECONNREFUSED', readAt: null });
    expect(later.holdings.some((h: { alert: boolean }) => h.alert)).toBe(false);
    expect(
      later.holdings.find((h: { chain: string; currency: string }) => h.chain === 'solana' && h.currency === 'sol'),
    ).toMatchObject({ source: 'ledger', shouldHold: '3' });
    expect(later.coverage.find((c: { currency: string }) => c.currency === 'sol').holdings).toBeNull();
  });

  it('lists sweeps by state and chain, amounts in base and whole units, with transactions and fees', async () => {
    const held = (await t.finance.call('GET', '/ops/v1/treasury/sweeps?status=held&chain=bsc')).json.data;
    expect(held.total).toBe(2);
    const first = held.list.find((s: { id: string }) => s.id === t.sweepIds.held);
    expect(first).toMatchObject({
      chain: 'bsc',
      currency: 'usdt',
      kind: 'deposit',
      status: 'held',
      amountBaseUnits: (250n * WEI).toString(),
      amount: '250',
      username: t.alice.username,
      attempts: 1,
      lastError: 'rpc timeout',
      transactions: [],
    });
    const swept = (await t.finance.call('GET', '/ops/v1/treasury/sweeps?status=swept')).json.data.list;
    expect(swept).toHaveLength(1);
    expect(swept[0].transactions.map((t: { purpose: string; fee: string; status: string }) => t)).toEqual([
      expect.objectContaining({ purpose: 'gas-topup', status: 'confirmed', fee: '0.000021', feeCurrency: 'bnb' }),
      expect.objectContaining({ purpose: 'sweep', status: 'confirmed', fee: '0.000021', feeCurrency: 'bnb' }),
    ]);
    expect(swept[0].sweptAt).toEqual(expect.any(Number));
    const solana = (await t.finance.call('GET', '/ops/v1/treasury/sweeps?chain=solana&size=1')).json.data;
    expect(solana.total).toBe(2);
    expect(solana.list).toHaveLength(1);
    expect(solana.list[0]).toMatchObject({ id: t.sweepIds.race, amount: '1.5', amountBaseUnits: '1500000' });
    expect((await t.finance.call('GET', '/ops/v1/treasury/sweeps?status=lost')).json.code).toBe(1225);
    expect((await t.finance.call('GET', '/ops/v1/treasury/sweeps?chain=eth')).json.code).toBe(1225);
  });

  it('retries a held sweep once: back to planned, audited; a second retry moves nothing', async () => {
    const res = await t.admin.call('POST', `/ops/v1/treasury/sweeps/${t.sweepIds.held}/retry`, { reason: 'RPC back' });
    expect(res.json).toMatchObject({ code: 200, data: { id: t.sweepIds.held, status: 'planned' } });
    const after = await sweepOf(t.server, t.sweepIds.held);
    expect(after?.status).toBe('planned');
    expect(after?.operatorId).not.toBeNull();
    const again = await t.admin.call('POST', `/ops/v1/treasury/sweeps/${t.sweepIds.held}/retry`, { reason: 'twice' });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe(81061);
    expect((await sweepOf(t.server, t.sweepIds.held))?.updatedAt).toEqual(after?.updatedAt);
    expect(await auditOf(t.server, t.sweepIds.held)).toEqual([
      { action: 'sweep-retry', operator: t.admin.username, reason: 'RPC back' },
    ]);
  });

  it('two retries at once: one moves the sweep, the other is refused', async () => {
    const answers = await Promise.all(
      [t.admin, t.admin].map((op) =>
        op.call('POST', `/ops/v1/treasury/sweeps/${t.sweepIds.race}/retry`, { reason: 'r' }),
      ),
    );
    expect(answers.map((a) => a.json.code).sort()).toEqual([200, 81061]);
    expect((await sweepOf(t.server, t.sweepIds.race))?.status).toBe('planned');
    expect(await auditOf(t.server, t.sweepIds.race)).toHaveLength(1);
  });

  it('refuses a swept sweep, an unknown one, a skip without a reason, a skip of one still in flight', async () => {
    for (const action of ['retry', 'skip']) {
      const res = await t.admin.call('POST', `/ops/v1/treasury/sweeps/${t.sweepIds.swept}/${action}`, { reason: 'x' });
      expect(res.json.code, action).toBe(81061);
    }
    expect((await sweepOf(t.server, t.sweepIds.swept))?.status).toBe('swept');
    expect((await t.admin.call('POST', '/ops/v1/treasury/sweeps/999999/retry', { reason: 'x' })).json.code).toBe(81060);
    expect((await t.admin.call('POST', '/ops/v1/treasury/sweeps/abc/retry', { reason: 'x' })).json.code).toBe(1225);
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const res = await t.admin.call('POST', `/ops/v1/treasury/sweeps/${t.sweepIds.failed}/skip`, body);
      expect(res.json.code, JSON.stringify(body)).toBe(1225);
    }
    expect((await sweepOf(t.server, t.sweepIds.failed))?.status).toBe('failed');
    const inFlight = await t.admin.call('POST', `/ops/v1/treasury/sweeps/${t.sweepIds.inFlight}/skip`, { reason: 'x' });
    expect(inFlight.json.code).toBe(81062);
    expect((await sweepOf(t.server, t.sweepIds.inFlight))?.status).toBe('held');
    expect(await auditOf(t.server, t.sweepIds.swept)).toEqual([]);
    expect(await auditOf(t.server, t.sweepIds.inFlight)).toEqual([]);
  });

  it('skips a failed sweep with the reason kept on the sweep and in the audit', async () => {
    const res = await t.admin.call('POST', `/ops/v1/treasury/sweeps/${t.sweepIds.failed}/skip`, {
      reason: 'dust: not worth the fee',
    });
    expect(res.json.data).toEqual({ id: t.sweepIds.failed, status: 'skipped' });
    expect(await sweepOf(t.server, t.sweepIds.failed)).toMatchObject({
      status: 'skipped',
      reason: 'dust: not worth the fee',
    });
    expect(await auditOf(t.server, t.sweepIds.failed)).toEqual([
      { action: 'sweep-skip', operator: t.admin.username, reason: 'dust: not worth the fee' },
    ]);
  });

  it("sweep-now writes the chain's work request, taken once by the treasury", async () => {
    const res = await t.admin.call('POST', '/ops/v1/treasury/sweep-now', { chain: 'bsc' });
    expect(res.json.data).toEqual({ requested: ['sweep:bsc'] });
    const requests = async () =>
      rowsOf<{ work: string; taken: boolean; by: string | null }>(
        await t.server.database.db.execute(
          sql`SELECT w.work, w.taken_at IS NOT NULL AS taken, o.username AS by
              FROM work_requests w LEFT JOIN operators o ON o.id = w.operator_id ORDER BY w.work`,
        ),
      );
    expect(await requests()).toEqual([{ work: 'sweep:bsc', taken: false, by: t.admin.username }]);
    expect(await t.server.repos.sweeps.takeWorkRequest('sweep:bsc')).toBe(true);
    expect(await t.server.repos.sweeps.takeWorkRequest('sweep:bsc')).toBe(false);
    expect((await t.admin.call('POST', '/ops/v1/treasury/sweep-now', {})).json.data.requested).toEqual([
      'sweep:bsc',
      'sweep:solana',
    ]);
    expect(await requests()).toEqual([
      { work: 'sweep:bsc', taken: false, by: t.admin.username },
      { work: 'sweep:solana', taken: false, by: t.admin.username },
    ]);
    expect((await t.admin.call('POST', '/ops/v1/treasury/sweep-now', { chain: 'eth' })).json.code).toBe(1225);
    const audit = rowsOf<{ n: number }>(
      await t.server.database.db.execute(
        sql`SELECT count(*)::int AS n FROM operator_actions WHERE action = 'sweep-now'`,
      ),
    );
    expect(audit[0]?.n).toBe(2);
  });

  it('lists no withdrawal awaiting funds while none waits', async () => {
    const res = await t.finance.call('GET', '/ops/v1/treasury/awaiting-withdrawals');
    expect(res.json).toMatchObject({ code: 200, data: [] });
  });

  it('lets support read none of it, finance read but not act, admin act', async () => {
    for (const path of ['/ops/v1/treasury', '/ops/v1/treasury/sweeps', '/ops/v1/treasury/awaiting-withdrawals']) {
      const res = await t.support.call('GET', path);
      expect([res.status, res.json.code], path).toEqual([403, 403]);
    }
    for (const [path, body] of [
      [`/ops/v1/treasury/sweeps/${t.sweepIds.inFlight}/retry`, { reason: 'x' }],
      [`/ops/v1/treasury/sweeps/${t.sweepIds.inFlight}/skip`, { reason: 'x' }],
      ['/ops/v1/treasury/sweep-now', {}],
    ] as const) {
      const res = await t.finance.call('POST', path, body);
      expect([res.status, res.json.code], path).toEqual([403, 403]);
    }
    expect((await sweepOf(t.server, t.sweepIds.inFlight))?.status).toBe('held');
  });

  it('runs treasury-status, sweep-now, sweep-retry and sweep-skip from the command line, audited', async () => {
    const env = { ...process.env, OPERATOR_URL: t.server.baseUrl, OPERATOR_NAME: 'night-shift' };
    const cli = (args: string[]) =>
      execFileAsync(path.resolve('node_modules/.bin/tsx'), ['apps/server/src/cli/operator.ts', ...args], { env });
    const status = await cli(['treasury-status']);
    expect(status.stdout).toMatch(/bsc\s+usdt\s+200\s+0\s+50\s+0\s+0\s+250\s+250\s+0\s+1\.0000/);
    expect(status.stdout).toContain('solana: not read (connect ECONNREFUSED)');
    // --exact: the t.server's decimal strings to the last digit, in the same table.
    expect((await cli(['treasury-status', '--exact'])).stdout).toMatch(
      /bsc\s+usdt\s+200\s+0\s+50\s+0\s+0\s+250\s+250\s+0\s+1\.0000/,
    );
    expect(status.stdout).toContain(`held: ${t.sweepIds.inFlight}`);
    expect((await cli(['sweep-now', 'solana'])).stdout).toContain('requested sweep:solana');
    const usage = await cli(['sweep-skip', t.sweepIds.inFlight]).catch((e: { code: number; stderr: string }) => e);
    expect(usage).toMatchObject({ code: 1, stderr: expect.stringContaining('usage') });
    const refused = await cli(['sweep-skip', t.sweepIds.inFlight, '--reason', 'give up']).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('81062') });
    const retried = await cli(['sweep-retry', t.sweepIds.inFlight, '--reason', 'receipt found later']);
    // Its sweep transaction is still sent: the retry follows it ('sweeping'), it never signs the transfer anew.
    expect(retried.stdout).toContain(`sweep ${t.sweepIds.inFlight}: sweeping`);
    const audit = rowsOf<{ operator: string; detail: { cliUser?: string } }>(
      await t.server.database.db.execute(
        sql`SELECT operator, detail FROM operator_actions WHERE target = ${`sweep:${t.sweepIds.inFlight}`}`,
      ),
    );
    expect(audit).toEqual([{ operator: 'cli', detail: expect.objectContaining({ cliUser: 'night-shift' }) }]);
  }, 180_000);
});
