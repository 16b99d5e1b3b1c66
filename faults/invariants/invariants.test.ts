// The checker's own proof, fast and without the stack: each invariant is fed hand-written rows on a throwaway
// database (PGlite from the migrated template) and a hand-written workload log, once right (it must hold) and
// once wrong the way a bug would leave them (it must fail). The planted runner (faults/planted) proves the same on
// a mutant build under a real scenario; this proves each check can fail and can pass at all, in seconds. The
// database, the rows and the logs: check-fixture.ts.
import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { InvariantInput } from '../workload/types.ts';
import { acknowledgedOnce, no5xx, replayFirstAnswer } from './acknowledged.ts';
import { attempt, book, db, input, logOf, request, run, useCheckDatabase } from './check-fixture.ts';
import { depositCreditedOnce } from './deposits.ts';
import { jobDayOnce, leaseNotStale } from './jobs.ts';
import { ledgerCheck } from './ledger.ts';
import { minerOrderPaidOnce } from './miner-orders.ts';
import { reservesBalanced } from './reserves.ts';
import { withdrawalSettledOnce } from './withdrawals.ts';

useCheckDatabase();

describe('ledger-check', () => {
  it('holds on balanced books and fails when a balance moves without its entries', async () => {
    expect(await ledgerCheck(db)).toEqual([]);
    await run(sql`UPDATE accounts SET balance = balance + 0.000001 WHERE id = 11`);
    const found = await ledgerCheck(db);
    expect(found.map((v) => v.message)).toContain('ledger:check: balanceDrift (1)');
  });
});

describe('acknowledged-once', () => {
  const transfer = (statuses: (number | null)[]) =>
    request(
      1,
      'transfer',
      { from: 'alice', to: 'bob', amount: '5.25' },
      statuses.map((s) => attempt(s)),
    );
  const bookTransfer = (id: number) =>
    book(id, 'user-transfer', null, [
      [11, 'user-transfer-out', '-5.25'],
      [12, 'user-transfer-in', '5.25'],
    ]);

  it('holds when an acknowledged transfer is booked once', async () => {
    await bookTransfer(3);
    expect(await acknowledgedOnce(db, logOf([transfer([null, 200])]))).toEqual([]);
  });

  it('fails when a retried transfer is booked twice, and when a refused one is booked', async () => {
    await bookTransfer(3);
    await bookTransfer(4);
    const twice = await acknowledgedOnce(db, logOf([transfer([null, 200])]));
    expect(twice.map((v) => v.message)).toEqual(['transfer #1 acknowledged, booked 2 times']);
    expect(twice[0]?.detail.movements).toEqual(['3', '4']);
    const refused = await acknowledgedOnce(db, logOf([transfer([400])]));
    expect(refused.map((v) => v.message)).toEqual(['transfer #1 refused, booked 2 times']);
  });

  it('fails when an acknowledged transfer is not in the ledger', async () => {
    const lost = await acknowledgedOnce(db, logOf([transfer([200])]));
    expect(lost.map((v) => v.message)).toEqual(['transfer #1 acknowledged, booked 0 times']);
  });
});

describe('replay-first-answer and no-5xx (the log alone)', () => {
  const answered = (id: number) => attempt(200, { code: 0, data: { movementId: String(id), status: 'x' } });

  it('holds when every answer to a key is the first, and fails when a replay answers another movement', () => {
    const same = request(1, 'transfer', {}, [answered(7), { ...answered(7), replay: true }]);
    expect(replayFirstAnswer(logOf([same]))).toEqual([]);
    const other = request(1, 'transfer', {}, [answered(7), { ...answered(8), replay: true }]);
    expect(replayFirstAnswer(logOf([other])).map((v) => v.message)).toEqual([
      'transfer #1: key answered 1 times unlike its first answer',
    ]);
  });

  it('allows a 503 with Retry-After and a lost connection, and fails on a 502 or a bare 503', () => {
    const calm = request(1, 'transfer', {}, [attempt(null), attempt(503, null, '1'), attempt(200)]);
    expect(no5xx(logOf([calm]))).toEqual([]);
    const bad = request(2, 'pledge', {}, [attempt(502), attempt(503), attempt(200)]);
    expect(no5xx(logOf([calm, bad])).map((v) => v.message)).toEqual([
      '1 × 502 POST pledge',
      '1 × 503 POST pledge without Retry-After',
    ]);
  });
});

