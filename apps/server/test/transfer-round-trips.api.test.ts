import { buildTransferSignText } from '@aidf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/domain/ledger/check.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, balanceOf, credit, signUp, transferBody } from './users.ts';
import { signedText } from './wallets.ts';

/**
 * The transfer's fast path: one read for the session and every check, one statement (post_movement) for the
 * movement, its signature claim and its notice. It must answer, refuse and book exactly as the path of many round
 * trips did: the same codes, nothing written by a refusal, the first answer to a retry, no deadlock or lost update
 * among many clients over few users (on PostgreSQL the requests run on separate connections and collide).
 */

const TRANSFER = '/v1/cow/home/transfer';

const query = <R>(server: TestServer, sql: string, params?: unknown[]) =>
  server.database.withSession((s) => s.query<R>(sql, params));

/** Rows of every table a transfer writes, and the two balances: what a refusal must leave as it was. */
async function written(server: TestServer, from: Account, to: Account) {
  const [row] = await query<Record<string, string>>(
    server,
    `SELECT (SELECT count(*) FROM movements)::text AS movements, (SELECT count(*) FROM entries)::text AS entries,
            (SELECT count(*) FROM used_signatures)::text AS signatures,
            (SELECT count(*) FROM notifications)::text AS notifications`,
  );
  return { ...row, from: await balanceOf(server, from, 'usdt'), to: await balanceOf(server, to, 'usdt') };
}

