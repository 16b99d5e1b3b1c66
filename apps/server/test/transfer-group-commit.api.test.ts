import { Money, moneyString } from '@aidf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MovementToPost, PostedMovement } from '../src/db/repositories/movement-batch.ts';
import { tokenHashOf } from '../src/domain/auth/sessions.ts';
import { checkLedger } from '../src/domain/ledger/check.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, balanceOf, credit, signUp, transferBody } from './users.ts';

/**
 * Group commit: movements posted on their own while earlier ones are being written go together in one statement
 * and one transaction (post_movements). Each must get the answer it would have had alone: its movement, a
 * retry's first movement, or its exact refusal with nothing of it written; a batch the database rejects as a
 * whole is posted movement by movement, so one bad movement never fails the others. Movements of one batch share
 * their transaction's start time (created_at is now(), the transaction's; xmin would not do: each movement of a
 * batch is a subtransaction of its own), which is how these tests see that a batch happened. The transfer route's
 * use of it, with the batches held by a row lock, is transfer-group-commit.postgres.test.ts.
 */

const query = <R>(server: TestServer, sql: string, params?: unknown[]) =>
  server.database.withSession((s) => s.query<R>(sql, params));

const sum = (...amounts: string[]) => moneyString(amounts.reduce((t, a) => t.plus(a), new Money(0)));

type Outcome = { ok: PostedMovement } | { refused: string } | { failed: string };

const outcome = (posting: Promise<PostedMovement>): Promise<Outcome> =>
  posting.then(
    (ok) => ({ ok }),
    (error: { code?: string; message?: string; cause?: { message?: string } }) =>
      error.code?.startsWith('AM')
        ? { refused: error.code }
        : { failed: String(error.cause?.message ?? error.message) },
  );