describe('deposit-credited-once', () => {
  const sent = { username: 'alice', address: '0xdep', currency: 'aidf', amount: '7', txHash: '0xaa', blockNumber: 5 };
  async function credit(id: number, eventIndex: string, amount = '7') {
    await book(id, 'chain-deposit', null, [
      [10, 'chain-deposit', `-${amount}`],
      [11, 'chain-deposit', amount],
    ]);
    await run(sql`
      INSERT INTO chain_deposits (chain, genesis_hash, tx_hash, event_index, block_number, user_id, currency,
        to_address, amount, movement_id)
      VALUES ('bsc', '0xgenesis', '0xaa', ${eventIndex}, 5, 1, 'aidf', '0xdep', ${amount}, ${id})`);
  }

  it('holds when a confirmed deposit is credited once with its amount', async () => {
    await credit(3, '0');
    expect(await depositCreditedOnce(db, input(logOf([], [sent])))).toEqual([]);
  });

  it('fails when a confirmed deposit is credited twice, never, or with another amount', async () => {
    expect((await depositCreditedOnce(db, input(logOf([], [sent])))).map((v) => v.message)).toEqual([
      'deposit 0xaa (confirmed) credited 0 times',
    ]);
    await credit(3, '0');
    await credit(4, '1');
    expect((await depositCreditedOnce(db, input(logOf([], [sent])))).map((v) => v.message)).toEqual([
      'deposit 0xaa (confirmed) credited 2 times',
    ]);
    expect((await depositCreditedOnce(db, input(logOf([], [{ ...sent, amount: '8' }])))).map((v) => v.message)).toEqual(
      ['deposit 0xaa (confirmed) credited 2 times, to the wrong user or amount'],
    );
  });
});

describe('withdrawal-settled-once', () => {
  /** Withdrawal 1 of 10 cow from alice, refunded: its request debited her, each refund credits her back. */
  async function refunded(refunds: number) {
    await book(3, 'chain-withdraw', null, [
      [21, 'chain-withdraw', '-10'],
      [20, 'chain-withdraw', '10'],
    ]);
    await run(sql`
      INSERT INTO withdrawals (id, user_id, chain, currency, to_address, amount, fee, receive_amount, utc_day, idem_key,
        request_movement_id, status)
      VALUES (1, 1, 'bsc', 'cow', '0xdest', 10, 0, 10, current_date, 'withdraw:1', 3, 'refunded')`);
    for (let i = 0; i < refunds; i++)
      await book(4 + i, 'chain-withdraw-refund', null, [
        [20, 'chain-withdraw-refund', '-10'],
        [21, 'chain-withdraw-refund', '10'],
      ]);
  }

  it('holds when a refunded withdrawal is refunded once', async () => {
    await refunded(1);
    expect(await withdrawalSettledOnce(db, input(logOf([])))).toEqual([]);
  });

  it('fails when it is refunded twice', async () => {
    await refunded(2);
    expect((await withdrawalSettledOnce(db, input(logOf([])))).map((v) => v.message)).toEqual([
      'withdrawal 1 (refunded): refunded 2 times',
    ]);
  });

  it('fails when it is marked refunded with no refund line', async () => {
    await refunded(0);
    expect((await withdrawalSettledOnce(db, input(logOf([])))).map((v) => v.message)).toEqual([
      'withdrawal 1 (refunded): refunded without its refund line',
    ]);
  });
});

