import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { rowsOf } from '../src/db/raw.ts';
import { repositories } from '../src/db/repositories/index.ts';
import { housekeepingJob } from '../src/jobs/housekeeping.ts';
import { jobRunner } from '../src/jobs/job-runner.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { signUp } from './users.ts';

// Runs only in the PostgreSQL pass of the API suite (project 'api-postgres-only'): two instances on connections of
// their own, which PGlite's single connection cannot have.
const N = 1500;
/** Small batches, so the two runs take turns on the same tables many times. */
const BATCH = 50;

/**
 * Two housekeeping runs at once over the same rows (two instances: an operator's run by hand beside the scheduled
 * one, each on its own pool): neither fails, nor waits on the other for a deadlock's detection; every row past its
 * time goes once, every row still read stays.
 */
describe('[postgres] two housekeeping runs at once', () => {
  let server: TestServer;
  let other: Database;
  let userId: bigint;
  const exec = (query: ReturnType<typeof sql>) => server.database.db.execute(query);
  const count = async (table: string, where: string) =>
    Number(rowsOf<{ n: string }>(await exec(sql.raw(`SELECT count(*)::text AS n FROM ${table} WHERE ${where}`)))[0]?.n);

  beforeAll(async () => {
    server = await startTestServer();
    userId = BigInt((await signUp(server)).mid);
    const [db] = await server.database.withSession((s) =>
      s.query<{ name: string }>('SELECT current_database() AS name'),
    );
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.pathname = `/${db?.name}`;
    other = await openDatabase({ databaseUrl: url.toString(), dataDir: ':memory:' });
  }, 120_000);
  afterAll(async () => {
    await other?.close();
    await server.close();
  });

  /**
   * Notices of `prefix`, with their e-mails; each interval is how long ago, null for never. The e-mails lie in the
   * table in the notices' order but their ids run the other way, as sending rewrites each e-mail's row: a delete
   * that takes e-mails by id and one that takes them by notice meet the same rows in opposite orders.
   */
  let ids = 1_000_000;
  const notices = (prefix: string, n: number, at: { read: string | null; mail: string; sent: string | null }) => {
    ids += n;
    return exec(sql`
      WITH made AS (
        INSERT INTO notifications (user_id, kind, params, source_key, created_at, read_at)
        SELECT ${userId}, 'transfer-received', '{}'::jsonb, ${prefix} || i, now() - interval '400 days',
          now() - ${at.read}::interval
        FROM generate_series(1, ${n}) i
        RETURNING id, source_key)
      INSERT INTO mail_outbox (id, notification_id, to_address, subject, body, status, sent_at)
      SELECT ${ids} - substr(source_key, ${prefix.length + 1})::int, id, 'a@example.com', 's', 'b', ${at.mail},
        now() - ${at.sent}::interval
      FROM made ORDER BY substr(source_key, ${prefix.length + 1})::int`);
  };

  it('both finish, each row past its time deleted once, what is still read kept', { timeout: 300_000 }, async () => {
    // Past their time: read notices and their sent e-mails (both deletes reach these e-mails), sent e-mails of
    // unread notices, ended sessions of a device with a later one, expired codes, old used signatures.
    await notices('hk2:read:', N, { read: '200 days', mail: 'sent', sent: '199 days' });
    await notices('hk2:unread:', N, { read: null, mail: 'sent', sent: '60 days' });
    await exec(sql`INSERT INTO sessions (token_hash, user_id, created_at, expires_at, device_key, sign_in_wallet)
      SELECT 'hk2-old-' || i, ${userId}, now() - interval '90 days' - i * interval '1 second',
        now() - interval '60 days', 'hk2-device', 'w'
      FROM generate_series(1, ${N}) i`);
    await exec(sql`INSERT INTO email_codes (email, code_hash, created_at, expires_at)
      SELECT 'hk2-old-' || i || '@example.com', 'x', now() - interval '3 days', now() - interval '2 days'
      FROM generate_series(1, ${N}) i`);
    await exec(sql`INSERT INTO used_signatures (address, sign_content, used_at)
      SELECT '0xhk2old', 'Login-' || i, now() - interval '2 days' FROM generate_series(1, ${N}) i`);
    // Still read: unsent e-mails and their read notices, recent ones, the device's latest session, live codes.
    await notices('hk2:pending:', 100, { read: '200 days', mail: 'pending', sent: null });
    await notices('hk2:recent:', 100, { read: '1 day', mail: 'sent', sent: '1 day' });
    await exec(sql`INSERT INTO sessions (token_hash, user_id, created_at, expires_at, device_key, sign_in_wallet)
      VALUES ('hk2-latest', ${userId}, now() - interval '80 days', now() - interval '60 days', 'hk2-device', 'w')`);
    await exec(sql`INSERT INTO email_codes (email, code_hash, created_at, expires_at)
      SELECT 'hk2-live-' || i || '@example.com', 'x', now(), now() + interval '5 minutes'
      FROM generate_series(1, 100) i`);
    await exec(sql`INSERT INTO used_signatures (address, sign_content, used_at)
      SELECT '0xhk2new', 'Login-' || i, now() - interval '1 minute' FROM generate_series(1, 100) i`);

    const runner = (database: Database) =>
      jobRunner({ repos: repositories(database.db), jobs: [housekeepingJob({ batch: BATCH })] });
    const outcomes = await Promise.all([
      runner(server.database).runDay('housekeeping', '2026-01-01', true),
      runner(other).runDay('housekeeping', '2026-01-02', true),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['done', 'done']);

    expect(await count('notifications', "source_key LIKE 'hk2:read:%'")).toBe(0);
    expect(await count('notifications', "source_key LIKE 'hk2:unread:%'")).toBe(N);
    expect(await count('notifications', "source_key LIKE 'hk2:pending:%' OR source_key LIKE 'hk2:recent:%'")).toBe(200);
    expect(await count('mail_outbox', "to_address = 'a@example.com'")).toBe(200);
    expect(await count('sessions', "token_hash LIKE 'hk2-%'")).toBe(1);
    expect(await count('sessions', "token_hash = 'hk2-latest'")).toBe(1);
    expect(await count('email_codes', "email LIKE 'hk2-%'")).toBe(100);
    expect(await count('email_codes', "email LIKE 'hk2-live-%'")).toBe(100);
    expect(await count('used_signatures', "address LIKE '0xhk2%'")).toBe(100);
    expect(await count('used_signatures', "address = '0xhk2new'")).toBe(100);
    // Each deleted row counted by the one run that deleted it: the e-mails of read notices are counted when the
    // sent-mail delete takes them, not when they go with their notice.
    const items = outcomes.reduce((sum, o) => sum + (o.status === 'done' ? o.items : 0), 0);
    const deleted = N + N + N + N + N; // read notices, e-mails of unread ones, sessions, codes, signatures
    expect(items).toBeGreaterThanOrEqual(deleted);
    expect(items).toBeLessThanOrEqual(deleted + N);
  });
});
