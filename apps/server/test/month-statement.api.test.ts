import { Money } from '@aidf/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/raw.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, credit, signUp, transferBody, uniqueTimestamp } from './users.ts';
import { signed } from './wallets.ts';

const DAY_MS = 86_400_000;
const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);
const monthStart = (ms: number) => Date.parse(`${monthOf(ms)}-01T00:00:00Z`);

interface Statement {
  month: string;
  from: number;
  to: number;
  currencies: {
    currency: string;
    opening: string;
    closing: string;
    entries: { type: string; submode: string; amount: string; counterparty: string | null }[];
  }[];
}

// docs/user-guide.md "Statements": opening + the month's entries = closing = what the ledger held at month end.
describe("[api] a month's statement equals the ledger at the month's bounds", () => {
  let server: TestServer;
  let gus: Account;
  let hana: Account;
  beforeAll(async () => {
    server = await startTestServer();
    [gus, hana] = [await signUp(server), await signUp(server)];
  });
  afterAll(() => server.close());

  const statementOf = (month: string, token = gus.token) =>
    call(server.baseUrl, `/v1/ma/account/statement/${month}`, { method: 'GET', token });

  /**
   * The ledger's own figure, read independently of the statement: per currency, the sum over the user's accounts
   * of the balance after the last entry booked before `before` (ms).
   */
  async function ledgerAt(account: Account, before: number) {
    const result = await server.database.db.execute(sql`
      SELECT a.currency, coalesce(sum(l.balance_after), 0)::text AS balance
      FROM accounts a
      LEFT JOIN LATERAL (SELECT e.balance_after FROM entries e
                         WHERE e.account_id = a.id AND e.created_at < ${new Date(before).toISOString()}::timestamptz
                         ORDER BY e.id DESC LIMIT 1) l ON true
      WHERE a.kind = 'user' AND a.owner_user_id = ${BigInt(account.mid)}
      GROUP BY a.currency`);
    return Object.fromEntries(
      rowsOf<{ currency: string; balance: string }>(result).map((r) => [r.currency, new Money(r.balance).toFixed()]),
    );
  }

  it('opens and closes on the ledger across a month boundary with several types of entries', async () => {
    await credit(server, gus.username, 'aidf', '500');
    await credit(server, gus.username, 'usdt', '20');
    await credit(server, gus.username, 'aidf', '100', '16');
    // The three credits belong to last month: their entries are moved there (the rest of the story is this month).
    // Entries are append-only (a trigger refuses updates): this test's own database lifts it for the move only.
    const thisMonth = monthStart(Date.now());
    const lastMonthDay = new Date(thisMonth - 10 * DAY_MS).toISOString();
    const db = server.database.db;
    await db.execute(sql`ALTER TABLE entries DISABLE TRIGGER USER`);
    await db.execute(sql`
      UPDATE entries SET created_at = ${lastMonthDay}::timestamptz
      WHERE account_id IN (SELECT id FROM accounts WHERE owner_user_id = ${BigInt(gus.mid)})`);
    await db.execute(sql`ALTER TABLE entries ENABLE TRIGGER USER`);

    const pledgeBody = await signed(gus.wallet, 'pledge-', uniqueTimestamp());
    expect(
      (await call(server.baseUrl, '/v1/cow/fund/pledge/100/30/16', { body: pledgeBody, token: gus.token })).status,
    ).toBe(200);
    const sent = await call(server.baseUrl, '/v1/cow/home/transfer', {
      token: gus.token,
      body: await transferBody(gus, hana.username, 'usdt', '7.5'),
    });
    expect(sent.status, sent.text).toBe(200);
    const tomorrow = new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);
    expect((await server.app.jobs.runDay('pledge-settlement', tomorrow, true)).status).toBe('done');

    const last = (await statementOf(monthOf(thisMonth - DAY_MS))).json.data as Statement;
    const current = (await statementOf(monthOf(Date.now()))).json.data as Statement;
    expect(current.from).toBe(thisMonth);
    const atBoundary = await ledgerAt(gus, thisMonth);
    const now = await ledgerAt(gus, Date.now() + DAY_MS);
    expect(now).toEqual({ aidf: '500.05', usdt: '12.5' }); // 600 - 100 pledged (frozen) + 100 x 1.5 % / 30
    for (const s of [last, current]) {
      for (const c of s.currencies) {
        const sum = c.entries.reduce((total, e) => total.plus(e.amount), new Money(c.opening));
        expect({ currency: c.currency, closing: sum.toFixed() }).toEqual({ currency: c.currency, closing: c.closing });
      }
    }
    const figures = (s: Statement, side: 'opening' | 'closing') =>
      Object.fromEntries(s.currencies.map((c) => [c.currency, c[side]]));
    expect(figures(last, 'opening')).toEqual({ aidf: '0', usdt: '0' });
    expect(figures(last, 'closing')).toEqual(atBoundary);
    expect(figures(current, 'opening')).toEqual(atBoundary);
    expect(figures(current, 'closing')).toEqual(now);
    const aidf = current.currencies.find((c) => c.currency === 'aidf');
    expect(aidf?.entries.map((e) => [e.type, e.submode, e.amount])).toEqual([
      ['cow-fund-buy', '16', '-100'],
      ['cow-fund-settlement', '00', '0.05'],
    ]);
    const usdt = current.currencies.find((c) => c.currency === 'usdt');
    expect(usdt?.entries.map((e) => [e.amount, e.counterparty])).toEqual([['-7.5', hana.username]]);
  });

  it('refuses a future month and a malformed one with their codes', async () => {
    const nextMonth = monthOf(monthStart(Date.now()) + 32 * DAY_MS);
    const future = await statementOf(nextMonth);
    expect([future.status, future.json.code]).toEqual([400, 81111]);
    for (const bad of ['2026-13', '2026-1', '26-01', 'may', '2026-00', '0999-01']) {
      const res = await statementOf(bad);
      expect({ bad, status: res.status, code: res.json.code }).toEqual({ bad, status: 400, code: 81110 });
    }
    expect(
      (await call(server.baseUrl, `/v1/ma/account/statement/${monthOf(Date.now())}`, { method: 'GET' })).status,
    ).toBe(401);
  });
});