describe('job-day-once', () => {
  const day = '2026-12-07';
  const forced = request(1, 'daily-job', { job: 'pledge-settlement', date: day }, [attempt(200)]);
  const settle = (id: number) =>
    book(id, 'cow-fund-settlement', day, [
      [10, 'cow-fund-settlement', '-0.5'],
      [11, 'cow-fund-settlement', '0.5'],
    ]);
  const runOf = (status: string) =>
    run(sql`INSERT INTO job_runs (job, day, status, owner, lease_until)
            VALUES ('pledge-settlement', ${day}, ${status}, 'host:1:0000abcd', now())`);

  it('holds when a forced day is done and booked once', async () => {
    await settle(3);
    await runOf('done');
    expect(await jobDayOnce(db, input(logOf([forced])))).toEqual([]);
  });

  it("holds when a day run again pays, in a line of its own, a pledge the user started after the day's first run", async () => {
    await settle(3);
    await settle(4);
    await runOf('done');
    await run(sql`
      INSERT INTO pledges (id, user_id, amount, days, rate, submode, start_day, end_day, idem_key, movement_id) VALUES
        (1, 1, 10, 30, 1.5, '00', '2026-12-06', '2027-01-05', 'p1', 1),
        (2, 1, 10, 30, 1.5, '00', '2026-12-06', '2027-01-05', 'p2', 1)`);
    await run(sql`INSERT INTO pledge_payouts (pledge_id, day, amount, total, movement_id)
                  VALUES (1, ${day}, 0.5, 0.5, 3), (2, ${day}, 0.5, 0.5, 4)`);
    expect(await jobDayOnce(db, input(logOf([forced])))).toEqual([]);
    // The same second line paying more than its pledge did is a double payment.
    await run(sql`UPDATE pledge_payouts SET amount = 0.25 WHERE pledge_id = 2`);
    expect((await jobDayOnce(db, input(logOf([forced])))).map((v) => v.message)).toEqual([
      `account 11 got 2 cow-fund-settlement lines for ${day}`,
    ]);
  });

  it('holds when a forced run answered busy, or a done day run again and cut off, is still held; fails when answered done', async () => {
    await runOf('running');
    const busy = request(1, 'daily-job', { job: 'pledge-settlement', date: day }, [
      attempt(200, { code: 0, data: { job: 'pledge-settlement', day, status: 'busy' } }),
    ]);
    expect(await jobDayOnce(db, input(logOf([busy])))).toEqual([]);
    const done = request(1, 'daily-job', { job: 'pledge-settlement', date: day }, [
      attempt(200, { code: 0, data: { job: 'pledge-settlement', day, status: 'done', items: 3 } }),
    ]);
    expect((await jobDayOnce(db, input(logOf([done])))).map((v) => v.message)).toEqual([
      `pledge-settlement:${day} was run (acknowledged) but its day is not done`,
    ]);
    // Done, then run again by the operator and killed in that run: held, not undone.
    const again = request(2, 'daily-job', { job: 'pledge-settlement', date: day }, [attempt(null)]);
    expect(await jobDayOnce(db, input(logOf([done, again])))).toEqual([]);
  });

  it('fails when a day pays a user twice, and when a forced day is acknowledged but not done', async () => {
    await settle(3);
    await settle(4);
    await runOf('running');
    const found = (await jobDayOnce(db, input(logOf([forced])))).map((v) => v.message);
    expect(found).toEqual([
      `account 11 got 2 cow-fund-settlement lines for ${day}`,
      `pledge-settlement:${day} was run (acknowledged) but its day is not done`,
    ]);
  });
});

describe('lease-not-stale', () => {
  const lease = (until: SQL) =>
    run(sql`INSERT INTO worker_leases (name, owner, expires_at) VALUES ('payout', 'host:4321:0000abcd', ${until})`);

  it("holds for a live holder's lease within its time-to-live", async () => {
    await lease(sql`now() + interval '1 minute'`);
    expect(await leaseNotStale(db, input(logOf([])))).toEqual([]);
  });

  it('fails for a lease held far ahead, and for one a killed or stopped process still holds', async () => {
    await lease(sql`now() + interval '1 day'`);
    expect((await leaseNotStale(db, input(logOf([])))).map((v) => v.message)).toEqual([
      'worker lease payout: held 86400 s ahead, beyond the longest lease',
    ]);
    await run(sql`UPDATE worker_leases SET expires_at = now() + interval '1 minute'`);
    const killed = [{ pid: 4321, at: Date.now() - 20 * 60_000, graceful: false }];
    expect((await leaseNotStale(db, input(logOf([]), { ended: killed }))).map((v) => v.message)).toEqual([
      'worker lease payout: held by a killed process past its time-to-live',
    ]);
    const stopped = [{ pid: 4321, at: Date.now() - 10_000, graceful: true }];
    expect((await leaseNotStale(db, input(logOf([]), { ended: stopped }))).map((v) => v.message)).toEqual([
      'worker lease payout: not released by its gracefully stopped holder',
    ]);
  });
});