describe('[api] transfers posted together (group commit)', () => {
  let server: TestServer;
  let users: Account[];
  const accountOf: Record<string, bigint> = {};
  let run = 0;

  beforeAll(async () => {
    server = await startTestServer();
    users = [];
    for (let i = 0; i < 6; i++) users.push(await signUp(server));
    for (const u of users) await credit(server, u.username, 'usdt', '100');
    const rows = await query<{ username: string; id: string }>(
      server,
      `SELECT u.username, a.id::text AS id FROM accounts a JOIN users u ON u.id = a.owner_user_id
       WHERE a.currency = 'usdt' AND a.submode = '00'`,
    );
    for (const r of rows) accountOf[r.username] = BigInt(r.id);
  }, 120_000);
  afterAll(() => server.close());

  /** A movement of `amount` USDT from one user to another, with a claim of its own unless given one. */
  function move(from: Account, to: Account, amount: string, extra: Partial<MovementToPost> = {}): MovementToPost {
    run += 1;
    const key = `group-commit-test:${run}`;
    return {
      type: 'user-transfer-out',
      idemKey: key,
      ref: to.username,
      lines: [
        { accountId: accountOf[from.username] as bigint, amount: `-${amount}`, type: 'user-transfer-out' },
        { accountId: accountOf[to.username] as bigint, amount, type: 'user-transfer-in' },
      ],
      claim: { address: from.wallet.address, signContent: key, fresh: true },
      notice: null,
      ...extra,
    };
  }

  /** Two movements go alone (the batches in flight), so the ones posted in the same tick wait and go together. */
  async function postTogether(movements: MovementToPost[]) {
    const [a, b, c] = users as [Account, Account, Account];
    const first = [move(a, c, '0.01'), move(b, c, '0.01')];
    const all = await Promise.all(
      [...first, ...movements].map((m) => outcome(server.repos.ledger.postMovementGrouped(m))),
    );
    return all.slice(first.length);
  }

  const transactionsOf = async (keys: string[]) =>
    (
      await query<{ n: string }>(
        server,
        'SELECT count(DISTINCT created_at)::text AS n FROM movements WHERE idem_key = ANY ($1::text[])',
        [keys],
      )
    )[0]?.n;

  it('gives each movement of a batch its own answer: moved, retried, or refused with nothing written', async () => {
    const [a, b, , d] = users as [Account, Account, Account, Account];
    const reusedClaim = 'claimed-before-the-batch';
    await query(server, 'INSERT INTO used_signatures (address, sign_content) VALUES ($1, $2)', [
      d.wallet.address,
      reusedClaim,
    ]);
    const before = {
      a: await balanceOf(server, a, 'usdt'),
      b: await balanceOf(server, b, 'usdt'),
      d: await balanceOf(server, d, 'usdt'),
    };
    const [signaturesBefore] = await query<{ n: string }>(server, 'SELECT count(*)::text AS n FROM used_signatures');
    const moved = move(a, b, '1.5');
    const overdraft = move(d, b, '100.000000000000000001');
    const reused = move(d, b, '1', { claim: { address: d.wallet.address, signContent: reusedClaim, fresh: true } });
    const stale = move(d, b, '1', { claim: { address: d.wallet.address, signContent: 'stale-one', fresh: false } });
    const backAgain = move(b, a, '0.25');
    const batch = [moved, overdraft, reused, stale, { ...moved }, backAgain];

    const answers = await postTogether(batch);

    const [first, ...rest] = answers;
    expect(first).toMatchObject({ ok: { replayed: false } });
    const firstId = (first as { ok: PostedMovement }).ok.movementId;
    expect(rest).toEqual([
      { refused: 'AM230' },
      { refused: 'AM232' },
      { refused: 'AM229' },
      { ok: { movementId: firstId, replayed: true } },
      { ok: { movementId: expect.any(BigInt), replayed: false } },
    ]);
    // The three movements written went in one transaction: the batch.
    expect(await transactionsOf([moved.idemKey, backAgain.idemKey])).toBe('1');
    // Refused: no movement, no claim, no balance moved.
    const [refusedRows] = await query<{ n: string }>(
      server,
      'SELECT count(*)::text AS n FROM movements WHERE idem_key = ANY ($1::text[])',
      [[overdraft.idemKey, reused.idemKey, stale.idemKey]],
    );
    expect(refusedRows?.n).toBe('0');
    const [signaturesAfter] = await query<{ n: string }>(server, 'SELECT count(*)::text AS n FROM used_signatures');
    // The two blockers' claims, the moved one's and the one back: the refused ones claimed nothing.
    expect(Number(signaturesAfter?.n) - Number(signaturesBefore?.n)).toBe(4);
    expect(await balanceOf(server, d, 'usdt')).toBe(before.d);
    expect(await balanceOf(server, a, 'usdt')).toBe(sum(before.a, '-0.01', '-1.5', '0.25'));
    expect(await balanceOf(server, b, 'usdt')).toBe(sum(before.b, '-0.01', '1.5', '-0.25'));
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });

  it('posts each movement alone when the database rejects the batch: the others still move', async () => {
    const [a, b, , , e] = users as [Account, Account, Account, Account, Account];
    const good = [move(a, e, '0.5'), move(b, e, '0.5'), move(e, a, '0.125')];
    // A notice for a user who does not exist: the database rejects it (a foreign key), not a refusal.
    const bad = move(a, b, '0.5', { notice: { userId: '999999999', kind: 'transfer-received', params: {} } });
    const before = await balanceOf(server, e, 'usdt');

    const answers = await postTogether([good[0] as MovementToPost, bad, ...good.slice(1)]);

    expect(answers[1]).toMatchObject({ failed: expect.stringMatching(/foreign key|notifications/i) });
    for (const i of [0, 2, 3]) expect(answers[i]).toMatchObject({ ok: { replayed: false } });
    const [badRows] = await query<{ n: string }>(
      server,
      'SELECT count(*)::text AS n FROM movements WHERE idem_key = $1',
      [bad.idemKey],
    );
    expect(badRows?.n).toBe('0');
    expect(await balanceOf(server, e, 'usdt')).toBe(sum(before, '0.5', '0.5', '-0.125'));
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });

  it("reads transfers' contexts together, each answered as when read alone", async () => {
    const [a, b, c] = users as [Account, Account, Account];
    await query(server, 'INSERT INTO used_signatures (address, sign_content) VALUES ($1, $2)', [
      a.wallet.address,
      'a used text',
    ]);
    const now = new Date();
    const hashOf = (token: string) => tokenHashOf(token) as string;
    const variants = [
      { tokenHash: hashOf(a.token), receiver: b.username, currency: 'usdt', signContent: 'a fresh text' },
      { tokenHash: hashOf(a.token), receiver: b.username, currency: 'usdt', signContent: 'a used text' },
      { tokenHash: hashOf(b.token), receiver: 'nobody-at-all', currency: 'usdt', signContent: 'x' },
      { tokenHash: hashOf(c.token), receiver: a.username, currency: 'aidf', signContent: 'y' },
      { tokenHash: hashOf('not a token of anyone at all'), receiver: a.username, currency: 'usdt', signContent: 'z' },
    ];
    const reads = Array.from({ length: 30 }, (_, i) => ({
      ...(variants[i % variants.length] as (typeof variants)[number]),
      now,
      signerCurrency: 'bnb',
    }));
    const sent = server.database.statementsSent();
    const together = await Promise.all(reads.map((q) => server.repos.transferContext.read(q)));
    // Two alone (the batches in flight), the 28 that waited in one statement; the server's own work may add a few.
    expect(server.database.statementsSent() - sent).toBeLessThan(10);
    const alone = [];
    for (const q of reads) alone.push(await server.repos.transferContext.read(q));
    expect(together).toEqual(alone);
    expect(together.map((c) => c && { used: c.signatureUsed, receiver: c.receiver?.username ?? null })).toEqual(
      reads.map(
        (_, i) =>
          [
            { used: false, receiver: b.username },
            { used: true, receiver: b.username },
            { used: false, receiver: null },
            { used: false, receiver: a.username },
            null,
          ][i % variants.length],
      ),
    );
    expect(together[3]?.accountIds).toEqual({ sender: null, receiver: null });
  });

  it('books each of a burst of signed transfers over HTTP once; each sent again answers its first movement', async () => {
    const [a, b, c, d, e, f] = users as [Account, Account, Account, Account, Account, Account];
    const pairs: [Account, Account][] = [
      [a, b],
      [c, d],
      [e, f],
      [b, c],
      [d, e],
      [f, a],
    ];
    const bodies = await Promise.all(
      Array.from({ length: 48 }, async (_, i) => {
        const [from, to] = pairs[i % pairs.length] as [Account, Account];
        return { from, body: await transferBody(from, to.username, 'usdt', '0.125') };
      }),
    );
    const totalsBefore = await server.repos.ledger.totalsByCurrency();
    const answers = await Promise.all(
      bodies.map(({ from, body }) => call(server.baseUrl, '/v1/cow/home/transfer', { token: from.token, body })),
    );
    expect(answers.map((r) => r.json.code)).toEqual(bodies.map(() => 200));
    const ids = answers.map((r) => String(r.json.data.movementId));
    expect(new Set(ids).size).toBe(48);
    const [row] = await query<{ movements: string }>(
      server,
      'SELECT count(*)::text AS movements FROM movements WHERE id = ANY ($1::bigint[])',
      [ids],
    );
    expect(row?.movements).toBe('48');
    // Every transfer sent again answers its first movement and moves nothing.
    const again = await Promise.all(
      bodies.map(({ from, body }) => call(server.baseUrl, '/v1/cow/home/transfer', { token: from.token, body })),
    );
    expect(again.map((r) => String(r.json.data.movementId))).toEqual(ids);
    expect(await server.repos.ledger.totalsByCurrency()).toEqual(totalsBefore);
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });
});
