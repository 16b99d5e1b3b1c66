import { Money } from '@aidf/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/raw.ts';
import { checkLedger } from '../src/domain/ledger/check.ts';
import { jobRunner } from '../src/jobs/job-runner.ts';
import { pledgeSettlementJob, settlePledgeBatch } from '../src/jobs/pledge-settlement.ts';
import { leaseEnded } from './job-leases.ts';
import { DAY_MS, dayAfter, listOf, paidOf, pledgeCall, setSetting, today } from './pledges.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, balanceOf, credit, ops, signUp } from './users.ts';

/** An exact decimal truncated to the base unit (18 decimals), in canonical form. */
const trunc18 = (value: Money) => new Money(value.toFixed(18, Money.ROUND_DOWN)).toFixed();

describe('[api] pledge settlement: the jobs layer pays each pledge once a day', () => {
  let server: TestServer;
  let carol: Account;
  beforeAll(async () => {
    server = await startTestServer();
    carol = await signUp(server);
    await credit(server, carol.username, 'aidf', '100000');
    await setSetting(server, 'pledge.dailyLimit', '1000');
  });
  afterAll(() => server.close());

  it('a rate change applies to new pledges only; the operator runs days by hand and the list filters follow', async () => {
    const first = (await pledgeCall(server, carol, '1000', 30)).res.json.data;
    expect((await setSetting(server, 'pledge.rate.30', '3')).json.data).toMatchObject({ before: '1.5', after: '3' });
    const second = (await pledgeCall(server, carol, '1000', 30)).res.json.data;
    expect([first.rate, second.rate]).toEqual(['1.5', '3']);

    const day1 = await ops(server, 'POST', '/ops/v1/jobs/pledge-settlement/run', { date: dayAfter(1) });
    expect(day1.json.data).toEqual({ job: 'pledge-settlement', day: dayAfter(1), status: 'done', items: 2 });
    expect((await paidOf(server, first.id)).total.toFixed()).toBe('0.5'); // 1000 x 1.5 % / 30
    expect((await paidOf(server, second.id)).total.toFixed()).toBe('1');
    // The same day again (by hand) pays nothing more.
    await ops(server, 'POST', '/ops/v1/jobs/pledge-settlement/run', { date: dayAfter(1) });
    expect((await paidOf(server, first.id)).total.toFixed()).toBe('0.5');
    // The pledge row is not updated while it runs: the list reads what was paid from its latest payout row.
    const listed = (await listOf(server, carol, '1')).list.find((p: { id: string }) => p.id === first.id);
    expect(listed).toMatchObject({ settled: '0.5', paidDays: 1, status: 'running' });
    const statement = await call(server.baseUrl, '/v1/ma/account/finance/aidf/00/p/1-5', {
      method: 'GET',
      token: carol.token,
    });
    // One ledger line per user and day: the sum of carol's two pledges' payouts (0.5 + 1), above her two buys.
    const rows = statement.json.data.list.slice(0, 3) as { type: string; amount: string }[];
    expect(rows.map((r) => r.type)).toEqual(['cow-fund-settlement', 'cow-fund-buy', 'cow-fund-buy']);
    expect(new Money(rows[0]?.amount ?? '0').toFixed()).toBe('1.5');
    for (let d = 2; d <= 30; d++) await server.app.jobs.runDay('pledge-settlement', dayAfter(d), true);
    expect((await listOf(server, carol, '1')).total).toBe(0);
    expect((await listOf(server, carol, '2')).total).toBe(2);
    expect((await paidOf(server, first.id)).total.toFixed()).toBe('15');
    expect((await paidOf(server, second.id)).total.toFixed()).toBe('30');
    expect(await balanceOf(server, carol, 'aidf')).toBe('100045');
    // Unknown jobs and bad dates are refused; the operator token is required.
    expect((await ops(server, 'POST', '/ops/v1/jobs/nope/run', { date: today() })).status).toBe(404);
    expect((await ops(server, 'POST', '/ops/v1/jobs/pledge-settlement/run', { date: '2026-02-30' })).status).toBe(400);
  });

  it('pays exactly amount x rate / 100 at maturity, to the base unit, for random amounts, rates and periods', async () => {
    const samples = fc.sample(
      fc.record({
        amount: fc
          .tuple(fc.integer({ min: 1, max: 999_999 }), fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }))
          .map(([whole, frac]) =>
            frac === 0n ? String(whole) : `${whole}.${frac.toString().padStart(18, '0').replace(/0+$/, '')}`,
          ),
        rate: fc.tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 9999 })).map(([w, f]) => `${w}.${f}`),
        days: fc.constantFrom(30, 90, 180, 365),
      }),
      { numRuns: 12, seed: 20261123 },
    );
    const dave = await signUp(server);
    await credit(server, dave.username, 'aidf', '12000000');
    const pledged: { id: string; amount: string; rate: string }[] = [];
    for (const s of samples) {
      await setSetting(server, `pledge.rate.${s.days}`, s.rate);
      const res = (await pledgeCall(server, dave, s.amount, s.days)).res;
      expect(res.status, res.text).toBe(200);
      pledged.push({ id: res.json.data.id, amount: s.amount, rate: s.rate });
    }
    // Settlement on random days only (the rest an outage) and on the last: the true-up still ends exact.
    const days = [...new Set([...fc.sample(fc.integer({ min: 1, max: 364 }), { numRuns: 25, seed: 7 }), 365])];
    for (const d of days.sort((x, y) => x - y)) await server.app.jobs.runDay('pledge-settlement', dayAfter(d), true);
    for (const p of pledged) {
      const paid = await paidOf(server, p.id);
      const truncated = trunc18(new Money(p.amount).times(p.rate).div(100));
      expect({ id: p.id, total: paid.total.toFixed(), principal: paid.principal.toFixed() }).toEqual({
        id: p.id,
        total: truncated,
        principal: p.amount,
      });
      expect(paid.payouts.filter((x) => !new Money(x.principal).isZero())).toHaveLength(1);
    }
    expect((await checkLedger(server.repos)).ok).toBe(true);
  }, 120_000);
});