describe('reserves-balanced', () => {
  /** A liabilities-only report of alice's 100 aidf, its one leaf stating `leaf` base units. */
  async function report(leaf: string) {
    const units = '100000000000000000000';
    await run(sql`
      INSERT INTO reserves_reports (id, status, currencies, base_unit_decimals, user_count, tree_depth, root_sums,
        user_balances, held, liabilities, clearing, operator_credits, issuance)
      VALUES (1, 'liabilities-only', '{aidf}', 18, 1, 0, ${`{${units}}`}::numeric[], '{"aidf": "100"}', '{}', '{}', '{}',
        '{}', '{}')`);
    await run(sql`
      INSERT INTO reserves_leaves (report_id, user_id, leaf_index, salt, balances, share)
      VALUES (1, 1, 0, 'salt', ${`{${leaf}}`}::numeric[], 1)`);
  }

  it('holds when the root, the leaves and the stated balances agree to the base unit', async () => {
    await report('100000000000000000000');
    expect(await reservesBalanced(db, input(logOf([])))).toEqual([]);
  });

  it('judges the clearing on the report made once the chain work settled, and fails without one', async () => {
    await report('100000000000000000000');
    await run(sql`UPDATE reserves_reports SET status = 'complete',
      alerts = '{"shortfall": [], "clearingMismatch": [{"chain": "bsc", "currency": "bnb", "difference": "-0.0003"}]}'`);
    const messages = async (more: Partial<InvariantInput>) =>
      (await reservesBalanced(db, input(logOf([]), more))).map((v) => v.message);
    const mismatch =
      'reserves report 1 (complete): clearing mismatch [{"chain":"bsc","currency":"bnb","difference":"-0.0003"}]';
    expect(await messages({})).toEqual([mismatch]);
    expect(await messages({ settledReport: { id: '1' } })).toEqual([mismatch]);
    // Made while a sweep's gas was on its way, and a report after it settled: only the settled one's clearing counts.
    expect(await messages({ settledReport: { id: '2' } })).toEqual([]);
    expect(await messages({ settledReport: { problem: 'chain work never stood still' } })).toEqual([
      'no reserves report could be made with the chain work settled (chain work never stood still): its clearing was never judged',
    ]);
  });

  it('fails when the leaves sum to one base unit less than the root', async () => {
    await report('99999999999999999999');
    expect((await reservesBalanced(db, input(logOf([])))).map((v) => v.message)).toEqual([
      'reserves report 1 (liabilities-only): aidf: root 100000000000000000000 ≠ leaves 99999999999999999999',
    ]);
  });
});

describe('miner-order-paid-once', () => {
  /** Order 1 of alice: 0.4 bnb and 200 eoeo lacking; `paid` of each counted by one payment; completed or open. */
  async function order(paid: { bnb: string; eoeo: string }, completed: boolean) {
    await run(sql`
      INSERT INTO machine_orders (id, user_id, item_id, worth, status, expires_at)
      VALUES (1, 1, (SELECT min(id) FROM machine_price_items), 500, ${completed ? 1 : 0}, now() + interval '30 minutes')`);
    await run(sql`
      INSERT INTO machine_order_amounts (order_id, currency, price, lack, paid)
      VALUES (1, 'bnb', 0.4, 0.4, ${paid.bnb}), (1, 'eoeo', 200, 200, ${paid.eoeo})`);
    for (const [i, [currency, amount]] of Object.entries(paid).entries()) {
      if (Number(amount) === 0) continue;
      await run(sql`
        INSERT INTO machine_payments (chain, genesis_hash, tx_hash, event_index, block_number, currency, to_address,
          amount, state, user_id, order_id, applied_amount)
        VALUES ('bsc', '0xgenesis', ${`0xpay${i}`}, '0', 5, ${currency}, '0xcollection', ${amount}, 'applied', 1, 1,
          ${amount})`);
    }
    if (completed) {
      await run(
        sql`INSERT INTO movements (id, type, idem_key, ref) VALUES (3, 'cow-ai-maching-buy', 'machine-paid:1', '1')`,
      );
      await run(sql`INSERT INTO machines (user_id, order_id, worth, daily_income, cap, start_day)
                    VALUES (1, 1, 500, 5, 1000, current_date)`);
    }
  }

  it('holds when a paid order was completed once with each lack paid in full', async () => {
    await order({ bnb: '0.4', eoeo: '200' }, true);
    expect(await minerOrderPaidOnce(db, input(logOf([])))).toEqual([]);
  });

  it('fails when an order was completed before one of its currencies was paid', async () => {
    await order({ bnb: '0.4', eoeo: '0' }, true);
    expect((await minerOrderPaidOnce(db, input(logOf([])))).map((v) => v.message)).toEqual([
      'miner order 1 (status 1): paid with 0 of its 200 eoeo lack',
    ]);
  });

  it('fails when the payments counted for an order differ from what it says is paid', async () => {
    await order({ bnb: '0.4', eoeo: '200' }, true);
    await run(sql`UPDATE machine_payments SET applied_amount = 400 WHERE currency = 'eoeo'`);
    expect((await minerOrderPaidOnce(db, input(logOf([])))).map((v) => v.message)).toEqual([
      'miner order 1 (status 1): eoeo payments counted 400, its paid says 200',
    ]);
  });
});
