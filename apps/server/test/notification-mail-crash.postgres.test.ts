import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/raw.ts';
import { type DevMailbox, startDevMailbox } from '../src/dev/mailbox.ts';
import { sendLoginCode } from '../src/domain/auth/email-login.ts';
import { smtpMailer } from '../src/domain/mail/mailer.ts';
import { type ChainTestServer, startChainTestServer } from './chain.ts';
import { type MainRun, removeServerBundle, runMain, START_TIMEOUT_MS } from './main-process.ts';
import { call } from './test-server.ts';
import { DEPTH, depositAddressOf, outsideWallet } from './treasury-bsc.ts';
import type { Account } from './users.ts';

const SLOW = { timeout: 4 * START_TIMEOUT_MS };

/**
 * A deposit's notification e-mail when the workers process is killed with SIGKILL between the credit and the
 * e-mail (jobs/test-crash-points.ts): the credit, its inbox item and its e-mail in the outbox committed together, so
 * the restarted process sends it, once. Killed after the SMTP server accepted it and before the send was recorded,
 * the restarted process sends the one second copy the outbox allows. PostgreSQL only: two processes share the
 * database (the test's server plays the API; the workers process credits deposits and sends the e-mails).
 */
describe('notification e-mails survive a SIGKILL of the workers process', () => {
  let server: ChainTestServer;
  let mailbox: DevMailbox;
  let sender: Awaited<ReturnType<typeof outsideWallet>>;
  let databaseUrl: string;
  const running: MainRun[] = [];

  const workers = async (env: Record<string, string> = {}) => {
    const run = await runMain(
      {
        NODE_ENV: 'test',
        ROLES: 'workers',
        DATABASE_URL: databaseUrl,
        BSC_RPC_URL: server.evm.rpcUrl,
        SMTP_URL: mailbox.smtpUrl,
        CHAIN_POLL_MS: '100',
        LOG_LEVEL: 'warn',
        ...env,
      },
      { compiled: true },
    );
    running.push(run);
    if (run.state !== 'running' && !env.TEST_CRASH_AT) throw new Error(`the workers did not start: ${run.stderr()}`);
    return run;
  };
  const count = async (query: ReturnType<typeof sql>) =>
    Number(rowsOf<{ n: string }>(await server.database.db.execute(query))[0]?.n);
  /** Waits, a short pause at a time, until `done` holds; fails after a while naming `what` and the process's words. */
  const until = async (what: string, done: () => Promise<boolean> | boolean) => {
    for (let i = 0; i < 1200; i++) {
      if (await done()) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const said = running.map((run) => `${run.stdout()}${run.stderr()}`.slice(-2000)).join('\n---\n');
    throw new Error(`still waiting for ${what}; the workers said:\n${said}`);
  };
  /** A killed process's leases run out after their time: the test lets them run out now, once it is gone. */
  const letLeasesOfDeadRunOut = async () => {
    await server.database.db.execute(sql`UPDATE worker_leases SET expires_at = now() - interval '1 second'`);
    await server.database.db.execute(
      sql`UPDATE mail_outbox SET lease_until = now() - interval '1 second' WHERE status = 'pending'`,
    );
  };
  const mailsTo = (email: string) => mailbox.messages().filter((m) => m.to.includes(email) && /COW/.test(m.subject));

  /** An e-mail user with an anti-phishing word and a confirmed 7 COW deposit waiting to be credited. */
  const userWithDeposit = async (email: string, word: string) => {
    const mailer = smtpMailer(mailbox.smtpUrl);
    const verifyCodeId = await sendLoginCode(server.repos, mailer, { email, language: 'en' });
    mailer.close();
    const code = mailbox
      .messages()
      .find((m) => m.to.includes(email))
      ?.text.match(/\b(\d{6})\b/)?.[1];
    const login = await call(server.baseUrl, `/v1/sso/login/message/${encodeURIComponent(email)}`, {
      body: { verifyCodeId, verifyCode: code, prodId: 3 },
    });
    const account = { token: login.headers.get('authorization') ?? '', mid: String(login.json.data.mid) } as Account;
    await call(server.baseUrl, '/v1/ma/notice/settings', { token: account.token, body: { antiPhishingWord: word } });
    await sender.send(await depositAddressOf(server, account), 'cow', '7');
    await server.evm.mine(DEPTH);
    return account;
  };
  const crashedAt = async (point: string) => {
    const killed = await workers({ TEST_CRASH_AT: `mail-outbox:${point}` });
    expect(await killed.exit).toEqual({ code: null, signal: 'SIGKILL' });
  };

  beforeAll(async () => {
    mailbox = await startDevMailbox();
    server = await startChainTestServer({ SMTP_URL: mailbox.smtpUrl });
    const [row] = rowsOf<{ name: string }>(await server.database.db.execute(sql`SELECT current_database() AS name`));
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.pathname = `/${row?.name}`;
    databaseUrl = url.toString();
    sender = await outsideWallet(server);
  }, SLOW.timeout);
  afterAll(async () => {
    await Promise.all(running.map((run) => run.stop()));
    await server?.close();
    await mailbox?.close();
    removeServerBundle();
  });

  it('sends the e-mail of a deposit once when killed between the credit and the send', SLOW, async () => {
    const email = 'kim@example.com';
    const kim = await userWithDeposit(email, 'Kiwi2026');
    await crashedAt('afterClaim');
    // Killed with the deposit credited: its inbox item and its e-mail committed with it; nothing was sent.
    expect(await count(sql`SELECT count(*)::text AS n FROM notifications WHERE user_id = ${BigInt(kim.mid)}`)).toBe(1);
    expect(await count(sql`SELECT count(*)::text AS n FROM mail_outbox WHERE status = 'pending'`)).toBe(1);
    expect(mailsTo(email)).toHaveLength(0);

    await letLeasesOfDeadRunOut();
    const restarted = await workers();
    await until(
      'the e-mail',
      async () =>
        (await count(sql`SELECT count(*)::text AS n FROM mail_outbox
      WHERE status = 'pending'`)) === 0,
    );
    await restarted.stop();
    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Your deposit of 7 COW was credited');
    expect(mails[0]?.text).toContain('Your anti-phishing word: Kiwi2026.');
    const inbox = await call(server.baseUrl, '/v1/ma/notice/p/1-10', { method: 'GET', token: kim.token });
    expect(inbox.json.data.total).toBe(1);
  });

  it('sends one second copy, and only one, when killed after the SMTP server accepted it', SLOW, async () => {
    const email = 'lee@example.com';
    await userWithDeposit(email, 'Mango777');
    await crashedAt('afterSend');
    expect(mailsTo(email)).toHaveLength(1);

    await letLeasesOfDeadRunOut();
    const restarted = await workers();
    await until(
      'the second copy',
      async () =>
        (await count(sql`SELECT count(*)::text AS n FROM mail_outbox
      WHERE status = 'pending'`)) === 0,
    );
    await restarted.stop();
    expect(mailsTo(email)).toHaveLength(2);
    expect(mailsTo(email).every((m) => m.text.includes('Mango777'))).toBe(true);
  });
});
