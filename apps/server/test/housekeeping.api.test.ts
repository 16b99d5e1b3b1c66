import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/raw.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, signUp } from './users.ts';
import { evmWallet, signed } from './wallets.ts';

const LOGIN = '/v1/sso/dapp/addressLogin';
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The daily `housekeeping` job deletes what is done with, and nothing a rule still reads: a used signature whose
 * timestamp is still accepted stays refused, a user's latest session of a device stays (new-device notices), an
 * e-mail not sent yet and an unread notification stay.
 */
describe('[api] housekeeping: the daily clean-up of finished rows', () => {
  let server: TestServer;
  let user: Account;
  const exec = async (query: ReturnType<typeof sql>) => server.database.db.execute(query);
  const count = async (query: ReturnType<typeof sql>) =>
    Number(rowsOf<{ n: string }>(await exec(query))[0]?.n ?? Number.NaN);
  const run = async () => {
    const outcome = await server.app.jobs.runDay('housekeeping', today(), true);
    expect(outcome.status).toBe('done');
    return outcome;
  };
  const uid = () => BigInt(user.mid);

  beforeAll(async () => {
    server = await startTestServer();
    user = await signUp(server);
  });
  afterAll(() => server.close());

  it('a signature used inside the accepted window is still refused after the clean-up; an old one goes', async () => {
    const wallet = evmWallet();
    const body = { currency: wallet.currency, walletAddress: wallet.address, inviteCode: null };
    const login = { ...body, ...(await signed(wallet, 'Login-')) };
    expect((await call(server.baseUrl, LOGIN, { body: login })).status).toBe(200);
    const before = await call(server.baseUrl, LOGIN, { body: login });
    expect(before.json.code).toBe(1229);
    // Another signature, used two days ago: past any accepted timestamp, so its row may go.
    await exec(sql`INSERT INTO used_signatures (address, sign_content, used_at)
      VALUES ('0xold', 'Login-1', now() - interval '2 days')`);

    await run();
    const after = await call(server.baseUrl, LOGIN, { body: login });
    expect([after.status, after.json.code, after.json.msg]).toEqual([before.status, 1229, before.json.msg]);
    expect(
      await count(sql`SELECT count(*)::text AS n FROM used_signatures WHERE sign_content = ${login.signContent}`),
    ).toBe(1);
    expect(await count(sql`SELECT count(*)::text AS n FROM used_signatures WHERE address = '0xold'`)).toBe(0);
  });

  it('sent e-mails and read notifications past their time go; pending e-mails and unread notices stay', async () => {
    const notice = async (key: string, readAgo: string | null) =>
      rowsOf<{ id: string }>(
        await exec(sql`INSERT INTO notifications (user_id, kind, params, source_key, created_at, read_at)
          VALUES (${uid()}, 'transfer-received', '{}'::jsonb, ${key}, now() - interval '400 days',
            ${readAgo === null ? null : sql`now() - ${readAgo}::interval`})
          RETURNING id::text AS id`),
      )[0]?.id as string;
    const mail = (id: string, status: string, sentAgo: string | null) =>
      exec(sql`INSERT INTO mail_outbox (notification_id, to_address, subject, body, status, sent_at)
        VALUES (${BigInt(id)}, 'a@example.com', 's', 'b', ${status},
          ${sentAgo === null ? null : sql`now() - ${sentAgo}::interval`})`);
    const oldRead = await notice('hk:old-read', '200 days');
    await mail(oldRead, 'sent', '399 days');
    const oldUnread = await notice('hk:old-unread', null);
    await mail(oldUnread, 'sent', '60 days'); // a sent mail of an unread notice: the mail goes, the notice stays
    const pending = await notice('hk:pending', '200 days');
    await mail(pending, 'pending', null); // not sent yet: both stay
    const recent = await notice('hk:recent', '1 day');
    await mail(recent, 'sent', '1 day');

    await run();
    const left = rowsOf<{ source_key: string; mails: string }>(
      await exec(sql`SELECT n.source_key, count(m.id)::text AS mails FROM notifications n
        LEFT JOIN mail_outbox m ON m.notification_id = n.id
        WHERE n.source_key LIKE 'hk:%' GROUP BY n.source_key ORDER BY n.source_key`),
    );
    expect(left).toEqual([
      { source_key: 'hk:old-unread', mails: '0' },
      { source_key: 'hk:pending', mails: '1' },
      { source_key: 'hk:recent', mails: '1' },
    ]);
  });

  it("ended sessions go, but a user's latest of each device and wallet stays; live sessions and codes in use stay", async () => {
    const session = (hash: string, device: string, ended: string | null) =>
      exec(sql`INSERT INTO sessions (token_hash, user_id, created_at, expires_at, device_key, sign_in_wallet)
        VALUES (${hash}, ${uid()}, now() - interval '90 days',
          ${ended === null ? sql`now() + interval '7 days'` : sql`now() - ${ended}::interval`}, ${device}, 'w')`);
    await session('hk-a-old', 'device-a', '80 days');
    await exec(sql`UPDATE sessions SET created_at = created_at - interval '1 day' WHERE token_hash = 'hk-a-old'`);
    await session('hk-a-latest', 'device-a', '60 days'); // the latest of device-a, ended long ago: kept
    await session('hk-b-only', 'device-b', '60 days'); // the only one of device-b: kept
    await session('hk-a-recent-end', 'device-c', '1 day');
    const code = (email: string, expiredAgo: string) =>
      exec(sql`INSERT INTO email_codes (email, code_hash, created_at, expires_at)
        VALUES (${email}, 'x', now() - ${expiredAgo}::interval - interval '10 minutes', now() - ${expiredAgo}::interval)`);
    await code('hk-old@example.com', '2 days');
    await code('hk-recent@example.com', '5 minutes'); // still counted by the hourly limit

    await run();
    const sessions = rowsOf<{ token_hash: string }>(
      await exec(sql`SELECT token_hash FROM sessions WHERE token_hash LIKE 'hk-%' ORDER BY token_hash`),
    ).map((r) => r.token_hash);
    expect(sessions).toEqual(['hk-a-latest', 'hk-a-recent-end', 'hk-b-only']);
    expect(await count(sql`SELECT count(*)::text AS n FROM email_codes WHERE email LIKE 'hk-%'`)).toBe(1);
    // The user's own sign-in session is live: still signed in.
    const me = await call(server.baseUrl, `/v1/ma/account/assets/${user.mid}`, { method: 'GET', token: user.token });
    expect(me.status, me.text).toBe(200);
  });

  it('run again the same day, it deletes nothing more', async () => {
    const outcome = await run();
    expect(outcome).toMatchObject({ status: 'done', items: 0 });
  });
});