describe('[api] transfer in two round trips', () => {
  let server: TestServer;
  let users: Account[];
  const send = (from: Account, body: Record<string, unknown>) =>
    call(server.baseUrl, TRANSFER, { token: from.token, body });

  beforeAll(async () => {
    server = await startTestServer();
    users = [];
    for (let i = 0; i < 20; i++) users.push(await signUp(server));
    for (const u of users) await credit(server, u.username, 'usdt', '100');
  }, 120_000);
  afterAll(() => server.close());

  it('sends two statements to the database per transfer: the read and the movement', async () => {
    const [alice, bob] = users as [Account, Account];
    const counts: number[] = [];
    for (let i = 0; i < 5; i++) {
      const body = await transferBody(alice, bob.username, 'usdt', '0.5');
      const before = server.database.statementsSent();
      expect((await send(alice, body)).json.code).toBe(200);
      counts.push(server.database.statementsSent() - before);
    }
    // The server's own background work may send statements meanwhile: the fewest is the transfer's.
    expect(Math.min(...counts)).toBe(2);
  });

  it('refuses exactly as before and writes nothing: balance, yourself, nobody, stale, reused signature, hold', async () => {
    const [carol, dave, erin] = [users[2], users[3], users[4]] as [Account, Account, Account];
    const staleAt = Date.now() - 6 * 60_000;
    const stale = {
      amount: '1',
      currency: 'usdt',
      username: dave.username,
      ...(await signedText(
        carol.wallet,
        (t) =>
          buildTransferSignText({
            host: carol.host,
            amount: '1',
            currency: 'usdt',
            username: dave.username,
            timestampMs: t,
          }),
        staleAt,
      )),
    };
    // A signature claimed already (by a request that never booked) is refused by the movement's own claim.
    const claimed = await transferBody(carol, dave.username, 'usdt', '2');
    await query(server, 'INSERT INTO used_signatures (address, sign_content) VALUES ($1, $2)', [
      carol.wallet.address,
      claimed.signContent,
    ]);
    const cases: [string, Account, Record<string, unknown>, number][] = [
      [
        'more than the balance',
        carol,
        await transferBody(carol, dave.username, 'usdt', '100.000000000000000001'),
        1230,
      ],
      ['yourself', carol, await transferBody(carol, carol.username, 'usdt', '1'), 1225],
      ['unknown recipient', carol, await transferBody(carol, 'nobody-at-all', 'usdt', '1'), 1226],
      ['stale signature', carol, stale, 1229],
      ['signature claimed before', carol, claimed, 1232],
      ['a currency never held', carol, await transferBody(carol, dave.username, 'aidf', '1'), 1230],
    ];
    for (const [name, from, body, code] of cases) {
      const before = await written(server, from, dave);
      const res = await send(from, body);
      expect(res.json.code, name).toBe(code);
      expect(res.status, name).toBeGreaterThanOrEqual(400);
      expect(await written(server, from, dave), name).toEqual(before);
    }
    // A security hold refuses money leaving (81012), and the same body is accepted once the hold is over.
    const held = await transferBody(erin, dave.username, 'usdt', '1');
    await query(
      server,
      `INSERT INTO security_changes (user_id, kind, created_at, hold_until)
       SELECT id, 'password', now(), now() + interval '1 hour' FROM users WHERE username = $1`,
      [erin.username],
    );
    const before = await written(server, erin, dave);
    expect((await send(erin, held)).json.code).toBe(81012);
    expect(await written(server, erin, dave)).toEqual(before);
    await query(
      server,
      `UPDATE security_changes SET hold_until = now() - interval '1 second'
       WHERE user_id = (SELECT id FROM users WHERE username = $1)`,
      [erin.username],
    );
    expect((await send(erin, held)).json.code).toBe(200);
  });

  it('answers a retry with the first movement, even once the balance is spent, and a reused text with 1232', async () => {
    const [frank, grace] = [users[5], users[6]] as [Account, Account];
    const all = await balanceOf(server, frank, 'usdt');
    const body = await transferBody(frank, grace.username, 'usdt', all);
    const first = await send(frank, body);
    expect(first.json.code).toBe(200);
    const before = await written(server, frank, grace);
    expect(before.from).toBe('0');
    const again = await send(frank, body);
    expect(again.json).toEqual(first.json);
    // The same signature with another amount: its text is not this request's, and it was used.
    expect((await send(frank, { ...body, amount: '1' })).json.code).toBe(1232);
    expect(await written(server, frank, grace)).toEqual(before);
    const [notified] = await query<{ n: string }>(
      server,
      `SELECT count(*)::text AS n FROM notifications WHERE kind = 'transfer-received' AND source_key = $1`,
      [`movement:${first.json.data.movementId}`],
    );
    expect(notified?.n).toBe('1');
  });

  it("queues the recipient's e-mail with the notice, in the recipient's language, unless turned off", async () => {
    const [henry, iris, jack] = [users[7], users[8], users[9]] as [Account, Account, Account];
    await query(server, "UPDATE users SET email = username || '@example.com' WHERE username IN ($1, $2)", [
      iris.username,
      jack.username,
    ]);
    await query(
      server,
      `INSERT INTO notification_settings (user_id, language, email_opt_out)
       SELECT id, CASE WHEN username = $1 THEN 'fr' ELSE 'en' END,
              CASE WHEN username = $2 THEN '{transfer-received}'::text[] ELSE '{}'::text[] END
       FROM users WHERE username IN ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET language = excluded.language, email_opt_out = excluded.email_opt_out`,
      [iris.username, jack.username],
    );
    for (const to of [iris, jack]) {
      expect((await send(henry, await transferBody(henry, to.username, 'usdt', '3'))).json.code).toBe(200);
    }
    const mails = await query<{ to_address: string; subject: string }>(
      server,
      `SELECT o.to_address, o.subject FROM mail_outbox o JOIN notifications n ON n.id = o.notification_id
       WHERE n.kind = 'transfer-received' AND o.to_address IN ($1, $2)`,
      [`${iris.username}@example.com`, `${jack.username}@example.com`],
    );
    expect(mails.map((m) => m.to_address)).toEqual([`${iris.username}@example.com`]);
    expect(mails[0]?.subject).toMatch(/3 USDT/);
    expect(mails[0]?.subject).not.toMatch(/You received/i);
  });

  it('conserves money among 64 concurrent clients in a 20-user hot spot: no deadlock, no lost update', async () => {
    const before = await server.repos.ledger.totalsByCurrency();
    const [{ n: movementsBefore } = { n: '0' }] = await query<{ n: string }>(
      server,
      'SELECT count(*)::text AS n FROM movements',
    );
    const bodies = await Promise.all(
      Array.from({ length: 640 }, async (_, i) => {
        const from = users[i % users.length] as Account;
        const to =
          users[(i * 7 + 3) % users.length] === from
            ? users[(i + 1) % users.length]
            : users[(i * 7 + 3) % users.length];
        // Now and then more than anyone holds, so refusals happen among the collisions too.
        const amount = i % 10 === 9 ? '150' : (['0.25', '0.5', '0.75', '1', '1.25'][i % 5] as string);
        return { from, body: await transferBody(from, (to as Account).username, 'usdt', amount) };
      }),
    );
    let next = 0;
    const outcomes: string[] = [];
    await Promise.all(
      Array.from({ length: 64 }, async () => {
        while (next < bodies.length) {
          const { from, body } = bodies[next++] as (typeof bodies)[number];
          const res = await send(from, body);
          outcomes.push(res.status === 200 ? 'moved' : `${res.status}:${res.json?.code}`);
        }
      }),
    );
    expect([...new Set(outcomes)].filter((o) => o !== 'moved' && o !== '409:1230')).toEqual([]);
    const moved = outcomes.filter((o) => o === 'moved').length;
    expect(moved).toBeGreaterThan(500);
    expect(await server.repos.ledger.totalsByCurrency()).toEqual(before);
    const [{ n: movementsAfter } = { n: '0' }] = await query<{ n: string }>(
      server,
      'SELECT count(*)::text AS n FROM movements',
    );
    expect(Number(movementsAfter) - Number(movementsBefore)).toBe(moved);
    expect((await checkLedger(server.repos)).ok).toBe(true);
  }, 300_000);
});
