import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/domain/ledger/check.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, balanceOf, credit, signUp, transferBody } from './users.ts';

// Runs only in the PostgreSQL pass of the API suite (project 'api-postgres-only'): it holds a row lock on one
// connection while the server works on others, which PGlite's single connection cannot do.
describe('[postgres] transfers over HTTP gathered by group commit', () => {
  let server: TestServer;
  let users: Account[];

  beforeAll(async () => {
    server = await startTestServer();
    users = [];
    for (let i = 0; i < 8; i++) users.push(await signUp(server));
    for (const u of users) await credit(server, u.username, 'usdt', '10');
  }, 120_000);
  afterAll(() => server.close(), 120_000);

  const send = (from: Account, body: Record<string, unknown>) =>
    call(server.baseUrl, '/v1/cow/home/transfer', { token: from.token, body });

  it('writes the transfers that waited in one transaction, each answered as alone: moved, retried, refused', async () => {
    const [a, b, c, d, e, f, g, h] = users as Account[] as [
      Account,
      Account,
      Account,
      Account,
      Account,
      Account,
      Account,
      Account,
    ];
    const blockers = [
      { from: a, body: await transferBody(a, b.username, 'usdt', '1') },
      { from: b, body: await transferBody(b, a.username, 'usdt', '1') },
    ];
    const pairs: [Account, Account][] = [
      [c, d],
      [d, e],
      [e, f],
      [f, g],
      [g, h],
      [h, c],
    ];
    const gathered = await Promise.all(
      Array.from({ length: 18 }, async (_, i) => {
        const [from, to] = pairs[i % pairs.length] as [Account, Account];
        return { from, body: await transferBody(from, to.username, 'usdt', '0.5') };
      }),
    );
    const overdraft = { from: c, body: await transferBody(c, d.username, 'usdt', '1000') };
    const [first] = gathered as [(typeof gathered)[number]];
    const sameAsFirst = { from: first.from, body: first.body };
    const waiters = [...gathered, overdraft, sameAsFirst];

    const { blocked, answers } = await server.database.withSession(async (session) => {
      // A's and B's accounts held: the two blockers' movements wait for them, the two batches in flight.
      await session.exec('BEGIN');
      await session.query(
        `SELECT a.id FROM accounts a JOIN users u ON u.id = a.owner_user_id
         WHERE u.username = ANY ($1::text[]) ORDER BY a.id FOR UPDATE`,
        [[a.username, b.username]],
      );
      const blocked = blockers.map(({ from, body }) => send(from, body));
      await expect
        .poll(
          async () =>
            (
              await server.database.withSession((other) =>
                other.query<{ n: number }>(
                  `SELECT count(*)::int AS n FROM pg_stat_activity
                   WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%post_movement(%'`,
                ),
              )
            )[0]?.n,
          { timeout: 30_000 },
        )
        .toBe(2);
      // Every other transfer's movement waits for a batch to end, then all go in the next one.
      const answers = waiters.map(({ from, body }) => send(from, body));
      await expect.poll(() => server.app.repos.ledger.movementsWaiting(), { timeout: 30_000 }).toBe(waiters.length);
      await session.exec('COMMIT');
      return { blocked: await Promise.all(blocked), answers: await Promise.all(answers) };
    });

    expect(blocked.map((r) => r.json.code)).toEqual([200, 200]);
    const codes = answers.map((r) => r.json.code);
    expect(codes).toEqual([...gathered.map(() => 200), 1230, 200]);
    const firstId = answers[0]?.json.data.movementId;
    expect(answers.at(-1)?.json.data.movementId).toBe(firstId);
    const movedIds = answers.slice(0, gathered.length).map((r) => String(r.json.data.movementId));
    expect(new Set(movedIds).size).toBe(gathered.length);
    const [row] = await server.database.withSession((s) =>
      s.query<{ transactions: number }>(
        'SELECT count(DISTINCT created_at)::int AS transactions FROM movements WHERE id = ANY ($1::bigint[])',
        [movedIds],
      ),
    );
    expect(row?.transactions).toBe(1);
    // The overdraft wrote nothing; each of c…h sent three halves and received three: every balance as it was.
    expect(await balanceOf(server, c, 'usdt')).toBe('10');
    expect(await balanceOf(server, a, 'usdt')).toBe('10');
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });
});