describe('[api] pledge settlement across instances, crashes and outages', () => {
  let server: TestServer;
  let erin: Account;
  const ids: string[] = [];
  beforeAll(async () => {
    server = await startTestServer();
    erin = await signUp(server);
    // Seven pledges of three users (3, 2 and 2): batches take whole users, so with batchSize 3 the first batch
    // is erin's three and the second the other four.
    const others = [await signUp(server), await signUp(server)];
    const owners = [erin, erin, erin, others[0], others[0], others[1], others[1]] as Account[];
    for (const user of [erin, ...others]) await credit(server, user.username, 'aidf', '100000');
    await setSetting(server, 'pledge.dailyLimit', '1000');
    for (let i = 0; i < 7; i++)
      ids.push((await pledgeCall(server, owners[i] as Account, String(100 + i), 30)).res.json.data.id);
  });
  afterAll(() => server.close());

  const payoutsOn = async (day: string) => {
    const rows = await Promise.all(ids.map((id) => server.repos.pledges.payoutsOf(BigInt(id))));
    return rows.map((r) => r.filter((p) => p.day === day).length);
  };

  it('two instances running one day at once pay each pledge once', async () => {
    const a = jobRunner({ repos: server.repos, jobs: [pledgeSettlementJob({ batchSize: 2 })], owner: 'instance-a' });
    const b = jobRunner({ repos: server.repos, jobs: [pledgeSettlementJob({ batchSize: 3 })], owner: 'instance-b' });
    const day = dayAfter(1);
    const outcomes = await Promise.all([a.runDay('pledge-settlement', day), b.runDay('pledge-settlement', day)]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['busy', 'done']);
    expect(await payoutsOn(day)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    // Even side by side (an operator's rerun while a runner works), the unique key pays nothing twice.
    await Promise.all(
      [a.runDay('pledge-settlement', day, true), b.runDay('pledge-settlement', day, true)].map((p) =>
        p.catch(() => null),
      ),
    );
    expect(await payoutsOn(day)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });

  it('a crash between batches resumes on another instance without paying twice', async () => {
    const day = dayAfter(2);
    let batches = 0;
    const crashing = jobRunner({
      repos: server.repos,
      owner: 'crashing',
      leaseMs: 1, // its lease ends at once, as a dead process's would
      jobs: [
        pledgeSettlementJob({
          batchSize: 3,
          afterBatch: () => {
            batches++;
            if (batches === 1) throw new Error('simulated crash after the first batch');
          },
        }),
      ],
    });
    await expect(crashing.runDay('pledge-settlement', day)).rejects.toThrow('simulated crash');
    expect((await payoutsOn(day)).reduce((s, n) => s + n, 0)).toBe(3);
    await leaseEnded(server, 'pledge-settlement', day);
    const survivor = jobRunner({
      repos: server.repos,
      jobs: [pledgeSettlementJob({ batchSize: 3 })],
      owner: 'survivor',
    });
    expect(await survivor.runDay('pledge-settlement', day)).toMatchObject({ status: 'done', items: 4 });
    expect(await payoutsOn(day)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    const paid = await paidOf(server, ids[0] as string);
    expect(paid.total.toFixed()).toBe(trunc18(new Money(100).times(1.5).div(100).times(2).div(30)));
  });

  it("books one ledger line per user and day, the exact sum of that user's pledges", async () => {
    const day = dayAfter(1); // paid by the first test of this block
    const result = await server.database.db.execute(
      `SELECT e.amount::text AS amount FROM entries e JOIN accounts a ON a.id = e.account_id
       JOIN movements m ON m.id = e.movement_id
       WHERE a.owner_user_id = ${BigInt(erin.mid)} AND e.type = 'cow-fund-settlement' AND m.ref = '${day}'` as never,
    );
    const lines = rowsOf<{ amount: string }>(result);
    const payouts = await Promise.all(ids.slice(0, 3).map((id) => server.repos.pledges.payoutsOf(BigInt(id))));
    const sum = payouts
      .flat()
      .filter((p) => p.day === day)
      .reduce((t, p) => t.plus(p.amount), new Money(0));
    expect(sum.isZero()).toBe(false);
    expect(lines.map((l) => new Money(l.amount).toFixed())).toEqual([sum.toFixed()]);
  });

  it('a crash after the batch statement and before its commit leaves nothing paid and nothing booked', async () => {
    const day = dayAfter(9);
    const before = await balanceOf(server, erin, 'aidf');
    let claimed = 0;
    await expect(
      server.repos.transaction(async (tx) => {
        claimed = await settlePledgeBatch(tx, {
          day,
          afterUser: 0n,
          lastUser: 1n << 62n,
          idemKey: `crash-test:${day}`,
        });
        throw new Error('simulated crash before the commit');
      }),
    ).rejects.toThrow('simulated crash');
    expect(claimed).toBe(7); // the statement did pay, in the transaction that was lost
    expect(await payoutsOn(day)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(await balanceOf(server, erin, 'aidf')).toBe(before);
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });

  it('catches up a three-day outage in order after a restart', async () => {
    let clock = new Date(Date.now() + 2 * DAY_MS);
    const runner = jobRunner({
      repos: server.repos,
      jobs: [pledgeSettlementJob()],
      now: () => clock,
      owner: 'restarted',
    });
    await runner.catchUp(); // days up to +2 are done already
    clock = new Date(Date.now() + 5 * DAY_MS);
    const outcomes = await runner.catchUp();
    expect(outcomes.map((o) => `${o.day}:${o.status}`)).toEqual([3, 4, 5].map((d) => `${dayAfter(d)}:done`));
    for (const d of [3, 4, 5]) expect(await payoutsOn(dayAfter(d))).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(await runner.catchUp()).toEqual([]);
    const paid = await paidOf(server, ids[6] as string);
    expect(paid.total.toFixed()).toBe(trunc18(new Money(106).times(1.5).div(100).times(5).div(30)));
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });

  it('a stop between batches hands the day back at once: another instance finishes it, paying nothing twice', async () => {
    const day = dayAfter(6);
    const stopping = new AbortController();
    const stopped = jobRunner({
      repos: server.repos,
      owner: 'stopping',
      stopping: stopping.signal,
      // The stop (SIGTERM) arrives while the first batch is booked; the next checkpoint ends the run.
      jobs: [pledgeSettlementJob({ batchSize: 3, afterBatch: () => stopping.abort() })],
    });
    expect(await stopped.runDay('pledge-settlement', day)).toMatchObject({ status: 'busy' });
    expect((await payoutsOn(day)).reduce((s, n) => s + n, 0)).toBe(3);
    // No wait for the lease (five minutes by default): the slot is free now.
    const next = jobRunner({ repos: server.repos, jobs: [pledgeSettlementJob({ batchSize: 3 })], owner: 'next' });
    expect(await next.runDay('pledge-settlement', day)).toMatchObject({ status: 'done', items: 4 });
    expect(await payoutsOn(day)).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });

  it("a run a database error stopped hands its day back: the operator's retry finishes it at once", async () => {
    // After every other day of this block: a day's run also pays the days before it left unpaid.
    const day = dayAfter(10);
    let batches = 0;
    // The default lease (minutes): only the hand-back lets the retry on the same instance claim the day now.
    const runner = jobRunner({
      repos: server.repos,
      owner: 'cut-off',
      jobs: [
        pledgeSettlementJob({
          batchSize: 3,
          afterBatch: () => {
            batches++;
            if (batches === 1) throw new Error('Connection terminated unexpectedly');
          },
        }),
      ],
    });
    await expect(runner.runDay('pledge-settlement', day, true)).rejects.toThrow('Connection terminated');
    expect(await runner.runDay('pledge-settlement', day, true)).toMatchObject({ status: 'done', items: 4 });
    expect(await payoutsOn(day)).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });
});
